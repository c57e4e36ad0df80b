import { expect, test } from '../../fixtures/harness/test.ts';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import {
  because,
  clauseTest,
  covers,
  inconclusive,
  needs,
  notTested,
  observe,
  should,
} from '../../fixtures/harness/verdicts.ts';
import { cellsOf, describeCell, ways } from '../../fixtures/contract/ways-in.ts';
import { bookingInfoOf } from '../../fixtures/harness/checks/refusal.ts';
import { bearerChallenge } from '../../fixtures/harness/checks/challenge.ts';
import {
  acceptedPastEnd,
  earlyRefusal,
  firstRefusal,
  lateAcceptance,
  lateDeadlineMs,
  seconds,
  WHOLE_SECOND_MS,
} from '../../fixtures/harness/token-time/judge.ts';
import { watchedExpiry } from '../../fixtures/harness/token-time/read-watch.ts';
import { failed } from '../../fixtures/harness/token-time/clock.ts';

/** An expired token accepted breaks its lifetime; refused with another status than 401 (a 403), the 401 promise. */
const expiredClause = (status: number) => (status >= 200 && status < 300 ? 'PV-5-LIFETIME' : 'PV-5-BEARER-REQUIRED');

// The short-lived user's token is watched from the worker's first test on (token-time/clock.ts):
// these checks read what the clock saw, waiting only for what it has not seen yet.
test.describe('Token lifetime', () => {
  test(
    ...clauseTest(
      'a short-lived token works for the whole life its expires_in states, less the second whole-second ' +
        'expiry may take',
      covers('PV-5-LIFETIME'),
      needs('shortLived'),
    ),
    async ({ tokenClock, exchanges, environment }) => {
      const w = await watchedExpiry(tokenClock, exchanges, environment);
      // The token request the spec shows, refused: nothing of the token's life can be judged.
      if (failed(w)) return expect(w.tokenStatus, because('PV-4.1-FORM', w.failed)).toBe(200);
      if (w.expiresIn * 1000 - WHOLE_SECOND_MS < 1000) {
        notTested({
          why:
            `the shortLived user's tokens say expires_in ${w.expiresIn}: within the second whole-second expiry ` +
            `may take, a token dying early cannot be told from one dying on time`,
          setting: 'credentials.shortLived',
          enable: 'configure a shortLived user whose tokens live at least 3 s',
        });
      }
      const [fresh] = w.probes;
      // Refused at once while another, issued right after, is accepted: this one was ended (another token of its user
      // issued meanwhile), valid tokens are not refused.
      if (fresh?.status === 401 && w.freshAgain?.status === 200)
        expect(
          fresh.status,
          because(
            'PV-5-LIFETIME',
            `a short-lived token just issued was refused at once (HTTP 401), while another of the same user, ` +
              `issued right after, was accepted: something ended the first before its stated life ${w.expiresIn} ` +
              `s was over (another token of the same user, issued meanwhile by this run?)`,
          ),
        ).not.toBe(401);
      expect(
        fresh?.status,
        because(
          'PV-5-BEARER-ACCEPTED',
          `a short-lived token just issued is accepted at once, got HTTP ${fresh?.status ?? '(no answer)'}`,
        ),
      ).not.toBe(401);
      const early = earlyRefusal(w);
      expect(
        early,
        because(
          'PV-5-LIFETIME',
          `a token with expires_in ${w.expiresIn} must keep working for its whole stated life (whole-second ` +
            `expiry may take 1 s off it), but it was refused ${seconds(early?.at ?? 0)} after it was requested`,
        ),
      ).toBeUndefined();
      const reached = w.probes.some((p) => p.status === 200 && p.at + p.durationMs >= w.expiresIn * 1000 - 1500);
      if (!reached && w.stoppedBy)
        inconclusive(`the short-lived token was not used near its stated end: ${w.stoppedBy}`);
    },
  );

  const expiredCells = cellsOf('bearer-refused').filter((c) => c.token === 'expired');
  test(
    ...clauseTest(
      'a token is refused once its stated life and the declared clock skew are over, with a Bearer challenge, ' +
        'on every operation and scheme spelling',
      covers('PV-5-LIFETIME', 'PV-5-BEARER-REQUIRED', 'RFC6750-3-CHALLENGE', 'RFC6750-3-INVALID-TOKEN'),
      ways('bearer-refused', ...expiredCells),
    ),
    async ({ api, environment, pool, tokenClock, exchanges }) => {
      const w = await watchedExpiry(tokenClock, exchanges, environment);
      // The token request the spec shows, refused: nothing of the token's life can be judged.
      if (failed(w)) return expect(w.tokenStatus, because('PV-4.1-FORM', w.failed)).toBe(200);
      const late = lateAcceptance(w, w.leewaySeconds);
      const end = w.answeredAfterMs + Math.max(w.expiresIn, w.jwtLifetime ?? 0) * 1000;
      expect(
        late,
        because(
          'PV-5-LIFETIME',
          `a token with expires_in ${w.expiresIn} must be refused once its life and the declared clock skew ` +
            `of ${w.leewaySeconds} s (credentials.shortLived.clockSkewSeconds) are over, but it was still ` +
            `accepted ${seconds((late?.at ?? 0) - end)} after its stated end`,
        ),
      ).toBeUndefined();
      const refusal = firstRefusal(w);
      if (!refusal) {
        if (w.stoppedBy)
          inconclusive(`the short-lived token was watched until ${seconds(w.probes.at(-1)?.at ?? 0)}: ${w.stoppedBy}`);
        // A watch that waited out the skew ends on a use past it: accepted, it failed above.
        if (w.lateEndWaited)
          inconclusive(
            `the short-lived token was watched until ${seconds(w.probes.at(-1)?.at ?? 0)}, short of the end ` +
              `of the declared clock skew`,
          );
        const needed = Math.ceil(lateDeadlineMs(w, w.leewaySeconds) / 1000) + 5;
        notTested({
          why:
            `the short-lived token was still accepted ${seconds((w.probes.at(-1)?.at ?? 0) - end)} after its ` +
            `stated end, within the declared clock skew of ${w.leewaySeconds} s, and waiting that out (${needed} ` +
            `s) is longer than this run holds tokens (${w.budgetSeconds} s)`,
          setting: 'certify.tokenHoldSeconds',
          enable:
            `set certify.tokenHoldSeconds to ${needed} or more (a nightly run, or npm run certify -- ` +
            `--token-hold ${needed}), or accept the gap in acceptedGaps`,
        });
      }
      const past = acceptedPastEnd(w);
      if (past !== undefined)
        observe(
          'PV-5-LIFETIME',
          `a token with expires_in ${w.expiresIn} was still accepted ${past.toFixed(1)} s after its stated ` +
            (`end and refused ${seconds(refusal.at - end)} after it: a clock skew of about that much ` +
              `(declared: ${w.leewaySeconds} `) +
            `s)`,
        );

      const token = tokenClock.expiredToken!;
      const id = pool.any().reference;
      const last = await api.getCertificate(id, { token, label: 'expired token' });
      expect(
        last.status,
        because(expiredClause(last.status), `an expired token stays refused with 401, got HTTP ${last.status}`),
      ).toBe(401);
      const challenge = bearerChallenge(last.header('www-authenticate'));
      expect(
        challenge,
        because(
          'RFC6750-3-CHALLENGE',
          `the 401 for an expired token carries a Bearer challenge, got WWW-Authenticate ` +
            `"${last.header('www-authenticate') ?? '(absent)'}"`,
        ),
      ).toBeDefined();
      should(
        challenge?.params.error === 'invalid_token',
        'RFC6750-3-INVALID-TOKEN',
        `an expired token's challenge has error "${challenge?.params.error ?? '(none)'}", expected invalid_token`,
      );

      // The same expired token on every operation and spelling: expiry must not be checked on one route only.
      const cert = environment.writable.length > 0 ? pool.bookable() : undefined;
      for (const cell of expiredCells) {
        const authorization = `${cell.scheme} ${token}`;
        const what = `${describeCell(cell)}`;
        if (cell.op === 'get') {
          const res = await api.getCertificate(id, { authorization, label: `expired token, ${what}` });
          expect(
            res.status,
            because(expiredClause(res.status), `${what} is refused with 401, got HTTP ${res.status}`),
          ).toBe(401);
          continue;
        }
        if (!cert) {
          observe('PV-5-LIFETIME', `${what} not probed: writes are not allowed on ${environment.name}`);
          continue;
        }
        if (cell.op === 'book') {
          const booking = validBooking({ notes: 'must not be booked: expired token' });
          const res = await api.book(cert.reference, booking, { authorization, label: `expired token, ${what}` });
          expect(
            res.status,
            because(expiredClause(res.status), `${what} is refused with 401, got HTTP ${res.status}`),
          ).toBe(401);
          expect(
            containsValue(await bookingInfoOf(api, cert.reference), booking.bookingReference),
            because('PV-5-LIFETIME', `${what} booked nothing`),
          ).toBe(false);
          continue;
        }
        const booking = validBooking({ notes: 'must survive a removal with an expired token' });
        const made = await api.book(cert.reference, booking, { label: 'book with a valid token (setup)' });
        expect(
          made.status,
          because('PV-3-CREATE', `setup: booking with a valid token succeeds, got HTTP ${made.status}`),
        ).toBeLessThan(300);
        // Seen before the refused DELETE, so a booking missing after it was removed, not never shown (a stale read).
        expect(
          containsValue(await bookingInfoOf(api, cert.reference), booking.bookingReference),
          because(
            'PV-3-CREATE',
            `setup: the booking of ${cert.reference} answered HTTP ${made.status}, and the next read shows it`,
          ),
        ).toBe(true);
        const res = await api.removeBooking(cert.reference, { authorization, label: `expired token, ${what}` });
        expect(
          res.status,
          because(expiredClause(res.status), `${what} is refused with 401, got HTTP ${res.status}`),
        ).toBe(401);
        expect(
          containsValue(await bookingInfoOf(api, cert.reference), booking.bookingReference),
          because('PV-5-LIFETIME', `${what} removed nothing`),
        ).toBe(true);
        const undo = await api.removeBooking(cert.reference, { label: 'remove with a valid token (setup)' });
        expect(
          undo.status,
          because('PV-3-REMOVE', `setup: removing with a valid token succeeds, got HTTP ${undo.status}`),
        ).toBeLessThan(300);
      }
    },
  );
});
