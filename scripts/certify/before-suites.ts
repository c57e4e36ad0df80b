/**
 * How a certification ends before its suites: a failed preflight (its short report in
 * certification-attempt/, every clause "not tested" with why, the config's contradictions first), or
 * a stop signal (Ctrl-C, SIGTERM) while the target was opened or the preflight ran: one line saying
 * what was interrupted, INCONCLUSIVE, exit 3.
 */
import { rmSync } from 'node:fs';
import type { PreflightResult } from '../../fixtures/harness/preflight/preflight.ts';
import type { RunContext } from '../../fixtures/harness/run/run-context.ts';
import { takeHeldSignal } from '../../fixtures/harness/run/early-signals.ts';
import { onStopSignals, type StopSignal } from '../../fixtures/harness/run/stop-signals.ts';
import {
  configErrorCause,
  historyFile,
  lastCompleteRun,
  untestedPlan,
  type CertificationResults,
} from '../../fixtures/judgement/index.ts';
import { writeCertification } from '../../reporters/certification/files.ts';
import { addVerdictToJUnit } from '../../reporters/certification/verdict-entries.ts';
import { lastComplete } from './attempt.ts';
import { withPreflightFault } from './preflight-fault.ts';
import { provisional } from './provisional.ts';

export interface AttemptFiles {
  context: RunContext;
  universe: Promise<Parameters<typeof untestedPlan>[0]>;
  reportDir: string;
  attemptDir: string;
  certDir: string;
  junit: string;
  environment: string;
  env: NodeJS.ProcessEnv;
}

/** A preflight failure in one line for each clause it left untested: its step and detail, not the advice after them. */
function preflightCause(failure: string): string {
  return failure.replace(/^preflight: /, '').replace(/\. Check .*$/s, '');
}

/** Writes the failed preflight's report, JUnit included, and says its verdict; returns the results. */
export async function failedPreflight(a: AttemptFiles & { check: PreflightResult }): Promise<CertificationResults> {
  const { check } = a;
  const config = check.configErrors ?? [];
  const disagree =
    `the config and the target disagree: ${config.length} ` + `contradiction${config.length === 1 ? '' : 's'}`;
  const why = `the preflight failed (${config.length > 0 ? disagree : preflightCause(check.failure!)})`;
  // Every clause the run would have checked, however long the listing takes (cached after the first: listing.ts).
  const made = provisional(
    a.context,
    config.length > 0 ? 'CONFIG ERROR' : 'INCONCLUSIVE',
    config.length > 0
      ? `config error: the config and the target disagree (${config.length}); no check ran`
      : check.failure!,
    untestedPlan(await a.universe, why),
  );
  const results = check.targetFault && config.length === 0 ? withPreflightFault(made, check.targetFault) : made;
  results.causes.push(...config.map(configErrorCause));
  writeAttempt(a, results);
  for (const line of config) console.log(`certify: config error: ${line}`);
  const said =
    config.length > 0
      ? 'verdict CONFIG ERROR: the config and the target disagree: fix the config and run again'
      : results.verdict === 'NOT CONFORMANT'
        ? `verdict NOT CONFORMANT: root cause ${results.rootCauses[0]!.clause}, shown by the preflight's own ` +
          `requests; no other check could run`
        : 'verdict INCONCLUSIVE: the target could not be used, no check ran';
  console.log(`certify: ${said}; this run's report in ${a.attemptDir}/${lastComplete(a.certDir)}`);
  return results;
}

/** The report of a run stopped before its suites: INCONCLUSIVE, every clause not tested, and one line. */
export async function stoppedBeforeSuites(
  a: AttemptFiles,
  signal: StopSignal,
  phase: string,
): Promise<CertificationResults> {
  const cause = `interrupted: certify received ${signal} ${phase}; no check ran`;
  const results = provisional(
    a.context,
    'INCONCLUSIVE',
    cause,
    untestedPlan(await a.universe, `the run was stopped ${phase}`),
  );
  writeAttempt(a, results);
  console.log(
    `certify: ${cause}, nothing was booked: verdict INCONCLUSIVE; ` +
      `this run's report in ${a.attemptDir}/${lastComplete(a.certDir)}`,
  );
  return results;
}

/** JUnit shows this run (a CI server lists it); the last complete certification and its Allure results stay. */
function writeAttempt(a: AttemptFiles, results: CertificationResults): void {
  const last = lastCompleteRun(historyFile({ ...a.env, PVH_REPORT_DIR: a.reportDir }), a.environment);
  if (last) results.lastRun = last;
  writeCertification(a.attemptDir, results);
  rmSync(a.junit, { force: true });
  addVerdictToJUnit(a.junit, results);
}

/** Stop signals before the suites (which hear their own): the first one, and a race that ends on it. */
export class EarlyStop {
  signal: StopSignal | undefined;
  private readonly off: () => void;
  private done: (s: StopSignal) => void = () => {};
  private readonly heard = new Promise<StopSignal>((resolve) => (this.done = resolve));

  constructor() {
    this.off = onStopSignals((s) => {
      this.signal ??= s;
      this.done(s);
    });
    // One that came while the code loaded (scripts/certify.ts held it).
    const held = takeHeldSignal();
    if (held) {
      this.signal = held;
      this.done(held);
    }
  }

  /** `work`'s value, or undefined when a stop signal came first (the work itself goes on to its end). */
  race<T>(work: Promise<T>): Promise<T | undefined> {
    return Promise.race([work, this.heard.then(() => undefined)]);
  }

  end(): void {
    this.off();
  }
}
