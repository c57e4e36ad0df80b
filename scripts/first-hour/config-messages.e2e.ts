/**
 * A partner's first-hour mistakes each get a message with the real cause and its fix (#34): a token
 * URL without its path is about authUrl (exit 2), an unreachable loopback port gets no proxy hint, a
 * .env secret cut at "#" gets a quoting hint, and a booking limit below what the harness's own
 * references need is refused before any request.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONFIG_ERROR_EXIT } from '../certify/attempt.ts';
import { envValueHint } from '../../fixtures/environments/loading/dotenv-hints.ts';
import { MIN_BOOKING_REFERENCE_LIMIT } from '../../fixtures/environments/loading/booking.ts';
import { SOURCES_VARIABLE } from '../../fixtures/environments/loading/variable-sources.ts';
import {
  startIndependentPeer,
  writePeerConfig,
  type IndependentPeer,
} from '../../fixtures/harness/peers/independent-api/start.ts';
import { certifyPartner } from './partner-run.ts';

test.describe('first-hour config mistakes against peer.py', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(120_000);
  let peer: IndependentPeer;
  let dir: string;
  test.beforeAll(async () => {
    peer = await startIndependentPeer();
    dir = mkdtempSync(path.join(tmpdir(), 'pvh-messages-'));
  });
  test.afterAll(async () => {
    await peer.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test(
    'authUrl without the token path (a 404) is a config error about authUrl, ' + 'not about the credentials',
    async () => {
      const config = writePeerConfig(dir, peer, (c) => {
        c.authUrl = new URL(peer.auth).origin;
      });
      const run = await certifyPartner(config, path.join(dir, 'reports'));
      expect(run.code, run.output).toBe(CONFIG_ERROR_EXIT);
      expect(run.output).toMatch(
        new RegExp(
          String.raw`config error: authUrl: http:\/\/127\.0\.0\.1:\d+ answered HTTP 404 to a token request: ` +
            'give the full URL of the token endpoint, its path included',
        ),
      );
      expect(run.output).not.toMatch(/check the client_id and client_secret/);
    },
  );

  test('an unreachable loopback port is "is the target started", never a proxy hint', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const config = writePeerConfig(dir, peer, (c) => {
      c.baseUrl = `http://127.0.0.1:${port}`;
    });
    const run = await certifyPartner(config, path.join(dir, 'reports'), { env: { HTTPS_PROXY: '', HTTP_PROXY: '' } });
    expect(run.code, run.output).toBe(3);
    expect(run.output).toContain(`127.0.0.1 is this machine: is the target started, and on port ${port}?`);
    expect(run.output).not.toMatch(/HTTPS?_PROXY/);
  });

  test(
    `a declared bookingReference limit under ${MIN_BOOKING_REFERENCE_LIMIT} is refused before any request, ` +
      `naming the minimum`,
    async () => {
      const config = writePeerConfig(dir, peer, (c) => {
        c.booking = { limits: { bookingReference: 40 } };
      });
      const run = await certifyPartner(config, path.join(dir, 'reports'));
      expect(run.code, run.output).toBe(CONFIG_ERROR_EXIT);
      expect(run.output).toContain(
        `booking.limits.bookingReference is 40, ` +
          `but the harness's own booking references need ${MIN_BOOKING_REFERENCE_LIMIT}`,
      );
      expect(run.output).not.toMatch(/preflight:/);
    },
  );
});

test(
  'a .env secret cut at an unquoted "#" gets a quoting hint; a quoted one none; one set in the shell says the ' +
    "shell's was used when .env differs",
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-dotenv-'));
    try {
      const file = path.join(dir, '.env');
      writeFileSync(file, 'MY_SECRET=Pr1m+ry&key=50% off #Zürich\nMY_QUOTED="R3ad #only"\n');
      const fromDotenv = {
        MY_SECRET: 'Pr1m+ry&key=50% off',
        MY_QUOTED: 'R3ad #only',
        [SOURCES_VARIABLE]: 'MY_SECRET=dotenv,MY_QUOTED=dotenv',
      };
      expect(envValueHint('MY_SECRET', fromDotenv, file)).toBe(
        `; its value in .env looks cut at a "#" (an unquoted # starts a comment there): quote it, MY_SECRET='…'`,
      );
      expect(envValueHint('MY_QUOTED', fromDotenv, file)).toBeUndefined();
      // the shell's, the same as .env's
      expect(envValueHint('MY_QUOTED', { MY_QUOTED: 'R3ad #only' }, file)).toBeUndefined();
      expect(envValueHint('MY_SECRET', { MY_SECRET: 'set in the shell' }, file)).toBe(
        "; MY_SECRET is set in your shell and in .env, with different values: the shell's was used (it wins " +
          'over .env); unset it (unset MY_SECRET) to use the one in .env',
      );
      expect(envValueHint('MY_OTHER', { MY_OTHER: 'only in the shell' }, file)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
