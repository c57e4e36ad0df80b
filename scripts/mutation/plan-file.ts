/** Hands the plan from scripts/mutation.ts to the generated Playwright config and the reporter. */
import { readFileSync } from 'node:fs';
import type { MutationPlan } from './plan.ts';

export const PLAN_ENV = 'PVH_MUTATION_PLAN';

export function readPlan(env: NodeJS.ProcessEnv = process.env): MutationPlan {
  const file = env[PLAN_ENV];
  if (!file) throw new Error(`${PLAN_ENV} is not set: run the mutation config through npm run mutation`);
  return JSON.parse(readFileSync(file, 'utf8')) as MutationPlan;
}
