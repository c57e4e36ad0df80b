/**
 * A distant target's run is given to Playwright once the preflight's first GETs say how far (scripts/certify/run.ts):
 * its workers start while the audit runs and wait for its end. The partner sees the same run, in the same order: the
 * preflight's line, the workers, then Playwright's progress; a failed audit ends the run before any test, Playwright's
 * output unseen.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../fixtures/harness/support/project-root.ts';
import { RUN_PREFIXES, envWithout } from '../fixtures/harness/run/hermetic-env.ts';

// Far enough for the early word (EARLY_GO_RTT_MS), near enough for a short run.
const LATENCY = { REF_LATENCY_MS: '60' };

function certify(args: string[], reportDir: string) {
  return spawnSync(process.execPath, ['scripts/launch.mjs', 'scripts/certify.ts', ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...envWithout(RUN_PREFIXES), ...LATENCY, PVH_REPORT_DIR: reportDir },
    timeout: 240_000,
  });
}

test('at a distance the workers start during the audit: the preflight line comes first, the run is CONFORMANT', () => {
  const r = certify(['--grep', '@PV-4.2-GET'], path.join('reports', 'self-test', 'early-go'));
  // A filtered run: CONFORMANT ON WHAT WAS TESTED.
  expect(r.status, r.stdout + r.stderr).toBe(4);
  const at = (re: RegExp) => r.stdout.split('\n').findIndex((l) => re.test(l));
  const order = [
    /^certify: preflight: .*config audit ok/,
    /^certify: \d+ workers side by side/,
    /^progress: \d+ tests/,
  ];
  const seen = order.map(at);
  expect(
    seen.every((i) => i >= 0),
    r.stdout,
  ).toBe(true);
  expect(seen, r.stdout).toEqual([...seen].sort((a, b) => a - b));
  expect(r.stdout).toMatch(/certify: verdict CONFORMANT ON WHAT WAS TESTED/);
});

test('a failed audit at a distance ends the run before any test, with none of Playwright output', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'early-go-'));
  try {
    // One certificate declared booked that is not: the audit's contradiction, a config error.
    const config = path.join(dir, 'wrong-role.ts');
    writeFileSync(
      config,
      `import local from ${JSON.stringify(path.join(PROJECT_ROOT, 'fixtures/environments/configs/local.ts'))};\n` +
        `export default { ...local, name: 'wrong-role', pool: local.pool.map((p, i) => ` +
        `(i === 5 ? { ...p, role: 'booked' as const } : p)) };\n`,
    );
    const r = certify(['--env', config], path.join('reports', 'self-test', 'early-go-failed'));
    expect(r.status, r.stdout + r.stderr).toBe(2);
    expect(r.stdout).toMatch(/certify: config error: pool: \S+ is declared booked but shows no booking/);
    expect(r.stdout).not.toMatch(/^(progress|plan):/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
