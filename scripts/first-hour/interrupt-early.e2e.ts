/**
 * Ctrl-C at any moment (#52): 1, 3 and 5 s after start, in the preflight or the first tests, certify ends with
 * exit 3 and one line saying what was interrupted, and leaves no booking of its own on the target.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startIndependentPeer, writePeerConfig } from '../../fixtures/harness/peers/independent-api/start.ts';
import { certifyPartner, harnessBookings } from './partner-run.ts';

for (const seconds of [1, 3, 5]) {
  test(`SIGINT ${seconds} s after start: exit 3, one line saying what was stopped, nothing booked`, async () => {
    test.setTimeout(120_000);
    const peer = await startIndependentPeer();
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-interrupt-early-'));
    try {
      const run = await certifyPartner(writePeerConfig(dir, peer), path.join(dir, 'reports'), {
        signalAfter: { ms: seconds * 1000, signal: 'SIGINT' },
      });
      expect(run.code, run.output).toBe(3);
      // One line says what was stopped: the preflight, the suites before any test finished, or how many had.
      const stopped = new RegExp(
        '^certify: ((verdict INCONCLUSIVE: )?interrupted: certify received SIGINT [^\\n]+' +
          '|stopped by SIGINT after \\d+ of \\d+ tests had finished[^\\n]*)$',
        'm',
      );
      expect(run.output).toMatch(stopped);
      expect(run.output).not.toMatch(/NOT CONFORMANT|at .+\.ts:\d+:\d+\)?$/m);
      expect(await harnessBookings(peer), run.output).toEqual([]);
    } finally {
      await peer.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
