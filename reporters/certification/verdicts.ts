/**
 * Per-clause certification verdicts and the run's verdict, computed from test outcomes. Pure
 * functions, shared by the Playwright reporter, certify, the gate and the bundle.
 *
 * Four run verdicts (principle: never call a slow or unreachable target non-conformant, and never
 * call a rule held that nothing tested):
 * - NOT CONFORMANT: a MUST assertion failed on an answer the target gave;
 * - INCONCLUSIVE: the target could not be reached, stopped answering, the run was interrupted, or a
 *   MUST check could not complete (a property out of budget, a harness error);
 * - CONFORMANT ON WHAT WAS TESTED: nothing failed, but a MUST clause has checks this run did not
 *   test (config, selection) or that another clause's failure stopped, and the config does not
 *   accept those gaps;
 * - CONFORMANT: every MUST clause fully tested and held, or its gaps accepted by the config.
 */
import { clauseIdsIn as idsIn, clauses, type Clause } from '../../fixtures/contract/clauses.ts';
import { checksOf, coverageLine, coverageOf, type CheckContext, type CheckResult } from './checks.ts';
import { firstLine, readTest, type TestOutcome } from './outcomes.ts';
import { rootCauses, withReplays, type RootCause } from '../diagnosis/root-causes.ts';
import { withConfirmations, type SuspectedCause } from '../diagnosis/confirm.ts';
import type { ReplayResult } from '../diagnosis/replay-result.ts';
import { INFO_UNSEEN } from './headline.ts';
import { configErrorCause } from './config-errors.ts';

export { readTest, type TestOutcome, type TestReading } from './outcomes.ts';
export { EXIT_CODE, type CertificationResults, type ClauseResult, type RunVerdict, type SinceLast, type Verdict } from './results.ts';
import type { CertificationResults, ClauseResult, RunVerdict, Verdict } from './results.ts';
export type { AcceptedGap, CheckContext, CheckResult, DeclaredTest } from './checks.ts';

export function clauseVerdicts(tests: TestOutcome[], ctx: CheckContext = {}, catalogue: readonly Clause[] = clauses): ClauseResult[] {
  const readings = new Map(tests.map((t) => [t, readTest(t)]));
  return catalogue.map((c) => {
    const mine = tests.filter((t) => t.clauses.includes(c.id) || t.errors.some((e) => idsIn(e).includes(c.id)));
    const checks = checksOf(c.id, tests, ctx);
    const cov = coverageOf(checks);
    const evidence: string[] = [];
    let warned = false;
    let knownDeviation: string | undefined;
    // A failure charged to the clause fails it, whether or not the test is one of its checks (a
    // race's setup booking refused is PV-3-CREATE).
    const failedBy = mine.filter((t) => {
      const r = readings.get(t)!;
      return r.kind === 'failed' && r.clauses.includes(c.id);
    });
    for (const t of failedBy) {
      // Only a deviation of this clause: a test known to deviate on another may fail this one too.
      if (t.knownDeviation?.startsWith(`${c.id}:`)) knownDeviation = t.knownDeviation;
      const r = readings.get(t)! as { message: string };
      evidence.push(`${t.title}: ${firstLine(t.errors.find((e) => idsIn(e).includes(c.id)) ?? r.message)}`);
    }
    // Each warning and observation once, however many tests (or annotation lists) carry it.
    const note = (line: string) => {
      if (!evidence.includes(line)) evidence.push(line);
    };
    for (const t of mine) {
      for (const w of t.warnings.filter((x) => idsIn(x).includes(c.id))) {
        warned = true;
        if (t.knownDeviation?.startsWith(`${c.id}:`)) knownDeviation = t.knownDeviation;
        note(`warning: ${w}`);
      }
      for (const o of t.observations.filter((x) => idsIn(x).includes(c.id))) note(`observed: ${o}`);
    }
    const incomplete = cov.incomplete.map((x) => ({ test: x.way, cause: x.reason ?? '' }));
    let verdict: Verdict;
    if (failedBy.length > 0) verdict = c.level === 'SHOULD' ? 'warning' : c.level === 'INFO' ? 'observation' : 'fail';
    // Every check had nothing to check (the config declares no old interface): no evidence either way, and no gap.
    else if (cov.total > 0 && checks.every((x) => x.status === 'not-applicable')) verdict = 'not-applicable';
    // An INFO clause records what it saw: any observation of it (a 429 a gateway answered) is its verdict.
    else if (c.level === 'INFO') verdict = cov.held > 0 || evidence.some((e) => e.startsWith('observed:')) ? 'observation' : incomplete.length > 0 || cov.stopped.length > 0 ? 'not-run' : 'not-tested';
    else if (cov.total > 0 && cov.held === cov.total && cov.dedicatedHeld > 0) verdict = warned ? 'warning' : 'pass';
    else if (cov.held > 0) verdict = 'partial';
    else verdict = incomplete.length > 0 || cov.stopped.length > 0 ? 'not-run' : 'not-tested';
    const result: ClauseResult = {
      id: c.id,
      source: c.source,
      level: c.level,
      area: c.area,
      summary: c.summary,
      verdict,
      // An INFO clause without checks records what the target shows: nothing shown is no missing check.
      coverage: c.level === 'INFO' && checks.length === 0 && verdict !== 'observation' ? `nothing recorded: ${INFO_UNSEEN}` : coverageLine(checks),
      checks,
      tests: mine.map((t) => ({ title: t.title, file: t.file, status: t.status })),
      evidence,
    };
    if (knownDeviation) result.knownDeviation = knownDeviation;
    if (incomplete.length > 0 && verdict !== 'fail') result.incomplete = incomplete;
    return result;
  });
}

/** MUST clauses that failed, known deviations excepted: each one makes the run not conformant. */
export function mustFailed(results: readonly ClauseResult[]): ClauseResult[] {
  return results.filter((r) => r.level === 'MUST' && r.verdict === 'fail' && !r.knownDeviation);
}

/** MUST clauses not fully tested and held (partial, not tested, not run), failures aside. */
export function mustNotRun(results: readonly ClauseResult[]): ClauseResult[] {
  return results.filter((r) => r.level === 'MUST' && (r.verdict === 'not-run' || r.verdict === 'not-tested' || r.verdict === 'partial'));
}

/** The gaps of a clause the config does not accept: its checks that neither held nor failed, unaccepted. */
export function unacceptedGaps(r: ClauseResult): CheckResult[] {
  return r.checks.filter((c) => c.status !== 'held' && c.status !== 'not-applicable' && c.status !== 'failed' && !c.accepted);
}

/** MUST clauses whose check could not complete: each one makes the run inconclusive. */
export function mustIncomplete(results: readonly ClauseResult[]): ClauseResult[] {
  return results.filter((r) => r.level === 'MUST' && r.verdict !== 'fail' && r.incomplete);
}

export function totals(results: ClauseResult[], tests: TestOutcome[]): CertificationResults['totals'] {
  const must = (v: Verdict) => results.filter((r) => r.level === 'MUST' && r.verdict === v).length;
  const t = {
    pass: 0, fail: 0, warning: 0, observation: 0, partial: 0, 'not-tested': 0, 'not-run': 0, 'not-applicable': 0,
    tests: tests.length,
    testsFailed: tests.filter((x) => !x.ok && x.status !== 'skipped').length,
    mustFailed: mustFailed(results).length,
    mustNotRun: must('not-run'),
    mustIncomplete: mustIncomplete(results).length,
    mustPartial: must('partial'),
    mustNotTested: must('not-tested'),
  };
  for (const r of results) t[r.verdict] += 1;
  return t;
}

export interface RunConditions {
  /** The run stopped before its end (signal, Playwright's global timeout). */
  interrupted?: string;
  /** Causes found outside the tests: preflight, target lost. */
  causes?: string[];
}

/**
 * The run's verdict: a MUST failure outranks everything; anything that kept a MUST check from
 * completing makes it inconclusive; a MUST clause with a gap the config does not accept makes it
 * "conformant on what was tested", never CONFORMANT.
 */
export function runVerdict(results: readonly ClauseResult[], tests: readonly TestOutcome[], conditions: RunConditions = {}): { verdict: RunVerdict; causes: string[] } {
  const causes = [...(conditions.causes ?? [])];
  if (conditions.interrupted) causes.push(`interrupted: ${conditions.interrupted}`);
  for (const t of tests) {
    // A config the target contradicts is no verdict on the target: the run cannot be CONFORMANT on it.
    for (const line of t.configErrors ?? []) if (!causes.includes(configErrorCause(line))) causes.push(configErrorCause(line));
    const r = readTest(t);
    if (r.kind === 'stale-deviation') causes.push(`${t.title}: ${r.cause}`);
    if (r.kind === 'harness-error' && t.clauses.length === 0) causes.push(`${t.title}: ${r.cause}`);
  }
  // One line per distinct cause, naming the MUST clauses it kept from being checked.
  const byCause = new Map<string, string[]>();
  for (const c of mustIncomplete(results)) {
    for (const cause of new Set(c.incomplete!.map((x) => x.cause))) byCause.set(cause, [...(byCause.get(cause) ?? []), c.id]);
  }
  for (const [cause, ids] of byCause) {
    if (causes.includes(cause)) continue;
    causes.push(`${ids.length} MUST clause(s) could not be checked (${few(ids)}): ${cause}`);
  }
  // A config the target contradicts is the partner's to fix first, whatever else the run saw.
  if (tests.some((t) => (t.configErrors ?? []).length > 0)) return { verdict: 'CONFIG ERROR', causes };
  if (conditions.interrupted) return { verdict: 'INCONCLUSIVE', causes };
  if (mustFailed(results).length > 0) return { verdict: 'NOT CONFORMANT', causes };
  if (causes.length > 0) return { verdict: 'INCONCLUSIVE', causes };
  const gaps = mustNotRun(results).filter((r) => unacceptedGaps(r).length > 0);
  return { verdict: gaps.length > 0 ? 'CONFORMANT ON WHAT WAS TESTED' : 'CONFORMANT', causes };
}

function few(ids: string[], max = 6): string {
  return ids.length > max ? `${ids.slice(0, max).join(', ')} and ${ids.length - max} more` : ids.join(', ');
}

/**
 * The results of a run from its test outcomes: root causes, clause verdicts, totals and the run's
 * verdict. `replays`: how failed tests fared alone (the diagnosis's isolation replays), by title;
 * `diagnosed`: the root causes the diagnosis's experiments confirmed and those they left suspected.
 */
export function resultsOf(run: CertificationResults['run'], outcomes: TestOutcome[], conditions: RunConditions = {}, ctx: CheckContext = {}, replays: ReadonlyMap<string, ReplayResult> = new Map(), diagnosed?: { confirmed: RootCause[]; suspected: SuspectedCause[] }): CertificationResults {
  const replayed = withReplays(outcomes, replays);
  const tests = diagnosed ? withConfirmations(replayed, diagnosed.confirmed) : replayed;
  const clauseResults = clauseVerdicts(tests, ctx);
  const t = totals(clauseResults, tests);
  const { verdict, causes } = runVerdict(clauseResults, tests, conditions);
  return {
    schemaVersion: 4,
    run,
    verdict,
    rootCauses: diagnosed?.confirmed ?? rootCauses(outcomes, replays),
    ...(diagnosed && diagnosed.suspected.length > 0 ? { suspectedCauses: diagnosed.suspected } : {}),
    causes,
    totals: t,
    conformant: verdict === 'CONFORMANT',
    complete: mustNotRun(clauseResults).length === 0,
    acceptedGaps: acceptedIn(clauseResults),
    clauses: clauseResults,
    tests,
  };
}

function acceptedIn(results: readonly ClauseResult[]): CertificationResults['acceptedGaps'] {
  return results
    .filter((r) => r.level === 'MUST' && r.checks.some((c) => c.accepted))
    .map((r) => ({ clause: r.id, reasons: [...new Set(r.checks.flatMap((c) => (c.accepted ? [c.accepted] : [])))] }));
}

/**
 * Results for a run that produced no test outcomes (preflight failed, or still running / killed):
 * `clauseResults` are what it would have checked, every check not tested (plan.ts, untestedPlan).
 */
export function emptyResults(run: CertificationResults['run'], verdict: RunVerdict, causes: string[], clauseResults: ClauseResult[]): CertificationResults {
  const t = totals(clauseResults, []);
  return { schemaVersion: 4, run, verdict, rootCauses: [], causes, totals: t, conformant: verdict === 'CONFORMANT', complete: false, acceptedGaps: [], clauses: clauseResults, tests: [] };
}
