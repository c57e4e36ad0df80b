/**
 * Every reproduce.sh of a failing run against an implementation we did not write (peer.py with
 * bugs of its own) runs as written from another directory, with only the config's variables in
 * its environment, and reproduces the failure (exit 1): the requests with a user's real secret in
 * them, Basic headers, a race's synchronised requests and a token's requests included (#34).
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PEER_VARIABLES,
  startIndependentPeer,
  writePeerConfig,
} from '../../fixtures/harness/peers/independent-api/start.ts';
import { certifyPartner } from './partner-run.ts';

/** Tests that fail on the peer's bugs in different ways: challenges (Basic, malformed headers), an error text, a race.
 * */
const FAILING =
  'Bearer enforcement: GET a certificate|error texts stay in the allowed ASCII set|concurrent removals of one booking';

function scriptsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('reproduce.sh'))
    .map((f) => path.join(dir, f));
}

test(
  "each reproduce.sh of a failing run, run from another directory with only the config's variables, reproduces " +
    'its failure',
  async () => {
    test.setTimeout(300_000);
    const peer = await startIndependentPeer({ bugs: ['problem-plain-json', 'no-challenge'] });
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-reproduce-'));
    try {
      const reports = path.join(dir, 'reports');
      const run = await certifyPartner(writePeerConfig(dir, peer), reports, { args: ['--grep', FAILING] });
      expect(run.code, run.output).toBe(1);
      const scripts = scriptsUnder(path.join(reports, 'certification', 'evidence'));
      expect(scripts.length, run.output).toBeGreaterThanOrEqual(5);
      const elsewhere = mkdtempSync(path.join(tmpdir(), 'pvh-elsewhere-'));
      for (const script of scripts) {
        // Nothing of the harness's: PATH, HOME and the variables the config names.
        const replay = spawnSync('sh', [script], {
          cwd: elsewhere,
          env: { PATH: process.env.PATH ?? '', HOME: elsewhere, ...PEER_VARIABLES },
          encoding: 'utf8',
          timeout: 120_000,
        });
        expect(replay.status, `${path.relative(reports, script)}:\n${replay.stdout.slice(-1500)}${replay.stderr}`).toBe(
          1,
        );
        expect(replay.stdout).toMatch(/^reproduced: all \d+ answers were the ones the run recorded/m);
      }
    } finally {
      await peer.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
