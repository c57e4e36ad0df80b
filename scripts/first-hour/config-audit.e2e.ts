/**
 * A partner's config mistakes, against an implementation we did not write (peer.py): each stops at
 * the preflight as the config's mistake (exit 2), one line naming the certificate or the user's
 * variables, before any suite; and the last complete report stays where it was (#34).
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ATTEMPT_DIR, CONFIG_ERROR_EXIT } from '../certify/attempt.ts';
import {
  PEER_VARIABLES,
  startIndependentPeer,
  writePeerConfig,
  type IndependentPeer,
} from '../../fixtures/harness/peers/independent-api/start.ts';
import { certifyPartner, partnerEnv, readResults } from './partner-run.ts';
import { bookingShown } from '../../fixtures/harness/preflight/preflight-audit-pool.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';

test.describe("a config the target contradicts is the config's mistake: exit 2 at the preflight, naming it", () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);
  let peer: IndependentPeer;
  let dir: string;
  test.beforeAll(async () => {
    peer = await startIndependentPeer();
    dir = mkdtempSync(path.join(tmpdir(), 'pvh-first-hour-'));
  });
  test.afterAll(async () => {
    await peer.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const reports = () => path.join(dir, 'reports');

  test('a complete run first: the report a failed preflight must leave in place', async () => {
    const run = await certifyPartner(writePeerConfig(dir, peer), reports(), {
      args: ['--grep', 'each certificate URL returns'],
    });
    expect(run.code, run.output).toBe(4); // one test: conformant on what was tested
    expect(existsSync(path.join(reports(), 'certification', 'index.html'))).toBe(true);
  });

  test('a pool certificate the target does not have: exit 2 naming it, never NOT CONFORMANT', async () => {
    const before = readFileSync(path.join(reports(), 'certification', 'index.html'), 'utf8');
    const config = writePeerConfig(dir, peer, (c) =>
      c.pool.push({ reference: 'NOPE1234', venue: 'VEN-A', role: 'bookable' }),
    );
    const run = await certifyPartner(config, reports());
    expect(run.code, run.output).toBe(CONFIG_ERROR_EXIT);
    expect(run.output).toMatch(
      /config error: pool: NOPE1234 is not on the target \(GET answered HTTP 404[^)]*\): fix the pool/,
    );
    expect(run.output).not.toMatch(/NOT CONFORMANT|MUST clauses failed/);
    // The last complete certification is untouched; this attempt has its own report, which says so.
    expect(readFileSync(path.join(reports(), 'certification', 'index.html'), 'utf8')).toBe(before);
    expect(readResults(path.join(reports(), ATTEMPT_DIR))?.causes.join('\n')).toContain('NOPE1234');
    expect(run.output).toMatch(
      /the last certification that ran \(run \w+, CONFORMANT ON WHAT WAS TESTED, [^)]+\) stays in /,
    );
  });

  test('a certificate declared bookable that the target shows booked: exit 2 naming it', async () => {
    const config = writePeerConfig(dir, peer, (c) => {
      c.pool.find((p) => p.reference === 'ALPHA013')!.role = 'bookable';
    });
    const run = await certifyPartner(config, reports());
    expect(run.code, run.output).toBe(CONFIG_ERROR_EXIT);
    expect(run.output).toContain(
      'config error: pool: ALPHA013 is declared bookable but is booked: give it role "booked", or remove its booking',
    );
  });

  test('a booking an earlier run of ours left is named as ours, with the janitor command', async () => {
    const token = await tokenOf(peer);
    const left = await fetch(`${peer.api}/api/v1/voucher-certificates/ALPHA005/booking`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bookingReference: 'PVH-20261101000000abcd-w1-1', notes: 'left by a run that was killed' }),
    });
    expect(left.status).toBeLessThan(300);
    try {
      const config = writePeerConfig(dir, peer);
      const run = await certifyPartner(config, reports());
      expect(run.code, run.output).toBe(CONFIG_ERROR_EXIT);
      // The command as a partner pastes it: their config is a file, not a shipped name.
      expect(run.output).toContain(
        `config error: pool: ALPHA005 is declared bookable but is booked (by an earlier run of this harness: ` +
          `npm run janitor -- --env ${config} removes it)`,
      );
      // And it does.
      const janitor = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/janitor.ts', '--env', config], {
        cwd: PROJECT_ROOT,
        env: partnerEnv(),
        encoding: 'utf8',
      });
      expect(janitor.status, janitor.stdout + janitor.stderr).toBe(0);
      expect(janitor.stdout).toContain('ALPHA005');
      const read = await fetch(`${peer.api}/api/v1/voucher-certificates/ALPHA005`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bookingShown((await read.json()) as Record<string, unknown>).booked).toBe(false);
    } finally {
      await fetch(`${peer.api}/api/v1/voucher-certificates/ALPHA005/booking`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    }
  });

  test('a wrong read-only secret stops at the preflight within 10 s, naming its variables', async () => {
    const run = await certifyPartner(writePeerConfig(dir, peer), reports(), {
      env: { PEER_RO_SECRET: 'R3ad+only&x=1%' },
    });
    expect(run.code, run.output).toBe(CONFIG_ERROR_EXIT);
    expect(run.output).toContain(
      'config error: credentials.readOnly: the token endpoint refused the read-only user (HTTP 401 ' +
        'invalid_client): check the client_id and client_secret in PEER_RO_ID/PEER_RO_SECRET',
    );
    expect(run.output).not.toMatch(/^progress:/m); // no suite ran
    expect(run.ms).toBeLessThan(10_000);
  });
});

async function tokenOf(peer: IndependentPeer): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: PEER_VARIABLES.PEER_ID,
    client_secret: PEER_VARIABLES.PEER_SECRET,
  });
  return ((await (await fetch(peer.auth, { method: 'POST', body: form })).json()) as { access_token: string })
    .access_token;
}
