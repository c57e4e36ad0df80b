/**
 * End to end: bookings that mix their fields while stored (booking-fields-mixed) break the round-trip and
 * creation checks of every worker, and the run still names one root cause, PV-3-ISOLATED: each of those
 * answers showed another request's bookingReference (fixtures/harness/after-test/another-request.ts).
 */
import { _baseTest as test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CertificationResults } from '../fixtures/judgement/index.ts';
import { runNode } from './lib/captured-run.ts';

test("bookings that store each other's fields are NOT CONFORMANT, PV-3-ISOLATED their one root cause", async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-mixed-'));
  try {
    const run = await runNode(['scripts/launch.mjs', 'scripts/certify.ts'], {
      PVH_REPORT_DIR: dir,
      REF_FAULTS: 'booking-fields-mixed',
      CI: '1',
    });
    expect(run.code, run.out).toBe(1);
    const results = JSON.parse(
      readFileSync(path.join(dir, 'certification', 'results.json'), 'utf8'),
    ) as CertificationResults;
    expect(results.rootCauses?.map((c) => c.clause)).toEqual(['PV-3-ISOLATED']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
