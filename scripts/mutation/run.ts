/**
 * `npm run mutation`: proves the harness both ways. Runs the conformance suites against the
 * reference API once per fault (every fault must be killed by some check) and once per conformant
 * variant (every variant must pass), in ONE Playwright run with a project per fault/variant, writes
 * $PVH_REPORT_DIR/mutation/{summary.json,summary.md}. The last line is the score; the exit code is
 * non-zero on a survivor, a false alarm, or a check that kills nothing without an explanation.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ClauseId } from '../../fixtures/contract/clauses.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { newRunId } from '../../fixtures/harness/run/run-id.ts';
import { PLAN_ENV } from './plan-file.ts';
import {
  allTargets,
  defaultRotation,
  reducedTargets,
  SELECTIVE_SUITES,
  selectTargets,
  type MutationPlan,
  type ReducedChoice,
} from './plan.ts';
import { listConformanceTests } from '../coverage/listing.ts';
import { environmentView } from '../../fixtures/environments/view.ts';
import { REDUCTIONS, reduced } from '../../fixtures/environments/reduced.ts';
import type { DeclaredTest } from '../../fixtures/harness/run/run-context.ts';
import { renderSummaryMarkdown } from './render.ts';
import { diagnoseFaults } from './diagnose.ts';
import { summarise } from './results.ts';
import { diagnosisLine, exitCodeFor, reducedLine, scoreLine } from './score.ts';
import type { TestRecord } from './shapes.ts';
import { shownPath } from '../../fixtures/harness/support/shown-path.ts';

const ROOT = PROJECT_ROOT;
const PLAYWRIGHT = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const CONFIG = path.join(ROOT, 'scripts', 'mutation', 'playwright.mutation.config.ts');

export interface MutationOptions {
  /** Faults or variants to run (all when undefined). */
  only?: string[];
  workers?: number;
  /** Which fault × reduced-config pairs to run (default: today's rotation). */
  reduced?: ReducedChoice;
}

/** The clauses each spec file of the selective suites covers, from the listing of the whole suite. */
function selectiveClauses(universe: readonly DeclaredTest[]): Record<string, ClauseId[]> {
  const out: Record<string, Set<ClauseId>> = {};
  for (const t of universe.filter((x) => SELECTIVE_SUITES.some((dir) => x.file.startsWith(dir)))) {
    out[t.file] ??= new Set();
    for (const id of t.clauses) out[t.file]!.add(id as ClauseId);
  }
  return Object.fromEntries(Object.entries(out).map(([f, ids]) => [f, [...ids].sort()]));
}

/** What the local config serves under each reduction (no secret is read: the demo users' secrets all need encoding). */
async function servingByReduction(): Promise<MutationPlan['serving']> {
  const view = await environmentView('local');
  return Object.fromEntries(REDUCTIONS.map((r) => [r, reduced(view, r)]));
}

async function runPlaywright(planFile: string, plan: MutationPlan, workers: number | undefined): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, [PLAN_ENV]: planFile, PVH_RUN_ID: plan.runId };
  if (workers !== undefined) env.PVH_MUTATION_WORKERS = String(workers);
  const child = spawn(process.execPath, [PLAYWRIGHT, 'test', '--config', CONFIG], { cwd: ROOT, env, stdio: 'inherit' });
  // A stop of the command stops Playwright too (killed alone, the command left it running).
  const stops = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const s of stops) process.on(s, forward);
  // Playwright exits non-zero whenever a test failed, which is the point for faults: not an error here.
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve());
  }).finally(() => {
    for (const s of stops) process.off(s, forward);
  });
}

/** The faults and variants `--only` names (all without it), each fault also under its reduced configs; an unknown name
 * is a usage error. */
function chosenTargets(
  selective: Record<string, ClauseId[]>,
  only: string[] | undefined,
  reducedChoice: ReducedChoice,
): MutationPlan['targets'] {
  try {
    const chosen = selectTargets(allTargets(selective), only);
    return [...chosen, ...reducedTargets(chosen, reducedChoice)];
  } catch (error) {
    throw new CommandError((error as Error).message);
  }
}

function describeChoice(choice: ReducedChoice): string {
  if (choice === 'all') return 'every fault under every reduced config';
  if (choice === 'none') return 'none (--reduced none)';
  return (
    `rotation ${choice.rotation} of ${REDUCTIONS.length}: fault i under reduction (i + ${choice.rotation}) ` +
    `mod ${REDUCTIONS.length} ` +
    `of ${REDUCTIONS.join(', ')}`
  );
}

/** Runs the plan, writes the summary, prints the score line last; returns the exit code. */
export async function runMutation(values: MutationOptions): Promise<number> {
  const started = Date.now();
  const reportDir = path.resolve(process.env.PVH_REPORT_DIR ?? 'reports', 'mutation');
  const universe = listConformanceTests();
  const selective = selectiveClauses(universe);
  const reducedChoice = values.reduced ?? { rotation: defaultRotation() };
  const targets = chosenTargets(selective, values.only, reducedChoice);
  const plan: MutationPlan = {
    runId: process.env.PVH_RUN_ID ?? newRunId(),
    reportDir,
    selective,
    targets,
    universe,
    serving: await servingByReduction(),
    reducedPairs: describeChoice(reducedChoice),
  };

  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const planFile = path.join(reportDir, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan, null, 2));
  await runPlaywright(planFile, plan, values.workers);

  const recordsFile = path.join(reportDir, 'playwright', 'records.json');
  if (!existsSync(recordsFile))
    throw new CommandError(`Playwright wrote no results (${recordsFile}); see its output above`);
  const records = JSON.parse(readFileSync(recordsFile, 'utf8')) as TestRecord[];
  const t0 = Date.now();
  const experiments = await diagnoseFaults(plan, records);
  console.log(
    `mutation: diagnosis experiments against ${experiments.size} fault${experiments.size === 1 ? '' : 's'} ` +
      `alone, ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  const summary = summarise(plan, records, values.only === undefined, Date.now() - started, experiments);
  const line = scoreLine(summary);
  writeFileSync(path.join(reportDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(path.join(reportDir, 'summary.md'), renderSummaryMarkdown(summary, line));

  const rel = shownPath(reportDir);
  if (summary.faults.survivors.length) console.log(`survivors: ${summary.faults.survivors.join(', ')}`);
  if (summary.variants.falseAlarms.length) console.log(`false alarms: ${summary.variants.falseAlarms.join(', ')}`);
  if (summary.reduced.passed.length)
    console.log(`reduced configs where a fault's clause was PASS: ${summary.reduced.passed.join(', ')}`);
  for (const u of summary.unkilledChecks)
    console.log(`unkilled check${u.reason ? '' : ' (UNEXPLAINED)'}: ${u.file}: ${u.test}`);
  console.log(`mutation: ${(summary.durationMs / 1000).toFixed(0)} s; summary: ${rel}/summary.md, ${rel}/summary.json`);
  for (const m of summary.diagnosis.missed)
    console.log(`diagnosis missed ${m.fault} (${m.clause}): root causes named: ${m.rootCauses.join(', ') || 'none'}`);
  if (summary.reduced.total > 0) console.log(reducedLine(summary));
  console.log(diagnosisLine(summary));
  console.log(line);
  return exitCodeFor(summary);
}
