/**
 * Per-clause certification verdicts, computed from test outcomes. Pure functions, shared by the
 * Playwright reporter, the gate and the bundle verifier.
 */
import { stripAnsi } from '../fixtures/ansi.ts';
import { clauseIdsIn as idsIn, clauses, type Clause, type ClauseLevel } from '../fixtures/clauses.ts';

export type Verdict = 'pass' | 'fail' | 'warning' | 'observation' | 'not-run';

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
  durationMs: number;
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
  tests: Array<{ title: string; file: string; status: string }>;
  evidence: string[];
}

export interface CertificationResults {
  schemaVersion: 1;
  run: {
    id: string;
    environment: string;
    baseUrl: string;
    authUrl: string;
    startedAt: string;
    durationMs: number;
    harnessVersion: string;
    node: string;
    commit?: string;
  };
  totals: Record<Verdict, number> & { tests: number; testsFailed: number; mustFailed: number; mustNotRun: number };
  conformant: boolean;
  complete: boolean;
  clauses: ClauseResult[];
  tests: TestOutcome[];
}

export function clauseVerdicts(tests: TestOutcome[], catalogue: readonly Clause[] = clauses): ClauseResult[] {
  return catalogue.map((c) => {
    const mine = tests.filter((t) => t.clauses.includes(c.id) || t.errors.some((e) => idsIn(e).includes(c.id)));
    const evidence: string[] = [];
    let verdict: Verdict = 'not-run';
    let knownDeviation: string | undefined;
    const ran = mine.filter((t) => t.status !== 'skipped');
    if (ran.length > 0) verdict = c.level === 'INFO' ? 'observation' : 'pass';
    for (const t of ran) {
      const failedHere = (t.status !== 'passed' && !t.ok) || (t.knownDeviation !== undefined && t.status !== 'passed');
      if (failedHere) {
        const named = t.errors.flatMap(idsIn);
        // A failure that names clauses counts against those; one that names none, against all of the test's.
        if (named.length === 0 || named.includes(c.id)) {
          verdict = c.level === 'SHOULD' ? (verdict === 'fail' ? 'fail' : 'warning') : 'fail';
          if (t.knownDeviation) knownDeviation = t.knownDeviation;
          evidence.push(`${t.title}: ${firstLine(t.errors.find((e) => idsIn(e).includes(c.id)) ?? t.errors[0] ?? t.status)}`);
        }
      }
      for (const w of t.warnings.filter((x) => idsIn(x).includes(c.id))) {
        if (verdict === 'pass') verdict = 'warning';
        evidence.push(`warning: ${w}`);
      }
      for (const o of t.observations.filter((x) => idsIn(x).includes(c.id))) evidence.push(`observed: ${o}`);
    }
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
    if (verdict === 'not-run' && mine.length > 0 && mine.every((t) => t.skippedForWrites)) result.skippedForWrites = true;
    return result;
  });
}

function firstLine(s: string): string {
  return stripAnsi(s).split('\n').find((l) => l.trim() !== '')?.trim() ?? s;
}

/** MUST clauses that failed, known deviations excepted: each one makes the run not conformant. */
export function mustFailed(results: readonly ClauseResult[]): ClauseResult[] {
  return results.filter((r) => r.level === 'MUST' && r.verdict === 'fail' && !r.knownDeviation);
}

/** MUST clauses no test ran: each one makes the run incomplete. */
export function mustNotRun(results: readonly ClauseResult[]): ClauseResult[] {
  return results.filter((r) => r.level === 'MUST' && r.verdict === 'not-run');
}

export function totals(results: ClauseResult[], tests: TestOutcome[]): CertificationResults['totals'] {
  const t = { pass: 0, fail: 0, warning: 0, observation: 0, 'not-run': 0, tests: tests.length, testsFailed: 0, mustFailed: mustFailed(results).length, mustNotRun: mustNotRun(results).length };
  for (const r of results) t[r.verdict] += 1;
  t.testsFailed = tests.filter((x) => !x.ok && x.status !== 'skipped').length;
  return t;
}

export function summaryLine(r: CertificationResults): string {
  const t = r.totals;
  const verdict = r.conformant ? (r.complete ? 'CONFORMANT' : 'CONFORMANT (incomplete: some MUST clauses did not run)') : 'NOT CONFORMANT';
  return `certification ${r.run.environment}: ${verdict} — ${t.pass} pass, ${t.fail} fail, ${t.warning} warning, ${t.observation} observation, ${t['not-run']} not run (${t.tests} tests, ${(r.run.durationMs / 1000).toFixed(1)} s)`;
}
