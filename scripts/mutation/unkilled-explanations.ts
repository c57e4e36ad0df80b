/**
 * Checks that no reference fault can kill, and why. A check listed here may kill nothing without
 * failing `npm run mutation`; any other check that kills nothing needs a fault (faults.ts) instead.
 * Keyed by clause: a check is explained when every clause it covers is explained. A check covering
 * only INFO clauses is explained by its level: it records, never asserts.
 */
import { clauses } from '../../fixtures/contract/clauses.ts';

const INFO_ONLY =
  'Covers only INFO clauses: it records what the target does where the spec is silent ("not shown") and ' +
  'asserts nothing, so by design no fault can fail it.';
const infoClauses = new Set<string>(clauses.filter((c) => c.level === 'INFO').map((c) => c.id));

/**
 * Clauses whose checks no target fault can fail, each with the reason. Empty: a check that grades
 * the harness rather than the target is a harness test (*.test.ts), not a conformance check, and
 * INFO-only records are explained by their level.
 */
export const unkilledExplanations: Record<string, string> = {};

export function explanationFor(ids: readonly string[]): string | null {
  if (ids.length === 0) return null;
  if (ids.every((c) => infoClauses.has(c))) return INFO_ONLY;
  const reasons = ids.map((c) => unkilledExplanations[c]);
  if (reasons.some((r) => r === undefined)) return null;
  return [...new Set(reasons)].join(' ');
}
