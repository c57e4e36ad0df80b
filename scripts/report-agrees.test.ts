/**
 * The reports agree with each other and with the gate (#34): after a run with failing tests, the
 * Allure report's Quality Gates tab carries the gate's failed MUST tests, `npm run report` prints
 * the count Allure shows, the first screen carries the release decision and the settings the run
 * assumed, and the certification's "What broke" (HTML and SUMMARY.md) lists every failing test.
 */
import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../fixtures/harness/project-root.ts';
import type { CertificationResults } from '../reporters/certification/verdicts.ts';

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PVH_') && !k.startsWith('REF_')));
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env: { ...clean, ...env } });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out };
}

/** A data file the single-file Allure report embeds (base64, keyed by its path). */
function widget(indexHtml: string, name: string): unknown {
  const match = new RegExp(`"${name.replace(/[./]/g, (c) => `\\${c}`)}","([A-Za-z0-9+/=]+)"`).exec(indexHtml);
  if (!match) throw new Error(`${name} is not in the Allure report`);
  return JSON.parse(Buffer.from(match[1]!, 'base64').toString('utf8'));
}

test('after a failing run, Allure, the gate and the certification report name the same failures and settings', async () => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-agree-'));
  try {
    const env = { PVH_REPORT_DIR: dir, CI: '1' };
    // The comma fault fails both comma-list tests, and nothing else of PV-4.2's tests.
    const certify = await run(['--import', 'tsx', 'scripts/certify.ts', '--grep', 'PV-4.2'], { ...env, REF_FAULTS: 'comma-list' });
    expect(certify.code, certify.out).toBe(1);
    const results = JSON.parse(readFileSync(path.join(dir, 'certification', 'results.json'), 'utf8')) as CertificationResults;
    const failing = results.tests.filter((t) => !t.ok && t.status !== 'skipped');
    expect(failing.length, certify.out).toBeGreaterThanOrEqual(2);

    const report = await run(['--import', 'tsx', 'scripts/report.ts'], env);
    expect(report.code, report.out).toBe(0);
    const html = readFileSync(path.join(dir, 'allure-report', 'index.html'), 'utf8');
    const summary = JSON.parse(readFileSync(path.join(dir, 'allure-report', 'summary.json'), 'utf8')) as { stats: { total: number } };
    expect(report.out).toContain(`report: ${summary.stats.total} results (`);

    // The Quality Gates tab: the MUST rule failed with the failing tests the gate counts.
    const gates = widget(html, 'widgets/quality-gate.json') as Record<string, Array<{ rule: string; success: boolean; actual: unknown; message: string }>>;
    const must = Object.values(gates).flat().find((r) => r.rule === 'must/maxFailures');
    expect(must, JSON.stringify(gates)).toMatchObject({ success: false, actual: failing.length });
    expect(must!.message).not.toMatch(/\u001b\[/);
    const gate = await run(['--import', 'tsx', 'scripts/gate.ts'], env);
    expect(gate.code, gate.out).toBe(1);
    expect(gate.out).toContain(`The number of failed tests ${failing.length} exceeds`);
    expect(gate.out).toContain(`Allure: ${summary.stats.total - 1} results and the release decision`);

    // The first screen: the decision, the verdict and what the run assumed from the config.
    const variables = widget(html, 'widgets/variables.json') as Record<string, string>;
    expect(variables).toMatchObject({ 'Release decision': 'NO-GO', Certification: 'NOT CONFORMANT', 'booking.limits.notes': '2000' });
    expect(results.run.settings?.map((s) => s.setting)).toEqual(expect.arrayContaining(['booking.limits.bookingReference', 'certify.tokenHoldSeconds', 'certify.maxRatePerSecond']));

    // Every failing test in "What broke", in both certification reports.
    const certHtml = readFileSync(path.join(dir, 'certification', 'index.html'), 'utf8');
    const whatBroke = certHtml.slice(certHtml.indexOf('id="what-broke"'), certHtml.indexOf('id="every-clause"'));
    const summaryMd = readFileSync(path.join(dir, 'certification', 'SUMMARY.md'), 'utf8');
    for (const t of failing) {
      const title = t.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
      expect(whatBroke, t.title).toContain(title);
      expect(summaryMd, t.title).toContain(t.title);
    }
    expect(summaryMd).toContain('booking.limits.notes: 2000');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
