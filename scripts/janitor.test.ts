import { expect, test } from '@playwright/test';
import { resolveEnvironment } from '../fixtures/environments/load.ts';
import localConfig from '../fixtures/environments/local.ts';
import { startReferenceServer, type RunningReference } from '../fixtures/reference-api/index.ts';
import { harnessReferences, janitorCertificates, runJanitor } from './janitor.ts';

test.describe('janitor', () => {
  let running: RunningReference;
  test.beforeAll(async () => {
    running = await startReferenceServer();
  });
  test.afterAll(async () => {
    await running?.close();
  });

  test('finds PVH- references anywhere in bookingInfo, and nothing else', () => {
    expect(harnessReferences({ a: null, nested: { ref: 'PVH-run-1' }, list: ['PARTNER-1', 'PVH-run-2'] })).toEqual(['PVH-run-1', 'PVH-run-2']);
    expect(harnessReferences({ ref: 'partner PVH-not-a-prefix', n: 7 })).toEqual([]);
  });

  test('removes only the booking the harness made and leaves a partner booking and unbooked certificates alone', async () => {
    const users = Object.fromEntries(running.users.map((u) => [u.clientId, u]));
    const c = localConfig.credentials;
    const env = resolveEnvironment(localConfig, {
      PVH_BASE_URL: running.baseUrl,
      PVH_AUTH_URL: running.authUrl,
      PVH_LEGACY_BASE_URL: running.legacyBaseUrl,
      [c.primary.clientIdEnv]: users['partner-all']!.clientId,
      [c.primary.clientSecretEnv]: users['partner-all']!.clientSecret,
      [c.limitedVenue!.clientIdEnv]: 'x',
      [c.limitedVenue!.clientSecretEnv]: 'x',
      [c.readOnly!.clientIdEnv]: 'x',
      [c.readOnly!.clientSecretEnv]: 'x',
      [c.shortLived!.clientIdEnv]: 'x',
      [c.shortLived!.clientSecretEnv]: 'x',
      [c.legacy!.usernameEnv]: 'x',
      [c.legacy!.passwordEnv]: 'x',
    });
    const [ours, foreign, untouched] = janitorCertificates(env);
    const store = running.reference.ctx.store;
    const booking = (bookingReference: string) => ({ notes: 'n', bookingDate: '2026-12-24', bookingTime: '18:30:00', bookingReference, bookedAt: new Date().toISOString() });
    expect(store.book(store.byRef(ours!.reference)!, booking('PVH-leftover-1'))).toBe(true);
    expect(store.book(store.byRef(foreign!.reference)!, booking('PARTNER-REAL-42'))).toBe(true);

    const lines: string[] = [];
    const actions = await runJanitor(env, [ours!, foreign!, untouched!], { log: (l) => lines.push(l) });

    expect(actions.map((a) => [a.reference, a.outcome])).toEqual([
      [ours!.reference, 'removed'],
      [foreign!.reference, 'left'],
      [untouched!.reference, 'left'],
    ]);
    expect(store.byRef(ours!.reference)!.booking).toBeNull();
    expect(store.byRef(foreign!.reference)!.booking?.bookingReference).toBe('PARTNER-REAL-42');
    expect(lines).toHaveLength(3);
  });

  test('a dry run removes nothing', async () => {
    const users = Object.fromEntries(running.users.map((u) => [u.clientId, u]));
    const config = { ...localConfig, credentials: { primary: localConfig.credentials.primary } };
    const env = resolveEnvironment(config, {
      PVH_BASE_URL: running.baseUrl,
      PVH_AUTH_URL: running.authUrl,
      [config.credentials.primary.clientIdEnv]: users['partner-all']!.clientId,
      [config.credentials.primary.clientSecretEnv]: users['partner-all']!.clientSecret,
    });
    const cert = janitorCertificates(env).at(-1)!;
    const rec = running.reference.ctx.store.byRef(cert.reference)!;
    running.reference.ctx.store.book(rec, { notes: null, bookingDate: null, bookingTime: null, bookingReference: 'PVH-dry', bookedAt: new Date().toISOString() });
    const actions = await runJanitor(env, [cert], { dryRun: true, log: () => {} });
    expect(actions[0]?.outcome).toBe('would-remove');
    expect(rec.booking?.bookingReference).toBe('PVH-dry');
  });
});
