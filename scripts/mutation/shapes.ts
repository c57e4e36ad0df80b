/**
 * The shapes of a mutation run: the test records the collect reporter writes, and the matrix, the check view and the
 * summary the results make of them.
 */
import type { TargetKind } from './plan.ts';
import type { GapSetting } from '../../fixtures/contract/needs.ts';
import type { RootFinding } from '../../fixtures/harness/verdicts.ts';

export type RecordStatus = 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';

/** One test of one project, as the collect reporter writes it. */
export interface TestRecord {
  project: string;
  file: string;
  title: string;
  clauses: string[];
  status: RecordStatus;
  warnings: string[];
  /** First line of the first error, when failed. */
  error?: string;
  /** First line of every error (the reduced-config verdicts read root causes from them). */
  errors?: string[];
  ways?: string[];
  inPassing?: string[];
  /** Why a skipped test did not run, as the certification reads it (contract/needs.ts gaps). */
  notTested?: { line: string; setting: GapSetting };
  notApplicable?: string;
  inconclusive?: string;
  /** Clause IDs named in any of the test's errors. */
  named?: string[];
  /** Its root finding (after-test readings), for the diagnosis. */
  finding?: RootFinding;
  durationMs: number;
}

export type Outcome = 'fail' | 'warning';

export interface Kill {
  test: string;
  file: string;
  clauses: string[];
  outcome: Outcome;
  /** The failure or warning named the fault's own clause. */
  onClause: boolean;
  /** The assertion or warning text (first line), so the reader sees why. */
  message: string;
}

export interface MatrixRow {
  name: string;
  kind: TargetKind;
  clause: string | null;
  level: string | null;
  description: string;
  /** Fault: killed. Variant: passed (no fails, no warnings). */
  ok: boolean;
  killedBy: Kill[];
  tests: { total: number; passed: number; failed: number; warned: number; skipped: number };
  /** Why the row is not ok, in words (survivor, false alarm, not run). */
  note?: string;
  /** A fault's root causes as its certification would name them (fixtures/judgement/diagnosis), and whether they name
   * it right. */
  diagnosis?: { rootCauses: string[]; named: boolean };
}

export interface UnkilledCheck {
  test: string;
  file: string;
  clauses: string[];
  reason: string | null;
}

export interface CheckView {
  test: string;
  file: string;
  clauses: string[];
  kills: string[];
}

export interface MutationSummary {
  runId: string;
  complete: boolean;
  faults: { total: number; killed: number; survivors: string[] };
  variants: { total: number; passed: number; falseAlarms: string[] };
  matrix: MatrixRow[];
  checks: CheckView[];
  /** Only for a complete run: checks that killed no fault, with the reason when one is known. */
  unkilledChecks: UnkilledCheck[];
  /** Faults under reduced configs: their clause must be failed, partial or not tested, never PASS. */
  reduced: { total: number; neverPass: number; passed: string[]; pairs: string };
  /** Faults whose report names exactly one root cause, their own clause (or the clauses their nature spans). */
  diagnosis: { total: number; named: number; missed: Array<{ fault: string; clause: string; rootCauses: string[] }> };
  durationMs: number;
}
