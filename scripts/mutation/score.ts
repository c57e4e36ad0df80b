/**
 * The lines a mutation run prints (its score lines, the progress line of each project) and its exit code.
 */
import type { MatrixRow, MutationSummary } from './shapes.ts';

/** The second score line: faults under thinner configs whose clause never read PASS. */
export function reducedLine(s: Pick<MutationSummary, 'reduced'>): string {
  return `reduced configs: ${s.reduced.neverPass}/${s.reduced.total} faults never PASS`;
}

/** The third score line: faults whose report would name exactly their own clause as its one root cause. */
export function diagnosisLine(s: Pick<MutationSummary, 'diagnosis'>): string {
  return (
    `diagnosis: ${s.diagnosis.named}/${s.diagnosis.total} faults named by exactly one root cause, their own ` + `clause`
  );
}

/** Below this share of faults named right, the diagnosis fails the command (and CI). */
export const DIAGNOSIS_THRESHOLD = 0.95;

export function scoreLine(s: Pick<MutationSummary, 'faults' | 'variants'>): string {
  return (
    `mutation: ${s.faults.killed}/${s.faults.total} killed, ${s.variants.passed}/${s.variants.total} variants ` +
    `passed`
  );
}

/** One progress line for a finished project. */
export function progressLine(index: number, total: number, row: MatrixRow, seconds: number): string {
  const verdict =
    row.kind === 'reduced'
      ? `${row.ok ? 'never PASS' : 'PASS ON A BROKEN TARGET'}: ${row.note}`
      : row.kind === 'fault'
        ? row.ok
          ? `killed by ${row.killedBy.filter((k) => k.onClause).length} ` +
            `check${row.killedBy.filter((k) => k.onClause).length === 1 ? '' : 's'} of ${row.clause}`
          : `SURVIVED (${row.note})`
        : row.ok
          ? `passed (${row.tests.passed} passed, ${row.tests.skipped} skipped)`
          : `FALSE ALARM (${row.note})`;
  return (
    `mutation [${String(index).padStart(String(total).length)}/${total}] ${row.kind} ${row.name}: ${verdict} ` +
    `(${seconds.toFixed(1)} ` +
    `s)`
  );
}

/** Non-zero exit when the harness is not proven both ways. */
export function exitCodeFor(s: MutationSummary): number {
  const unexplained = s.unkilledChecks.filter((c) => c.reason === null);
  const diagnosed = s.diagnosis.total === 0 || s.diagnosis.named / s.diagnosis.total >= DIAGNOSIS_THRESHOLD;
  return s.faults.survivors.length > 0 ||
    s.variants.falseAlarms.length > 0 ||
    unexplained.length > 0 ||
    s.reduced.passed.length > 0 ||
    !diagnosed
    ? 1
    : 0;
}
