/**
 * The headline of every report (console, SUMMARY.md, index.html, JUnit, Allure, the gate): the run's
 * verdict, clause counts with INFO clauses apart, the test count; and the coverage line as it reads
 * after a clause's verdict. Pure.
 */
import type { CertificationResults, ClauseResult, Verdict } from './verdicts.ts';

/** The coverage line where the verdict precedes it ("PV-1-VENUE NOT TESTED: the preflight failed …"): "not tested" once. */
export function coverageAfterVerdict(c: Pick<ClauseResult, 'verdict' | 'coverage'>): string {
  return c.verdict === 'not-tested' ? c.coverage.replace(/^not tested: /, '') : c.coverage;
}

/** Tests that ran to their end: a skip the harness did not explain is one the run stopped before. */
export function finishedTests(r: Pick<CertificationResults, 'tests'>): number {
  return r.tests.filter((t) => t.status !== 'skipped' || t.notTested || t.notApplicable).length;
}

/** "(2 MUST clauses partial, 1 not tested)" for a run that is conformant only on what it tested; "" otherwise. */
export function gapsNote(r: Pick<CertificationResults, 'verdict' | 'totals' | 'acceptedGaps'>): string {
  const t = r.totals;
  if (r.verdict === 'CONFORMANT ON WHAT WAS TESTED') {
    const parts = [t.mustPartial > 0 ? `${t.mustPartial} MUST clause${t.mustPartial === 1 ? '' : 's'} partial` : '', t.mustNotTested + t.mustNotRun > 0 ? `${t.mustNotTested + t.mustNotRun} not tested` : ''].filter(Boolean);
    return ` (${parts.join(', ')})`;
  }
  if (r.verdict === 'CONFORMANT' && r.acceptedGaps.length > 0) return ` (with accepted gaps in ${r.acceptedGaps.length} MUST clause${r.acceptedGaps.length === 1 ? '' : 's'})`;
  return '';
}

/**
 * The clause counts, units explicit: MUST and SHOULD clauses by verdict, then INFO clauses apart
 * (they record what the target showed, and one with nothing shown, like PV-8-RATE-LIMIT on a target
 * that never answered 429, is no gap of the run), each of those named.
 */
export function clauseCounts(r: Pick<CertificationResults, 'clauses'>): string {
  const rules = r.clauses.filter((c) => c.level !== 'INFO');
  const n = (v: Verdict) => rules.filter((c) => c.verdict === v).length;
  const info = r.clauses.filter((c) => c.level === 'INFO');
  const observed = info.filter((c) => c.verdict === 'observation').length;
  // Without checks an INFO clause has nothing to test; with checks that did not run, it is not tested.
  const unseen = info.filter((c) => c.verdict !== 'observation' && c.checks.length === 0);
  const untested = info.length - observed - unseen.length;
  const infoParts = [`${observed} observed`, ...(untested ? [`${untested} not tested`] : []), ...(unseen.length ? [`${unseen.length} with nothing to record (${unseen.map((c) => c.id).join(', ')}: ${INFO_UNSEEN})`] : [])];
  const infoPart = info.length === 0 ? '' : `; INFO clauses: ${infoParts.join(', ')}`;
  const none = n('not-applicable') ? `, ${n('not-applicable')} not applicable` : '';
  return `clauses: ${n('pass')} pass, ${n('fail')} fail, ${n('warning')} warning, ${n('partial')} partial, ${n('not-tested')} not tested, ${n('not-run')} not run${none}${infoPart}`;
}

/** Why an INFO clause can end with nothing recorded: it notes what the target showed, not a rule to test. */
export const INFO_UNSEEN = 'recorded only when the target shows it, e.g. a 429 with Retry-After';

/** "146 tests", or "77 of 146 tests finished" for a run stopped early. */
export function testCount(r: Pick<CertificationResults, 'tests' | 'run'>): string {
  const finished = finishedTests(r);
  const planned = r.run.plannedTests;
  return planned !== undefined && finished < planned ? `${finished} of ${planned} tests finished` : `${r.tests.length} test${r.tests.length === 1 ? '' : 's'}`;
}

export function summaryLine(r: CertificationResults): string {
  return `certification ${r.run.environment}: ${r.verdict}${gapsNote(r)} — ${clauseCounts(r)}; ${testCount(r)}, ${(r.run.durationMs / 1000).toFixed(1)} s`;
}
