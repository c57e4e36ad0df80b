/**
 * One test's outcome as the certification sees it, and how it bears on the clauses it covers: held,
 * failed on a clause the target broke, stopped by another clause's failure, could not complete, not
 * tested (the config cannot serve it), or not applicable (the target's conformant choice left nothing
 * to check). Pure.
 */
import { stripAnsi } from '../../fixtures/harness/ansi.ts';
import { chargedClauseIds, clauseIdsIn as idsIn } from '../../fixtures/contract/clauses.ts';
import type { GapSetting } from '../../fixtures/contract/needs.ts';
import type { RootFinding } from '../../fixtures/harness/verdicts.ts';

export interface TestOutcome {
  id: string;
  title: string;
  file: string;
  clauses: string[];
  /** Clauses the test meets only in passing (touches()): it can fail them, never make them pass alone. */
  inPassing?: string[];
  /** Cells of the coverage matrix the test takes (fixtures/contract/ways-in.ts). */
  ways?: string[];
  /** Playwright's status after expectations: passed, failed, timedOut, skipped, interrupted. */
  status: string;
  /** True when the outcome matched what was expected (a known deviation that failed counts as ok). */
  ok: boolean;
  knownDeviation?: string;
  warnings: string[];
  observations: string[];
  errors: string[];
  skippedReason?: string;
  /** Skipped because the config or the pool cannot serve it: why, and the setting that would. */
  notTested?: { line: string; setting: GapSetting };
  /** Skipped because the target's conformant choice left nothing to check (counts as held). */
  notApplicable?: string;
  /** Why the test could not complete (target lost, property out of budget…): its clauses did not run. */
  inconclusive?: string;
  /** Its evidence files, when it did not pass (relative to the certification report). */
  evidenceFiles?: string[];
  /** What its answers showed broken first, whatever it checked (a root-cause reading after the test). */
  finding?: RootFinding;
  /** Claims of the config its answers contradicted (one line each, with the fix): config errors, not findings. */
  configErrors?: string[];
  durationMs: number;
}

/** How one test bears on the clauses it covers. */
export type TestReading =
  | { kind: 'passed' }
  | { kind: 'not-applicable'; why: string }
  | { kind: 'not-tested'; why: string; setting?: GapSetting }
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
  if (t.status === 'skipped') {
    if (t.notApplicable) return { kind: 'not-applicable', why: t.notApplicable };
    if (t.notTested) return { kind: 'not-tested', why: t.notTested.line, setting: t.notTested.setting };
    // A skip the harness did not classify (a run stopped before the test, a test.skip of a spec):
    // nothing was checked, so it is a gap, never a pass.
    return { kind: 'not-tested', why: t.skippedReason ? t.skippedReason.replace(/^not tested: /, '') : 'skipped without a reason (the run stopped before it?)' };
  }
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

export function firstLine(s: string): string {
  const lines = stripAnsi(s).split('\n').map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length === 0) return s;
  // A line that ends announcing a list (":") says nothing alone: its first item comes with it.
  const head = lines[0]!.replace(/^Error: /, '');
  return head.endsWith(':') && lines[1] ? `${head} ${lines[1].replace(/^[-•]\s*/, '')}${lines.length > 2 ? ' …' : ''}` : head;
}

/** Why a skipped test did not run, in one line (the same words in every report). */
export function skipReason(t: TestOutcome): string {
  if (t.notApplicable) return `not applicable: ${t.notApplicable}`;
  if (t.notTested) return `not tested: ${t.notTested.line}`;
  if (t.inconclusive) return `could not complete: ${t.inconclusive}`;
  return t.skippedReason ?? 'skipped';
}
