/**
 * certify's diagnosis of a failing run, after the suites and before the target closes: each failure
 * no after-test reading explained runs again alone (a failure that passes alone is a candidate of its
 * own, PV-3-ISOLATED), then each candidate root cause is tested alone by an experiment of its kind.
 * The certification is then written again with what they showed (reporters/certification/write-run.ts).
 */
import path from 'node:path';
import type { ResolvedEnvironment } from '../../fixtures/environments/load.ts';
import { redact } from '../../fixtures/harness/http/redact.ts';
import {
  experimentBudgetMs,
  experimentFor,
  planReplays,
  replayAlone,
  rootCauses,
  runExperiments,
  type CertificationResults,
  type ExperimentRun,
  type ReplayResult,
} from '../../fixtures/judgement/index.ts';
import { readRunInput } from '../../reporters/certification/run-input.ts';
import { writeRun } from '../../reporters/certification/write-run.ts';

export interface DiagnosisRun {
  reportDir: string;
  runId: string;
  environment: ResolvedEnvironment;
  env: NodeJS.ProcessEnv;
}

/** Diagnoses the run when it failed on answers of the target; the certification as it then stands, or undefined when
 * there was nothing to diagnose. */
export async function diagnoseRun(
  d: DiagnosisRun,
  log: (line: string) => void = console.log,
): Promise<CertificationResults | undefined> {
  const input = readRunInput(d.reportDir, d.runId);
  if (!input || input.conditions.interrupted || (input.conditions.causes?.length ?? 0) > 0) return undefined;
  const tests = input.tests;
  if (!tests.some((t) => !t.ok && t.status !== 'skipped')) return undefined;
  const wallMs = input.run.durationMs;
  // Replays first: a failure that passed alone is a candidate of its own (PV-3-ISOLATED), which an
  // experiment of state may explain (a view kept per identifier reads the same way).
  const plan = planReplays(tests, wallMs);
  const n = plan.chosen.length;
  if (plan.note) log(`diagnosis: ${plan.note}`);
  else if (n > 0) {
    const ofAll = plan.skipped.length ? ` of ${n + plan.skipped.length}` : '';
    log(
      `diagnosis: replaying failed tests alone (${n} root clause${n === 1 ? '' : 's'}${ofAll}, ` +
        `within ${(plan.budgetMs / 1000).toFixed(1)} s)`,
    );
  }
  const replays = await replayAlone(plan, path.join(d.reportDir, 'diagnosis'), d.env);
  const replayed = new Map<string, ReplayResult>(replays.results.map((r) => [r.title, r]));
  const experiments = await experiment(tests, replayed, wallMs, d.environment, log);
  return writeRun(path.join(d.reportDir, 'certification'), input, { replays, ...(experiments ? { experiments } : {}) });
}

/** diagnoseRun, whose failure is the harness's: one line says so, and the suites' certification stands. */
export async function diagnoseRunSaying(d: DiagnosisRun): Promise<CertificationResults | undefined> {
  try {
    return await diagnoseRun(d);
  } catch (error) {
    const why = redact((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '');
    console.error(
      `certify: the diagnosis could not run (${why}); the certification is the one the suites wrote, without ` +
        'replays or experiments',
    );
    return undefined;
  }
}

/** The experiments of the run's candidate root causes, alone against the target, within the diagnosis's time. */
async function experiment(
  tests: Parameters<typeof rootCauses>[0],
  replayed: ReadonlyMap<string, ReplayResult>,
  wallMs: number,
  env: ResolvedEnvironment,
  log: (line: string) => void,
): Promise<ExperimentRun | undefined> {
  const clauses = rootCauses(tests, replayed)
    .map((c) => c.clause)
    .filter((c) => experimentFor(c));
  if (clauses.length === 0) return { records: [], budgetMs: 0, spentMs: 0, exchanges: [], leftBooked: [] };
  const budget = experimentBudgetMs(wallMs);
  log(
    `diagnosis: testing ${clauses.length} candidate root cause${clauses.length === 1 ? '' : 's'} alone ` +
      `(${clauses.join(', ')}), within ${(budget.ms / 1000).toFixed(1)} s (${budget.why})`,
  );
  try {
    return await runExperiments(clauses, env, budget.ms);
  } catch (error) {
    log(`diagnosis: the experiments could not start: ${redact((error as Error).message)}`);
    return undefined;
  }
}
