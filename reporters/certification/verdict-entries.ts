/**
 * The run's verdict as an entry of its own in the JUnit file, so a CI server shows CONFORMANT /
 * NOT CONFORMANT / INCONCLUSIVE without anyone reading results.json: a JUnit testcase (a failure
 * when not conformant, an error when inconclusive) in a testsuite named as not a test. Allure's
 * counterpart is allure-globals.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { redact } from '../../fixtures/harness/http/redact.ts';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';
import { summaryLine } from '../../fixtures/judgement/index.ts';
import { networkLines } from '../../fixtures/judgement/index.ts';
import { gapLines } from '../../fixtures/judgement/index.ts';
import { skipReason } from '../../fixtures/judgement/index.ts';
import { rootCausesHeadline, rootCauseText, statementText } from '../../fixtures/judgement/index.ts';
import { describeSetting } from '../../fixtures/harness/preflight/assumed-settings.ts';

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The JUnit testsuites that are not tests: their names say so, so a CI's tests/failures reading is never inflated
 * unseen. */
export const JUNIT_VERDICT_SUITE = 'Certification verdict (not a test)';
export const JUNIT_ROOT_CAUSE_SUITE =
  'Root causes (not tests: the failed tests above, grouped by the promise they broke)';

/**
 * Adds the verdict's testsuite, and one of root causes when a test failed, to the JUnit file
 * Playwright wrote (or to a new one: the run stopped before the suites).
 */
export function addVerdictToJUnit(file: string, r: CertificationResults): void {
  const text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites id="" name="" tests="0" failures="0" skipped="0" ' +
      'errors="0" time="0">\n</testsuites>\n';
  mkdirSync(path.dirname(file), { recursive: true });
  const why = r.verdict === 'CONFORMANT' ? '' : r.verdict === 'NOT CONFORMANT' ? 'failure' : 'error';
  const message = redact([summaryLine(r), ...rootCauseLines(r), ...r.causes, ...gapLines(r, 50)].join('\n'));
  const body = why ? `<${why} message="${xml(r.verdict)}" type="${xml(r.verdict)}">${xml(message)}</${why}>` : '';
  // The opening tag of a testsuite this writes (nothing in it is skipped, and it takes no time).
  const suiteTag = (name: string, tests: number, failed: number, errors: number) =>
    `<testsuite name="${xml(name)}" timestamp="${xml(r.run.startedAt)}" hostname="" ` +
    `tests="${tests}" failures="${failed}" skipped="0" time="0" errors="${errors}">`;
  const network = networkLines(r)
    .map((l) => `<property name="network" value="${xml(redact(l))}"></property>`)
    .join('');
  const settings = (r.run.settings ?? [])
    .map((s) => `<property name="setting" value="${xml(describeSetting(s))}"></property>`)
    .join('');
  const properties =
    `<property name="verdict" value="${xml(r.verdict)}"></property>` +
    `<property name="environment" value="${xml(r.run.environment)}"></property>` +
    `<property name="runId" value="${xml(r.run.id)}"></property>${network}${settings}`;
  const verdictSuite = `${suiteTag(JUNIT_VERDICT_SUITE, 1, why === 'failure' ? 1 : 0, why === 'error' ? 1 : 0)}
<properties>${properties}</properties>
<testcase name="${xml(`Certification verdict: ${r.verdict}`)}" classname="certification" time="0">${body}</testcase>
</testsuite>
`;
  // One testcase per root cause: a CI server lists what to fix first.
  const causes = r.rootCauses
    .map(
      (c) =>
        `<testcase name="${xml(`Root cause: ${c.clause}`)}" classname="certification.root-cause" ` +
        `time="0"><failure message="${xml(redact(statementText(c)))}" ` +
        `type="${xml(c.clause)}">${xml(redact(rootCauseText(c)))}</failure></testcase>\n`,
    )
    .join('');
  const causeSuite =
    r.rootCauses.length === 0
      ? ''
      : `${suiteTag(JUNIT_ROOT_CAUSE_SUITE, r.rootCauses.length, r.rootCauses.length, 0)}
${causes}</testsuite>
`;
  // A run written again (certify writes a diagnosed run a second time) replaces the suites it added before.
  const earlier = new RegExp(
    `<testsuite name="(?:${escaped(xml(JUNIT_VERDICT_SUITE))}|${escaped(xml(JUNIT_ROOT_CAUSE_SUITE))})"` +
      '[\\s\\S]*?</testsuite>\\n?',
    'g',
  );
  const out = withSkipReasons(text, r)
    .replace(earlier, '')
    .replace(/<\/testsuites>\s*$/, `${verdictSuite}${causeSuite}</testsuites>\n`);
  writeFileSync(file, withTotals(out));
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The root's totals are the sum of its testsuites, these included (docs/reports.md says so). */
function withTotals(junit: string): string {
  const suites = [...junit.matchAll(/<testsuite [^>]*>/g)].map((m) => m[0]);
  const sum = (name: string) =>
    suites.reduce((n, tag) => n + Number(new RegExp(` ${name}="(\\d+)"`).exec(tag)?.[1] ?? 0), 0);
  return junit.replace(/<testsuites([^>]*)>/, (_m, attrs: string) => {
    let a = attrs;
    for (const name of ['tests', 'failures', 'skipped', 'errors'])
      a = a.replace(new RegExp(` ${name}="\\d+"`), ` ${name}="${sum(name)}"`);
    return `<testsuites${a}>`;
  });
}

/**
 * Playwright writes a skipped test as a bare <skipped/>: give it the reason (not tested and what
 * would test it, not applicable, could not complete), so a CI server shows why it did not run.
 */
function withSkipReasons(text: string, r: CertificationResults): string {
  const why = new Map(r.tests.filter((t) => t.status === 'skipped').map((t) => [xml(t.title), skipReason(t)]));
  return text.replace(
    /(<testcase name="([^"]*)"[^>]*>)([\s\S]*?)<\/testcase>/g,
    (whole, open: string, name: string, body: string) => {
      const reason = why.get(name);
      const bare = /<skipped\s*\/>|<skipped>\s*<\/skipped>/;
      if (!reason || !bare.test(body)) return whole;
      return `${open}${body.replace(bare, `<skipped message="${xml(redact(reason))}"/>`)}</testcase>`;
    },
  );
}

export function rootCauseLines(r: CertificationResults): string[] {
  return r.rootCauses.length
    ? [rootCausesHeadline(r.rootCauses), ...r.rootCauses.map((c, i) => `${i + 1}. ${rootCauseText(c)}`)]
    : [];
}
