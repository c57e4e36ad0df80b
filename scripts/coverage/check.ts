/**
 * `npm run coverage:clauses`: the clause table, then the coverage matrix for one environment's
 * config. 0 when every MUST clause has a test and every cell the config could serve is taken, 1 when not.
 */
import { clauseCoverage, renderCoverage } from './clause-coverage.ts';
import { environmentView } from '../../fixtures/environments/view.ts';
import { listConformanceTests } from './listing.ts';
import { matrixCoverage, renderMatrix } from './matrix.ts';
import { describePlan, planOf } from '../../fixtures/judgement/index.ts';

export async function checkCoverage(envName: string, json: boolean): Promise<number> {
  // The config first: a bad --env is reported before the suites are listed.
  const env = await environmentView(envName);
  const tests = listConformanceTests();
  const result = clauseCoverage(tests);
  const matrix = matrixCoverage(tests, env);
  // What this config can certify: each MUST clause fully, partly (with the ways it cannot test and why) or not at all.
  const plan = planOf(tests, env, env.acceptedGaps);
  const planView = plan.map((c) => ({
    id: c.id,
    level: c.level,
    testable: c.verdict === 'pass' ? 'fully' : c.verdict === 'partial' ? 'partly' : 'not at all',
    coverage: c.coverage,
  }));
  console.log(
    json
      ? JSON.stringify({ ...result, matrix, plan: planView }, null, 2)
      : `${renderCoverage(result)}\n\n${renderMatrix(matrix)}\n\n${describePlan(plan, env.name).join('\n')}`,
  );
  return result.mustUncovered.length > 0 || matrix.holes > 0 ? 1 : 0;
}
