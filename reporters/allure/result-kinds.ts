/**
 * What the Allure results hold, by kind: the run's tests, the certification verdict, a result per
 * root cause, k6 thresholds, the release decision. `npm run report` and `npm run gate` print the
 * same count with the same parts, so no reader has to guess which entries one of them left out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DECISION_PREFIX } from './allure-cli.ts';

export interface ResultKinds {
  tests: number;
  verdicts: number;
  rootCauses: number;
  thresholds: number;
  decisions: number;
}

/** The kinds of the `*-result.json` files given (the decision's file among them or not). */
export function resultKinds(files: readonly string[]): ResultKinds {
  const kinds: ResultKinds = { tests: 0, verdicts: 0, rootCauses: 0, thresholds: 0, decisions: 0 };
  for (const f of files) {
    if (path.basename(f).startsWith(DECISION_PREFIX)) {
      kinds.decisions += 1;
      continue;
    }
    let r: { historyId?: string; labels?: Array<{ name: string; value: string }> } = {};
    try {
      r = JSON.parse(readFileSync(f, 'utf8')) as typeof r;
    } catch {
      // an unreadable result is still a result Allure may show: counted as a test
    }
    if (r.labels?.some((l) => l.name === 'framework' && l.value === 'k6')) kinds.thresholds += 1;
    else if (r.historyId?.startsWith('certification-verdict-')) kinds.verdicts += 1;
    else if (r.historyId?.startsWith('certification-root-cause-')) kinds.rootCauses += 1;
    else kinds.tests += 1;
  }
  return kinds;
}

/** "149 results: 146 tests, the certification verdict, 1 root cause, the release decision". */
export function describeKinds(k: ResultKinds): string {
  const total = k.tests + k.verdicts + k.rootCauses + k.thresholds + k.decisions;
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const parts = [
    n(k.tests, 'test'),
    ...(k.verdicts ? [k.verdicts === 1 ? 'the certification verdict' : n(k.verdicts, 'certification verdict')] : []),
    ...(k.rootCauses ? [n(k.rootCauses, 'root cause')] : []),
    ...(k.thresholds ? [n(k.thresholds, 'k6 threshold')] : []),
    ...(k.decisions ? ['the release decision'] : []),
  ];
  return `${n(total, 'result')}: ${parts.join(', ')}`;
}
