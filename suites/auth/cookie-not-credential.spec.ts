import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, needs, observe } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf } from '../../fixtures/harness/checks/refusal.ts';
import { configuredRoles, cookiesObserved, jarContents, readableFor } from '../../fixtures/harness/checks/cookies.ts';

// Most partner clients keep cookies (browsers, .NET's HttpClient, Java's with a CookieHandler,
// Postman), and a stack that keeps the authenticated context in an HTTP session serves a request
// that carries only its session cookie. Each API user's client has its own jar (the suites' client
// keeps them from test to test); every request here carries only what that jar holds, after the
// user's own authenticated requests. A control without cookies first: a target that serves
// requests without any credential fails PV-5-BEARER-REQUIRED, not this clause.
test.describe('Cookies are not credentials', () => {
  test(
    ...clauseTest(
      "GET with only the cookies each API user's client keeps, no Authorization, is refused with 401",
      covers('PV-5-NO-COOKIE-AUTH'),
    ),
    async ({ api, environment, pool }) => {
      for (const role of configuredRoles(environment)) {
        const id = readableFor(role, pool);
        // With its own token first: what that answer sets is what its client then keeps (the answer itself is other
        // checks' to judge).
        await api.getCertificate(id, {
          as: role,
          label: `GET ${id} as ${role} with its token (its answers may set cookies)`,
        });
        const bare = await api.getCertificate(id, {
          token: null,
          cookies: false,
          label: `GET ${id} with no token and no cookie (control)`,
        });
        expect(
          bare.status,
          because(
            'PV-5-BEARER-REQUIRED',
            `GET ${id} without any credential is refused with 401, got HTTP ${bare.status}`,
          ),
        ).toBe(401);
        const res = await api.getCertificate(id, {
          as: role,
          token: null,
          label: `GET ${id} with only ${role}'s cookies`,
        });
        expect(
          res.status,
          because(
            'PV-5-NO-COOKIE-AUTH',
            `GET ${id} carrying only ${jarContents(api, role)} of ${role}'s client, no Authorization, is ` +
              `refused with 401, got HTTP ${res.status} ${res.text.slice(0, 160)}`,
          ),
        ).toBe(401);
      }
      observe('PV-5-NO-COOKIE-AUTH', cookiesObserved(api));
    },
  );

  test(
    ...clauseTest(
      "POST and DELETE booking with only the cookies each API user's client keeps are refused with 401 and " +
        'change nothing',
      covers('PV-5-NO-COOKIE-AUTH'),
      needs('writes'),
    ),
    async ({ api, environment, bookable }) => {
      const ref = bookable.reference;
      // Writes by each user with its own token first: a session may be made on a booking too.
      const setup = validBooking({ notes: 'made with a token: its answers may set cookies' });
      expect(
        (await api.book(ref, setup)).status,
        because('PV-3-CREATE', `setup: booking ${ref} with a valid token succeeds`),
      ).toBeLessThan(300);
      expect(
        (await api.removeBooking(ref)).status,
        because('PV-3-REMOVE', `setup: removing that booking with a valid token succeeds`),
      ).toBeLessThan(300);
      for (const role of configuredRoles(environment)) {
        const booking = validBooking({ notes: `must not be booked: only ${role}'s cookies` });
        const bare = await api.book(ref, booking, {
          token: null,
          cookies: false,
          label: `book ${ref} with no token and no cookie (control)`,
        });
        expect(
          bare.status,
          because(
            'PV-5-BEARER-REQUIRED',
            `POST booking of ${ref} without any credential is refused with 401, got HTTP ${bare.status}`,
          ),
        ).toBe(401);
        const res = await api.book(ref, booking, {
          as: role,
          token: null,
          label: `book ${ref} with only ${role}'s cookies`,
        });
        expect(
          res.status,
          because(
            'PV-5-NO-COOKIE-AUTH',
            `POST booking of ${ref} carrying only ${jarContents(api, role)} of ${role}'s client is refused ` +
              `with 401, got HTTP ${res.status} ${res.text.slice(0, 160)}`,
          ),
        ).toBe(401);
        expect(
          containsValue(await bookingInfoOf(api, ref), booking.bookingReference),
          because('PV-5-NO-COOKIE-AUTH', `the refused booking of ${ref} with only ${role}'s cookies booked nothing`),
        ).toBe(false);
      }
      const kept = validBooking({ notes: 'must survive removals that carry only cookies' });
      expect(
        (await api.book(ref, kept, { label: 'book with a valid token (setup)' })).status,
        because('PV-3-CREATE', `setup: booking ${ref} with a valid token succeeds`),
      ).toBeLessThan(300);
      // Seen before the removals, so a booking missing after them was removed, not never shown (a stale read).
      expect(
        containsValue(await bookingInfoOf(api, ref), kept.bookingReference),
        because('PV-3-CREATE', `setup: the booking of ${ref} made with a valid token shows in the next read`),
      ).toBe(true);
      for (const role of configuredRoles(environment)) {
        const bare = await api.removeBooking(ref, {
          token: null,
          cookies: false,
          label: `remove booking of ${ref} with no token and no cookie (control)`,
        });
        expect(
          bare.status,
          because(
            'PV-5-BEARER-REQUIRED',
            `DELETE booking of ${ref} without any credential is refused with 401, got HTTP ${bare.status}`,
          ),
        ).toBe(401);
        const res = await api.removeBooking(ref, {
          as: role,
          token: null,
          label: `remove booking of ${ref} with only ${role}'s cookies`,
        });
        expect(
          res.status,
          because(
            'PV-5-NO-COOKIE-AUTH',
            `DELETE booking of ${ref} carrying only ${jarContents(api, role)} of ${role}'s client is refused ` +
              `with 401, got HTTP ${res.status} ${res.text.slice(0, 160)}`,
          ),
        ).toBe(401);
        expect(
          containsValue(await bookingInfoOf(api, ref), kept.bookingReference),
          because('PV-5-NO-COOKIE-AUTH', `the booking of ${ref} survives a removal with only ${role}'s cookies`),
        ).toBe(true);
      }
      observe('PV-5-NO-COOKIE-AUTH', cookiesObserved(api));
    },
  );
});
