/**
 * Ctrl-C half-way through a certification of an implementation we did not write (peer.py): the
 * run says how many tests had finished, keeps their results in an INCONCLUSIVE report, and leaves
 * none of its bookings on the target (#34).
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startIndependentPeer, writePeerConfig } from '../../fixtures/harness/peers/independent-api/start.ts';
import { certifyPartner, harnessBookings, readResults } from './partner-run.ts';

test('SIGINT half-way leaves no booking of the run on the target and a report of the tests that finished', async () => {
  test.setTimeout(300_000);
  const peer = await startIndependentPeer();
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-interrupt-'));
  try {
    const reports = path.join(dir, 'reports');
    let sent = false;
    const run = await certifyPartner(writePeerConfig(dir, peer), reports, {
      onLine: (line, signal) => {
        if (!sent && /^progress: +50 %/.test(line)) {
          sent = true;
          signal('SIGINT'); // to the process group, as a terminal's Ctrl-C
        }
      },
    });
    expect(sent, run.output).toBe(true);
    expect(run.code, run.output).toBe(3);
    const stopped = /certify: stopped by SIGINT after (\d+) of (\d+) tests had finished/.exec(run.output);
    expect(stopped, run.output).not.toBeNull();
    const [finished, all] = [Number(stopped![1]), Number(stopped![2])];
    expect(finished).toBeGreaterThan(0);
    expect(finished).toBeLessThan(all);

    const results = readResults(path.join(reports, 'certification'))!;
    expect(results.verdict).toBe('INCONCLUSIVE');
    expect(results.tests.filter((t) => t.status === 'passed').length).toBeGreaterThan(0);
    expect(await harnessBookings(peer), run.output).toEqual([]);
  } finally {
    await peer.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
