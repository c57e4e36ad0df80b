/**
 * certify's exit codes are said in three places: the verdicts' EXIT_CODE (what it does), its
 * --help, and the README. They must agree, and a placeholder URL is a config error (2), never the
 * INCONCLUSIVE (3) of an unreachable target.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../fixtures/harness/support/project-root.ts';
import { EXIT_CODE, type RunVerdict } from '../fixtures/judgement/index.ts';
import { RUN_PREFIXES, envWithout } from '../fixtures/harness/run/hermetic-env.ts';

const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
const verdicts = Object.entries(EXIT_CODE) as Array<[RunVerdict, number]>;

test('certify --help lists every verdict with its exit code, and 2 for a config error with placeholder URLs', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/certify.ts', '--help'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  const codes = r.stdout.slice(r.stdout.indexOf('Exit codes:'));
  for (const [verdict, code] of verdicts)
    expect(codes, verdict).toMatch(new RegExp(`^ {2}${code} +${verdict}\\b`, 'm'));
  expect(codes).toMatch(/^ {2}2 +CONFIG ERROR \(or a usage error\), before any request: .*placeholder URL/m);
});

test('the README says the same exit code for every verdict; the certify page says 2 for placeholder URLs', () => {
  const table = readme.slice(readme.indexOf('## Read the verdict'));
  for (const [verdict, code] of verdicts)
    expect(table, verdict).toMatch(new RegExp(`^\\| ${code} \\| ${verdict} \\|`, 'm'));
  const certifyPage = readFileSync(path.join(PROJECT_ROOT, 'docs', 'certify.md'), 'utf8');
  expect(certifyPage).toMatch(/placeholders?\*\*:[^\n]*certify stops before any request with exit 2/);
  expect(certifyPage).not.toMatch(/placeholder[^\n]*exit 3|exit 3[^\n]*placeholder/);
});

test('a mistyped REF_FAULTS is a usage error before any request: exit 2, one line naming the close faults', () => {
  const env = envWithout(RUN_PREFIXES);
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/certify.ts'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...env, REF_FAULTS: 'double-bookin', PVH_REPORT_DIR: path.join('reports', 'self-test', 'ref-faults') },
  });
  expect(r.status, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/unknown fault "double-bookin"\. Did you mean: double-booking-200\?.*--list-faults.*REF_\*/);
});
