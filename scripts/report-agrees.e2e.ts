/**
 * The reports agree with each other and with the gate (#34): after a run with failing tests, the
 * Allure report's Quality Gates tab carries the gate's failed MUST tests, `npm run report` prints
 * the count Allure shows, the first screen carries the release decision and the settings the run
 * assumed, and the certification's "What broke" (HTML and SUMMARY.md) lists every failing test.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../fixtures/harness/support/project-root.ts';
import type { CertificationResults } from '../fixtures/judgement/index.ts';
import { JUNIT_ROOT_CAUSE_SUITE, JUNIT_VERDICT_SUITE } from '../reporters/certification/verdict-entries.ts';
import { runNode } from './lib/captured-run.ts';

const reportsPage = readFileSync(path.join(PROJECT_ROOT, 'docs', 'reports.md'), 'utf8');

const run = runNode;

/** A data file the single-file Allure report embeds (base64, keyed by its path). */
function widget(indexHtml: string, name: string): unknown {
  const match = new RegExp(`"${name.replace(/[./]/g, (c) => `\\${c}`)}","([A-Za-z0-9+/=]+)"`).exec(indexHtml);
  if (!match) throw new Error(`${name} is not in the Allure report`);
  return JSON.parse(Buffer.from(match[1]!, 'base64').toString('utf8'));
}

test(
  'after a failing run, Allure, the gate and the certification report ' + 'name the same failures and settings',
  async () => {
    test.setTimeout(300_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-agree-'));
    try {
      const env = { PVH_REPORT_DIR: dir, CI: '1' };
      // The comma fault fails both comma-list tests, and nothing else of PV-4.2's tests.
      const certify = await run(['--import', 'tsx', 'scripts/certify.ts', '--grep', 'PV-4.2'], {
        ...env,
        REF_FAULTS: 'comma-list',
      });
      expect(certify.code, certify.out).toBe(1);
      const results = JSON.parse(
        readFileSync(path.join(dir, 'certification', 'results.json'), 'utf8'),
      ) as CertificationResults;
      const failing = results.tests.filter((t) => !t.ok && t.status !== 'skipped');
      expect(failing.length, certify.out).toBeGreaterThanOrEqual(2);

      const report = await run(['--import', 'tsx', 'scripts/report.ts'], env);
      expect(report.code, report.out).toBe(0);
      const html = readFileSync(path.join(dir, 'allure-report', 'index.html'), 'utf8');
      const summary = JSON.parse(readFileSync(path.join(dir, 'allure-report', 'summary.json'), 'utf8')) as {
        stats: { total: number };
      };
      // The count Allure shows is the tests': the verdict, root causes and decision are its global errors.
      const parts = `${results.tests.length} tests`;
      expect(summary.stats.total).toBe(results.tests.length);
      expect(results.rootCauses.length, certify.out).toBeGreaterThan(0);
      const errors = widget(html, 'widgets/globals.json') as { errors?: Array<{ message: string }> } | undefined;
      expect(
        errors?.errors?.map((e) => e.message.split(':')[0]),
        JSON.stringify(errors),
      ).toEqual(['Certification verdict', ...results.rootCauses.map(() => 'Root cause'), 'Release decision']);
      expect(report.out).toContain(`report: Allure shows ${summary.stats.total} results (`);
      expect(report.out).toMatch(new RegExp(`: ${parts}\\n`));

      // The Quality Gates tab: the MUST rule failed with the failing tests the gate counts.
      const gates = widget(html, 'widgets/quality-gate.json') as Record<
        string,
        Array<{ rule: string; success: boolean; actual: unknown; message: string }>
      >;
      const must = Object.values(gates)
        .flat()
        .find((r) => r.rule === 'must/maxFailures');
      expect(must, JSON.stringify(gates)).toMatchObject({ success: false, actual: failing.length });
      expect(must!.message).not.toMatch(/\u001b\[/);
      const gate = await run(['--import', 'tsx', 'scripts/gate.ts'], env);
      expect(gate.code, gate.out).toBe(1);
      expect(gate.out).toContain(`The number of failed tests ${failing.length} exceeds`);
      // The gate says the same number with the same parts (it once said one fewer, "and the release decision").
      expect(gate.out).toContain(`Allure: ${parts}; quality gate failed`);

      // JUnit: the entries that are not tests sit in testsuites named so, and the root's totals add them up.
      const junit = readFileSync(path.join(dir, 'junit', 'results.xml'), 'utf8');
      const suites = [...junit.matchAll(/<testsuite name="([^"]*)"[^>]* tests="(\d+)" failures="(\d+)"/g)].map((m) => ({
        name: m[1]!,
        tests: Number(m[2]),
        failures: Number(m[3]),
      }));
      const notTests = suites.filter((x) => /\(not (a test|tests)/.test(x.name));
      expect(notTests.map((x) => x.name)).toEqual([JUNIT_VERDICT_SUITE, JUNIT_ROOT_CAUSE_SUITE]);
      expect(notTests[1]!.tests).toBe(results.rootCauses.length);
      const root = /<testsuites[^>]* tests="(\d+)" failures="(\d+)"/.exec(junit)!;
      expect(Number(root[1])).toBe(suites.reduce((a, x) => a + x.tests, 0));
      expect(Number(root[1]) - 1 - results.rootCauses.length).toBe(results.tests.length);
      expect(Number(root[2])).toBe(suites.reduce((a, x) => a + x.failures, 0));
      expect(reportsPage).toContain(JUNIT_VERDICT_SUITE);
      expect(reportsPage).toContain(JUNIT_ROOT_CAUSE_SUITE);

      // The first screen: the decision, the verdict and what the run assumed from the config.
      const variables = widget(html, 'widgets/variables.json') as Record<string, string>;
      expect(variables).toMatchObject({
        'Release decision': 'NO-GO',
        Certification: 'NOT CONFORMANT',
        'booking.limits.notes': '2000',
      });
      expect(results.run.settings?.map((s) => s.setting)).toEqual(
        expect.arrayContaining([
          'booking.limits.bookingReference',
          'certify.tokenHoldSeconds',
          'certify.maxRatePerSecond',
        ]),
      );

      // Every failing test in "What broke", in both certification reports.
      const certHtml = readFileSync(path.join(dir, 'certification', 'index.html'), 'utf8');
      const whatBroke = certHtml.slice(certHtml.indexOf('id="what-broke"'), certHtml.indexOf('id="every-clause"'));
      const summaryMd = readFileSync(path.join(dir, 'certification', 'SUMMARY.md'), 'utf8');
      for (const t of failing) {
        const title = t.title
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;');
        expect(whatBroke, t.title).toContain(title);
        expect(summaryMd, t.title).toContain(t.title);
      }
      expect(summaryMd).toContain('booking.limits.notes: 2000');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
