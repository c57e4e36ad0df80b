/**
 * End to end: certify holds the standard token itself from its preflight on (fixtures/harness/token-time/run-hold.ts),
 * and a token that dies seconds after it was issued is still seen, named by PV-5-LIFETIME alone.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CertificationResults } from '../fixtures/judgement/index.ts';
import { runNode } from './lib/captured-run.ts';

test('a token that dies 6 s after it was issued is NOT CONFORMANT, PV-5-LIFETIME its one root cause', async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-token-hold-'));
  try {
    const run = await runNode(['scripts/launch.mjs', 'scripts/certify.ts'], {
      PVH_REPORT_DIR: dir,
      REF_FAULTS: 'token-dies-after-fixed',
      CI: '1',
    });
    expect(run.code, run.out).toBe(1);
    const results = JSON.parse(
      readFileSync(path.join(dir, 'certification', 'results.json'), 'utf8'),
    ) as CertificationResults;
    expect(results.rootCauses?.map((c) => c.clause)).toEqual(['PV-5-LIFETIME']);
    const hold = results.tests.find((t) => t.file === 'suites/token/token-hold.spec.ts' && !t.ok);
    expect(hold?.errors.join('\n')).toMatch(/must keep working for its whole stated life/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
