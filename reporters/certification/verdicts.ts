/**
 * Per-clause certification verdicts and the run's verdict, computed from test outcomes. Pure
 * functions, shared by the Playwright reporter, certify, the gate and the bundle.
 *
 * Three run verdicts (principle: never call a slow or unreachable target non-conformant):
 * - NOT CONFORMANT: a MUST assertion failed on an answer the target gave;
 * - INCONCLUSIVE: the target could not be reached, stopped answering, the run was interrupted, or a
 *   MUST check could not complete (a property out of budget, a harness error, a failed setup step);
 * - CONFORMANT: every MUST clause that ran held (complete when every MUST clause ran).
 */
import { stripAnsi } from '../../fixtures/harness/ansi.ts';
import { chargedClauseIds, clauseIdsIn as idsIn, clauses, type Clause, type ClauseLevel } from '../../fixtures/contract/clauses.ts';

export type Verdict = 'pass' | 'fail' | 'warning' | 'observation' | 'not-run';
export type RunVerdict = 'CONFORMANT' | 'NOT CONFORMANT' | 'INCONCLUSIVE';

/** Exit codes of certify: 2 stays the usage/config error. */
export const EXIT_CODE: Record<RunVerdict, number> = { CONFORMANT: 0, 'NOT CONFORMANT': 1, INCONCLUSIVE: 3 };

export interface TestOutcome {
  id: string;
  title: string;
  file: string;
  clauses: string[];
  /** Playwright's status after expectations: passed, failed, timedOut, skipped, interrupted. */
  status: string;
  /** True when the outcome matched what was expected (a known deviation that failed counts as ok). */
  ok: boolean;
  knownDeviation?: string;
  warnings: string[];
  observations: string[];
  errors: string[];
  skippedReason?: string;
  /** Skipped only because the environment does not allow writes (production is read-only). */
  skippedForWrites?: boolean;
  /** Why the test could not complete (target lost, property out of budget…): its clauses did not run. */
  inconclusive?: string;
  /** Its evidence files, when it did not pass (relative to the certification report). */
  evidenceFiles?: string[];
  durationMs: number;
}

/** How one test bears on the clauses it covers. */
export type TestReading =
  | { kind: 'passed' }
  | { kind: 'skipped' }
  /** A MUST/SHOULD assertion named these clauses and failed on the target's answer. */
  | { kind: 'failed'; clauses: string[]; message: string }
  /** The check could not complete; nothing was learned about the target. */
  | { kind: 'incomplete'; cause: string }
  /** A failure that names no clause: a defect of the harness, not of the target. */
  | { kind: 'harness-error'; cause: string }
  /** A known deviation that no longer happens: the expectations file is out of date. */
  | { kind: 'stale-deviation'; cause: string };

const TRANSPORT = /target unreachable or timed out/;

export function readTest(t: TestOutcome): TestReading {
  if (t.inconclusive) return { kind: 'incomplete', cause: t.inconclusive };
  if (t.status === 'skipped') return { kind: 'skipped' };
  if (t.status === 'passed') {
    if (t.knownDeviation && !t.ok) return { kind: 'stale-deviation', cause: `known deviation no longer happens (${t.knownDeviation}): remove it from the expectations file` };
    return { kind: 'passed' };
  }
  const named = chargedClauseIds(t.errors);
  if (named.length > 0) return { kind: 'failed', clauses: named, message: firstLine(t.errors.find((e) => idsIn(e).some((id) => named.includes(id))) ?? '') };
  if (t.status === 'interrupted') return { kind: 'incomplete', cause: 'the run was interrupted before this test finished' };
  if (t.status === 'timedOut') return { kind: 'incomplete', cause: `the test did not finish within its time limit (${Math.round(t.durationMs / 1000)} s): the target is slow or stopped answering` };
  const transport = t.errors.find((e) => TRANSPORT.test(e));
  if (transport) return { kind: 'incomplete', cause: firstLine(transport.slice(transport.search(TRANSPORT))) };
  return { kind: 'harness-error', cause: `harness error: ${firstLine(t.errors[0] ?? t.status)}` };
}

export interface ClauseResult {
  id: string;
  source: string;
  level: ClauseLevel;
  area: string;
  summary: string;
  verdict: Verdict;
  knownDeviation?: string;
  /** Not run only because writes are off: every test of the clause was skipped for that reason. */
  skippedForWrites?: boolean;
  /** Set when a check of this clause could not complete: which test, and why (the clause is then not-run). */
  incomplete?: Array<{ test: string; cause: string }>;
  /** Evidence files of the tests that failed on this clause (relative to the certification report). */
  evidenceFiles?: string[];
  tests: Array<{ title: string; file: string; status: string }>;
  evidence: string[];
}

/** What changed since the previous run of the same environment (history.ts keeps the runs). */
export interface SinceLast {
  runId: string;
  finishedAt: string;
  verdict: CertificationResults['verdict'];
  /** Clauses worse than before (pass to warning or fail, warning to fail). */
  regressed: string[];
  /** Clauses better than before. */
  recovered: string[];
  /** Clauses that did not run before and ran now. */
  appeared: string[];
}

export interface CertificationResults {
  schemaVersion: 2;
  run: {
    id: string;
    /** The environment config's name (never the path it was loaded from). */
    environment: string;
    baseUrl: string;
    authUrl: string;
    legacyBaseUrl?: string;
    startedAt: string;
    durationMs: number;
    harnessVersion: string;
    node: string;
    commit?: string;
    /** Round-trip time the preflight measured, ms. */
    rttMs?: number;
  };
  verdict: RunVerdict;
  /** Why the verdict is INCONCLUSIVE (or what else kept the run from being trustworthy). */
  causes: string[];
  totals: Record<Verdict, number> & { tests: number; testsFailed: number; mustFailed: number; mustNotRun: number; mustIncomplete: number };
  /** verdict === 'CONFORMANT' (kept for readers of schema 1). */
  conformant: boolean;
  complete: boolean;
  clauses: ClauseResult[];
  tests: TestOutcome[];
  /** What changed since the previous run against this environment (history.ts). */
  sinceLast?: SinceLast;
}

export function clauseVerdicts(tests: TestOutcome[], catalogue: readonly Clause[] = clauses): ClauseResult[] {
  const readings = new Map(tests.map((t) => [t, readTest(t)]));
  return catalogue.map((c) => {
    const mine = tests.filter((t) => t.clauses.includes(c.id) || t.errors.some((e) => idsIn(e).includes(c.id)));
    const evidence: string[] = [];
    const incomplete: Array<{ test: string; cause: string }> = [];
    let failed = false;
    let ran = false;
    let warned = false;
    let knownDeviation: string | undefined;
    for (const t of mine) {
      const r = readings.get(t)!;
      switch (r.kind) {
        case 'skipped':
          continue;
        case 'failed':
          if (r.clauses.includes(c.id)) {
            failed = true;
            if (t.knownDeviation) knownDeviation = t.knownDeviation;
            evidence.push(`${t.title}: ${firstLine(t.errors.find((e) => idsIn(e).includes(c.id)) ?? r.message)}`);
          } else {
            // Failure attribution: the test broke on another clause before checking this one.
            incomplete.push({ test: t.title, cause: `setup failed: ${r.message}` });
          }
          break;
        case 'incomplete':
        case 'harness-error':
          incomplete.push({ test: t.title, cause: r.cause });
          break;
        case 'passed':
        case 'stale-deviation':
          ran = true;
          break;
      }
      for (const w of t.warnings.filter((x) => idsIn(x).includes(c.id))) {
        warned = true;
        evidence.push(`warning: ${w}`);
      }
      for (const o of t.observations.filter((x) => idsIn(x).includes(c.id))) evidence.push(`observed: ${o}`);
    }
    let verdict: Verdict;
    if (failed) verdict = c.level === 'SHOULD' ? 'warning' : c.level === 'INFO' ? 'observation' : 'fail';
    else if (incomplete.length > 0) verdict = 'not-run';
    else if (ran) verdict = c.level === 'INFO' ? 'observation' : warned ? 'warning' : 'pass';
    else verdict = 'not-run';
    const result: ClauseResult = {
      id: c.id,
      source: c.source,
      level: c.level,
      area: c.area,
      summary: c.summary,
      verdict,
      tests: mine.map((t) => ({ title: t.title, file: t.file, status: t.status })),
      evidence,
    };
    if (knownDeviation) result.knownDeviation = knownDeviation;
    if (verdict === 'not-run' && incomplete.length > 0) result.incomplete = incomplete;
    if (verdict === 'not-run' && incomplete.length === 0 && mine.length > 0 && mine.every((t) => t.skippedForWrites)) result.skippedForWrites = true;
    return result;
  });
}

function firstLine(s: string): string {
  return stripAnsi(s).split('\n').find((l) => l.trim() !== '')?.trim().replace(/^Error: /, '') ?? s;
}

/** MUST clauses that failed, known deviations excepted: each one makes the run not conformant. */
export function mustFailed(results: readonly ClauseResult[]): ClauseResult[] {
  return results.filter((r) => r.level === 'MUST' && r.verdict === 'fail' && !r.knownDeviation);
}

/** MUST clauses no test ran (for whatever reason): each one makes the run incomplete. */
export function mustNotRun(results: readonly ClauseResult[]): ClauseResult[] {
  return results.filter((r) => r.level === 'MUST' && r.verdict === 'not-run');
}

/** MUST clauses whose check could not complete: each one makes the run inconclusive. */
export function mustIncomplete(results: readonly ClauseResult[]): ClauseResult[] {
  return results.filter((r) => r.level === 'MUST' && r.verdict === 'not-run' && r.incomplete);
}

export function totals(results: ClauseResult[], tests: TestOutcome[]): CertificationResults['totals'] {
  const t = {
    pass: 0, fail: 0, warning: 0, observation: 0, 'not-run': 0,
    tests: tests.length,
    testsFailed: 0,
    mustFailed: mustFailed(results).length,
    mustNotRun: mustNotRun(results).length,
    mustIncomplete: mustIncomplete(results).length,
  };
  for (const r of results) t[r.verdict] += 1;
  t.testsFailed = tests.filter((x) => !x.ok && x.status !== 'skipped').length;
  return t;
}

export interface RunConditions {
  /** The run stopped before its end (signal, Playwright's global timeout). */
  interrupted?: string;
  /** Causes found outside the tests: preflight, target lost. */
  causes?: string[];
}

/** The run's verdict: a MUST failure outranks everything; anything that kept a MUST check from completing makes it inconclusive. */
export function runVerdict(results: readonly ClauseResult[], tests: readonly TestOutcome[], conditions: RunConditions = {}): { verdict: RunVerdict; causes: string[] } {
  const causes = [...(conditions.causes ?? [])];
  if (conditions.interrupted) causes.push(`interrupted: ${conditions.interrupted}`);
  for (const t of tests) {
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
  if (conditions.interrupted) return { verdict: 'INCONCLUSIVE', causes };
  if (mustFailed(results).length > 0) return { verdict: 'NOT CONFORMANT', causes };
  return { verdict: causes.length > 0 ? 'INCONCLUSIVE' : 'CONFORMANT', causes };
}

function few(ids: string[], max = 6): string {
  return ids.length > max ? `${ids.slice(0, max).join(', ')} and ${ids.length - max} more` : ids.join(', ');
}

export function summaryLine(r: CertificationResults): string {
  const t = r.totals;
  const incomplete = r.verdict === 'CONFORMANT' && !r.complete ? ' (incomplete: some MUST clauses did not run)' : '';
  const counts = `${t.pass} pass, ${t.fail} fail, ${t.warning} warning, ${t.observation} observation, ${t['not-run']} not run (${t.tests} tests, ${(r.run.durationMs / 1000).toFixed(1)} s)`;
  return `certification ${r.run.environment}: ${r.verdict}${incomplete} — ${counts}`;
}

/** The results of a run from its test outcomes: clause verdicts, totals and the run's verdict. */
export function resultsOf(run: CertificationResults['run'], tests: TestOutcome[], conditions: RunConditions = {}): CertificationResults {
  const clauseResults = clauseVerdicts(tests);
  const t = totals(clauseResults, tests);
  const { verdict, causes } = runVerdict(clauseResults, tests, conditions);
  return { schemaVersion: 2, run, verdict, causes, totals: t, conformant: verdict === 'CONFORMANT', complete: t.mustNotRun === 0, clauses: clauseResults, tests };
}

/** Results for a run that produced no test outcomes (preflight failed, or still running / killed). */
export function emptyResults(run: CertificationResults['run'], verdict: RunVerdict, causes: string[]): CertificationResults {
  const clauseResults = clauseVerdicts([]);
  const t = totals(clauseResults, []);
  return { schemaVersion: 2, run, verdict, causes, totals: t, conformant: verdict === 'CONFORMANT', complete: false, clauses: clauseResults, tests: [] };
}
