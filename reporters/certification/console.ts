/** A certification in the lines certify prints when the suites are done: its root causes, headline, gaps, what changed,
 * and where the report is. */
import path from 'node:path';
import { redact } from '../../fixtures/harness/http/redact.ts';
import {
  describeSince,
  gapLines,
  paceLine,
  rootCauseText,
  rootCausesHeadline,
  summaryLine,
  suspectedText,
  type CertificationResults,
} from '../../fixtures/judgement/index.ts';

export function certificationLines(results: CertificationResults, outputDir: string): string {
  const gaps = [...gapLines(results), ...[paceLine(results)].flatMap((x) => (x ? [x] : []))];
  const suspected = results.suspectedCauses?.length
    ? `suspected, not confirmed: ${results.suspectedCauses.length}\n` +
      `${results.suspectedCauses.map((s) => `  - ${suspectedText(s)}`).join('\n')}\n`
    : '';
  const rootCauses =
    results.rootCauses.length > 0
      ? `${rootCausesHeadline(results.rootCauses)}\n` +
        `${results.rootCauses.map((c, i) => `  ${i + 1}. ${rootCauseText(c)}`).join('\n')}\n`
      : '';
  const causes = `${rootCauses}${suspected}`;
  const gapText = gaps.length ? `\n${gaps.join('\n')}` : '';
  const since = results.sinceLast ? `\n${describeSince(results.sinceLast)}` : '';
  return `\n${redact(causes)}${summaryLine(results)}${gapText}${since}\nreport: ${path.join(outputDir, 'index.html')}`;
}
