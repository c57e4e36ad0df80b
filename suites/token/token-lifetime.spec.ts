import { expect, test } from '../../fixtures/harness/test.ts';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { validBooking } from '../../fixtures/harness/pool.ts';
import { because, clauseTest, covers, notTested, observe, should } from '../../fixtures/harness/verdicts.ts';
import { cellsOf, describeCell, ways } from '../../fixtures/contract/ways-in.ts';
import { bookingInfoOf } from '../../fixtures/harness/checks/refusal.ts';
import { bearerChallenge } from '../../fixtures/harness/checks/challenge.ts';

test.describe('Token lifetime', () => {
  const expiredCells = cellsOf('bearer-refused').filter((c) => c.token === 'expired');
  test(...clauseTest('a token works within its lifetime; once expired it is refused with a Bearer challenge on every operation and scheme spelling', covers('PV-5-LIFETIME', 'PV-5-BEARER-REQUIRED', 'RFC6750-3-CHALLENGE', 'RFC6750-3-INVALID-TOKEN'), ways('bearer-refused', ...expiredCells)), async ({ api, environment, pool }) => {
    const shortLived = environment.credentials.shortLived;
    const maxLifetime = shortLived!.maxLifetimeSeconds;

    // Taken before the request: the target issues the token later, so its expiry is no earlier than this + expires_in.
    const requestedAt = Date.now();
    const issued = await api.requestToken(api.credentialsForm('shortLived'), { label: 'token for shortLived' });
    const body = issued.json<{ access_token?: unknown; expires_in?: unknown }>();
    expect(issued.status, because('PV-5-LIFETIME', `the shortLived user gets a token, got HTTP ${issued.status} ${issued.text.slice(0, 200)}`)).toBe(200);
    expect(typeof body?.access_token, because('PV-5-LIFETIME', 'the token response carries an access_token')).toBe('string');
    const token = body!.access_token as string;
    const expiresIn = Number(body?.expires_in);
    if (!Number.isFinite(expiresIn) || expiresIn <= 0 || expiresIn > maxLifetime) {
      observe('PV-5-LIFETIME', `the shortLived user's token says expires_in ${String(body?.expires_in)}, more than the configured maxLifetimeSeconds ${maxLifetime}: expiry not probed`);
      notTested({ why: `the shortLived user's tokens say expires_in ${String(body?.expires_in)}, more than its maxLifetimeSeconds ${maxLifetime}: waiting for expiry would take too long`, setting: 'credentials.shortLived', enable: 'configure a shortLived user whose tokens live at most `maxLifetimeSeconds`' });
    }
    // Budget: the whole lifetime, 5 s of clock skew and slack, plus time for the other requests.
    const budgetMs = (expiresIn + 5) * 1000;
    test.setTimeout(budgetMs + 30_000);

    const id = pool.any().reference;
    const first = await api.getCertificate(id, { token, label: 'fresh short-lived token' });
    expect(first.status, because('PV-5-LIFETIME', `a fresh token works at once, got HTTP ${first.status}`)).toBe(200);

    let last = first;
    let refusedAfterMs = 0;
    // Dense polling, so a token that dies early is caught close to the moment it died.
    await expect
      .poll(
        async () => {
          last = await api.getCertificate(id, { token, label: 'short-lived token, waiting for expiry' });
          refusedAfterMs = Date.now() - requestedAt;
          return last.status;
        },
        { message: because('PV-5-LIFETIME', `a token with expires_in ${expiresIn} is refused with 401 within ${expiresIn + 5} s`), timeout: budgetMs, intervals: [100] },
      )
      .toBe(401);
    // A refusal that arrived before requestedAt + expires_in came before the stated lifetime was over.
    // Slack: expiry kept in whole seconds (e.g. a JWT exp) can end up to 1 s early; for very short
    // lifetimes a quarter of it, so that a token dying at half its lifetime is still caught.
    const slackMs = Math.min(1000, expiresIn * 250);
    expect(refusedAfterMs, because('PV-5-LIFETIME', `a token with expires_in ${expiresIn} must keep working for its whole lifetime, but it was refused ${(refusedAfterMs / 1000).toFixed(2)} s after it was requested`)).toBeGreaterThanOrEqual(expiresIn * 1000 - slackMs);

    const challenge = bearerChallenge(last.header('www-authenticate'));
    expect(challenge, because('RFC6750-3-CHALLENGE', `the 401 for an expired token carries a Bearer challenge, got WWW-Authenticate "${last.header('www-authenticate') ?? '(absent)'}"`)).toBeDefined();
    should(challenge?.params.error === 'invalid_token', 'RFC6750-3-INVALID-TOKEN', `an expired token's challenge has error "${challenge?.params.error ?? '(none)'}", expected invalid_token`);

    // The same expired token on every operation and spelling: expiry must not be checked on one route only.
    const cert = environment.writable.length > 0 ? pool.bookable() : undefined;
    for (const cell of expiredCells) {
      const authorization = `${cell.scheme} ${token}`;
      const what = `${describeCell(cell)}`;
      if (cell.op === 'get') {
        const res = await api.getCertificate(id, { authorization, label: `expired token, ${what}` });
        expect(res.status, because('PV-5-LIFETIME', `${what} is refused with 401, got HTTP ${res.status}`)).toBe(401);
        continue;
      }
      if (!cert) {
        observe('PV-5-LIFETIME', `${what} not probed: writes are not allowed on ${environment.name}`);
        continue;
      }
      if (cell.op === 'book') {
        const booking = validBooking({ notes: 'must not be booked: expired token' });
        const res = await api.book(cert.reference, booking, { authorization, label: `expired token, ${what}` });
        expect(res.status, because('PV-5-LIFETIME', `${what} is refused with 401, got HTTP ${res.status}`)).toBe(401);
        expect(containsValue(await bookingInfoOf(api, cert.reference), booking.bookingReference), because('PV-5-LIFETIME', `${what} booked nothing`)).toBe(false);
        continue;
      }
      const booking = validBooking({ notes: 'must survive a removal with an expired token' });
      const made = await api.book(cert.reference, booking, { label: 'book with a valid token (setup)' });
      expect(made.status, because('PV-3-CREATE', `setup: booking with a valid token succeeds, got HTTP ${made.status}`)).toBeLessThan(300);
      const res = await api.removeBooking(cert.reference, { authorization, label: `expired token, ${what}` });
      expect(res.status, because('PV-5-LIFETIME', `${what} is refused with 401, got HTTP ${res.status}`)).toBe(401);
      expect(containsValue(await bookingInfoOf(api, cert.reference), booking.bookingReference), because('PV-5-LIFETIME', `${what} removed nothing`)).toBe(true);
      const undo = await api.removeBooking(cert.reference, { label: 'remove with a valid token (setup)' });
      expect(undo.status, because('PV-3-REMOVE', `setup: removing with a valid token succeeds, got HTTP ${undo.status}`)).toBeLessThan(300);
    }
  });
});
