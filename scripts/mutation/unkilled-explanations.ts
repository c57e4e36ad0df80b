/**
 * Checks that no reference fault can kill, and why. A check listed here may kill nothing without
 * failing `npm run mutation`; any other check that kills nothing needs a fault (faults.ts) instead.
 * Keyed by clause: a check is explained when every clause it covers is explained. A check covering
 * only INFO clauses is explained by its level: it records, never asserts.
 */
import { clauses } from '../../fixtures/clauses.ts';

const INFO_ONLY =
  'Covers only INFO clauses: it records what the target does where the spec is silent ("not shown") and asserts nothing, so by design no fault can fail it.';
const infoClauses = new Set<string>(clauses.filter((c) => c.level === 'INFO').map((c) => c.id));

export const unkilledExplanations: Record<string, string> = {
  'RFC6749-APPB-ENCODER':
    "Checks the harness's own form encoder against RFC 6749 Appendix B's example; it sends no request, so no fault of the target can reach it (the encoder's faults are caught by fixtures/http/form.test.ts).",
  'RFC6749-TOKEN-CACHE':
    "Checks the harness's own token cache (one token request per worker); the count is the harness's, not the target's, so no fault of the target can change it (refresh is proven in fixtures/token-cache.test.ts).",
};

export function explanationFor(ids: readonly string[]): string | null {
  if (ids.length === 0) return null;
  if (ids.every((c) => infoClauses.has(c))) return INFO_ONLY;
  const reasons = ids.map((c) => unkilledExplanations[c]);
  if (reasons.some((r) => r === undefined)) return null;
  return [...new Set(reasons)].join(' ');
}
