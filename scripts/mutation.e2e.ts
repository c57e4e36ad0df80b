/**
 * End to end: `npm run mutation -- --only` on one fault and one variant, in a private report dir,
 * proves the command, its exit code, its last line and the summary's shape.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MutationSummary } from './mutation/shapes.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

function mutation(args: string[], reportDir: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'mutation.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PVH_REPORT_DIR: reportDir, PVH_MUTATION_WORKERS: '2' },
    timeout: 150_000,
  });
}

test.describe('npm run mutation', () => {
  test('--only runs one fault and one variant and writes the summary the issue asks for', async () => {
    test.setTimeout(180_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-mutation-'));
    try {
      const run = mutation(['--only', 'double-booking-200', '--only', 'remove-204'], dir);
      const lines = run.stdout.trim().split('\n');
      expect(lines.at(-1), run.stdout + run.stderr).toBe('mutation: 1/1 killed, 1/1 variants passed');
      expect(run.status).toBe(0);
      expect(lines.some((l) => /^mutation \[\d\/3\] fault double-booking-200: killed by/.test(l))).toBe(true);
      // The fault again under today's reduced config: its clause is never PASS there either.
      const reduced = /^mutation \[\d\/3\] reduced double-booking-200@[a-zA-Z-]+: /;
      const neverPass = new RegExp(`${reduced.source}never PASS: PV-3-CONFLICT (FAIL|PARTIAL|NOT-TESTED)`);
      expect(
        lines.some((l) => neverPass.test(l)),
        run.stdout,
      ).toBe(true);
      expect(lines.at(-3)).toBe('reduced configs: 1/1 faults never PASS');
      expect(lines.at(-2)).toBe('diagnosis: 1/1 faults named by exactly one root cause, their own clause');

      const summary = JSON.parse(readFileSync(path.join(dir, 'mutation', 'summary.json'), 'utf8')) as MutationSummary;
      expect(summary.faults).toEqual({ total: 1, killed: 1, survivors: [] });
      expect(summary.variants).toEqual({ total: 1, passed: 1, falseAlarms: [] });
      const fault = summary.matrix.find((r) => r.name === 'double-booking-200');
      expect(fault).toMatchObject({ kind: 'fault', clause: 'PV-3-CONFLICT', level: 'MUST', ok: true });
      expect(fault!.killedBy.length).toBeGreaterThan(0);
      for (const k of fault!.killedBy) {
        expect(k).toEqual({
          test: expect.any(String),
          file: expect.stringMatching(/^suites\/.*\.spec\.ts$/),
          clauses: expect.any(Array),
          outcome: expect.stringMatching(/^(fail|warning)$/),
          onClause: expect.any(Boolean),
          message: expect.any(String),
        });
      }
      expect(
        fault!.killedBy.some((k) => k.outcome === 'fail' && k.onClause && k.clauses.includes('PV-3-CONFLICT')),
      ).toBe(true);
      const variant = summary.matrix.find((r) => r.name === 'remove-204');
      expect(variant).toMatchObject({ kind: 'variant', clause: null, ok: true, killedBy: [] });
      // The variant ran every selective suite (properties, race); the fault only those covering PV-3-CONFLICT, and
      // every other test.
      expect(variant!.tests.total).toBeGreaterThan(fault!.tests.total);
      expect(fault!.diagnosis).toEqual({ rootCauses: ['PV-3-CONFLICT'], named: true });
      expect(summary.complete).toBe(false);
      expect(readFileSync(path.join(dir, 'mutation', 'summary.md'), 'utf8')).toContain(
        '| `double-booking-200` | PV-3-CONFLICT (MUST) | yes (5) | PV-3-CONFLICT |',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an unknown name fails at once, naming the close ones', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-mutation-'));
    try {
      const run = mutation(['--only', 'double-booking'], dir);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('unknown fault or variant "double-booking". Did you mean: double-booking-200');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
