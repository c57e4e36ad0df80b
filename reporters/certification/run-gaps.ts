/**
 * The gaps of a run in a few console lines (every MUST clause not fully tested, with why and what
 * would test it), and the environment's serving view for runs that did not record one.
 */
import type { ServingTarget } from '../../fixtures/contract/needs.ts';
import { environmentView } from '../../fixtures/harness/coverage/environment-view.ts';
import type { CertificationResults } from './verdicts.ts';
import { coverageAfterVerdict } from './headline.ts';

/** One line per MUST clause that is partial, not tested or not run: "PV-1-VENUE partial: held on 1 of 11 ways in; …". */
export function gapLines(r: CertificationResults, max = 12): string[] {
  const gaps = r.clauses.filter((c) => c.level === 'MUST' && (c.verdict === 'partial' || c.verdict === 'not-tested' || c.verdict === 'not-run'));
  // A run that tested nothing has one reason for every clause (its cause): once, not once per clause.
  if (r.tests.length === 0) return gaps.length > 0 ? [`  none of the ${gaps.length} MUST clauses was tested: ${coverageAfterVerdict(gaps[0]!).replace(/; none of its .*$/, '')}`] : [];
  const lines = gaps.slice(0, max).map((c) => `  ${c.id} ${c.verdict.toUpperCase()}: ${coverageAfterVerdict(c)}`);
  if (gaps.length > max) lines.push(`  … and ${gaps.length - max} more MUST clauses (SUMMARY.md lists them all)`);
  return lines;
}

/** The config's serving view without reading secrets (a run started without certify or global setup's context). */
export async function servingFor(envName: string | undefined): Promise<ServingTarget | undefined> {
  try {
    return await environmentView(envName ?? 'local');
  } catch {
    return undefined; // no usable config: cells missing from the run are reported "not selected"
  }
}
