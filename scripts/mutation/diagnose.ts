/**
 * The mutation run's diagnosis, as a certification makes it: for each fault whose failures name a
 * candidate root cause an experiment can test, a reference API with that fault alone runs the
 * experiments, so the score counts confirmed root causes, not inferred ones. A few faults at once,
 * each against its own reference.
 */
import type { ExperimentRun } from '../../fixtures/judgement/index.ts';
import { experimentFor, runExperiments } from '../../fixtures/judgement/index.ts';
import { rootCauses } from '../../fixtures/judgement/index.ts';
import { startWorkerReference } from '../../fixtures/environments/worker-reference.ts';
import type { MutationPlan } from './plan.ts';
import { outcomeFrom } from './results.ts';
import type { TestRecord } from './shapes.ts';

/** Each fault's experiments may take this long (a stale read shows for seconds). */
const BUDGET_MS = 20_000;
const AT_ONCE = 4;

export async function diagnoseFaults(
  plan: Pick<MutationPlan, 'targets'>,
  records: readonly TestRecord[],
): Promise<Map<string, ExperimentRun>> {
  const jobs = plan.targets
    .filter((t) => t.kind === 'fault')
    .map((t) => ({
      t,
      clauses: rootCauses(records.filter((r) => r.project === t.project).map(outcomeFrom))
        .map((c) => c.clause)
        .filter((c) => experimentFor(c)),
    }))
    .filter((j) => j.clauses.length > 0);
  const out = new Map<string, ExperimentRun>();
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      const ref = await startWorkerReference(job.t.override);
      try {
        out.set(job.t.name, await runExperiments(job.clauses, ref.environment, BUDGET_MS));
      } finally {
        await ref.close();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, jobs.length) }, worker));
  return out;
}
