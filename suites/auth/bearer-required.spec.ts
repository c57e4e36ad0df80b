import { randomBytes } from 'node:crypto';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import type { ClauseId } from '../../fixtures/contract/clauses.ts';
import type { HttpResponse } from '../../fixtures/harness/http/client.ts';
import type { AuthOptions, PartnerApi } from '../../fixtures/harness/api/partner-api.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, should } from '../../fixtures/harness/verdicts.ts';
import { cellsOf, ways, type Cell } from '../../fixtures/contract/ways-in.ts';
import { bearerChallenge } from '../../fixtures/harness/checks/challenge.ts';
import { basicIn } from '../../fixtures/harness/checks/basic-charset.ts';
import { formEncodeValue } from '../../fixtures/contract/form.ts';

/** Changes the last four characters, staying inside the b64token alphabet (RFC 6750 §2.1). The
 * last character of a base64 signature may carry only padding bits, so one change is not enough. */
function tamper(token: string): string {
  const tail = [...token.slice(-4)].map((c) => (c === 'A' ? 'B' : 'A')).join('');
  return token.slice(0, -4) + tail;
}

interface Credentials {
  name: string;
  /** What the request carried: none, a malformed header, other credentials, or a bearer token. */
  kind: 'none' | 'malformed' | 'other-scheme' | 'token';
  auth: (api: PartnerApi) => Promise<AuthOptions>;
  extraClause?: ClauseId;
}

/** The request's credentials for one cell of the matrix (expired tokens: token-lifetime.spec.ts). */
function credentialsFor(cell: Cell): Credentials {
  const scheme = cell.scheme ?? 'Bearer';
  switch (cell.token) {
    case 'none':
      return { name: 'no Authorization header', kind: 'none', auth: async () => ({ token: null }) };
    case 'basic':
    case 'basic-encoded': {
      // A migration fallback may take Basic decoded as its token endpoint decodes it (each half
      // form-decoded, RFC 6749 §2.3.1): then only the encoded form, the one a client copies from
      // its token request, authenticates, and a secret with "+" or "%" hides it from the raw one.
      const encoded = cell.token === 'basic-encoded';
      return {
        name: encoded
          ? "HTTP Basic with the user's client_id and secret form-encoded (as in a token request)"
          : "HTTP Basic with the user's real client_id and secret",
        kind: 'other-scheme',
        extraClause: 'PV-5-NO-BASIC',
        auth: async (api) => {
          const c = api.env.credentials.primary;
          return {
            authorization: encoded
              ? basicIn(formEncodeValue(c.clientId), formEncodeValue(c.clientSecret), 'utf8')
              : basicIn(c.clientId, c.clientSecret, 'utf8'),
          };
        },
      };
    }
    case 'legacy-basic':
      // A migration stack may keep the old interface's Basic authenticator for every /api/v1 path.
      return {
        name: "HTTP Basic with the old interface's username and password",
        kind: 'other-scheme',
        extraClause: 'PV-5-NO-BASIC',
        auth: async (api) => {
          const l = api.env.credentials.legacy!;
          return { authorization: basicIn(l.username, l.password, 'utf8') };
        },
      };
    case 'malformed': {
      // Two malformed shapes, one per spelling: an empty credential, and two tokens.
      const header = scheme === 'Bearer' ? 'Bearer' : `${scheme} a b`;
      return {
        name: `a malformed "${header}" header`,
        kind: 'malformed',
        auth: async () => ({ authorization: header }),
      };
    }
    case 'tampered':
      return {
        name: `a tampered token (scheme "${scheme}")`,
        kind: 'token',
        auth: async (api) => ({ authorization: `${scheme} ${tamper(await api.token())}` }),
      };
    default:
      return {
        name: `an unknown random token (scheme "${scheme}")`,
        kind: 'token',
        auth: async () => ({ authorization: `${scheme} ${randomBytes(32).toString('base64url')}` }),
      };
  }
}

/** The assertions every refused request shares; returns nothing, asserts in this spec only. */
function expectRefused(res: HttpResponse, what: string, cred: Credentials): void {
  const clauseId: ClauseId = cred.extraClause ?? 'PV-5-BEARER-REQUIRED';
  if (cred.kind === 'malformed') {
    // RFC 6750 §3.1: a malformed request may be 400 invalid_request instead of 401.
    expect(
      [400, 401],
      because(clauseId, `${what} is refused with 400 or 401, got HTTP ${res.status} ${res.text.slice(0, 200)}`),
    ).toContain(res.status);
  } else {
    expect(
      res.status,
      because(clauseId, `${what} is refused with 401, got HTTP ${res.status} ${res.text.slice(0, 200)}`),
    ).toBe(401);
  }
  if (res.status !== 401) return;
  const header = res.header('www-authenticate');
  const challenge = bearerChallenge(header);
  expect(
    challenge,
    because(
      'RFC6750-3-CHALLENGE',
      `the 401 for ${what} carries WWW-Authenticate with the Bearer scheme, got "${header ?? '(absent)'}"`,
    ),
  ).toBeDefined();
  if (cred.kind === 'token') {
    should(
      challenge?.params.error === 'invalid_token',
      'RFC6750-3-INVALID-TOKEN',
      `the challenge for ${what} has error "${challenge?.params.error ?? '(none)'}", expected invalid_token`,
    );
  }
  if (cred.kind === 'none' || cred.kind === 'other-scheme') {
    // RFC 6750 §3.1: no authentication information (or an unsupported method) gets no error code.
    should(
      challenge?.params.error === undefined,
      'RFC6750-3.1-NO-ERROR',
      `the challenge for ${what} has error "${challenge?.params.error}", expected no error code`,
    );
  }
}

function clausesFor(cred: Credentials): ClauseId[] {
  const ids: ClauseId[] = ['PV-5-BEARER-REQUIRED', 'RFC6750-3-CHALLENGE'];
  if (cred.extraClause) ids.push(cred.extraClause);
  if (cred.kind === 'token') ids.push('RFC6750-3-INVALID-TOKEN');
  if (cred.kind === 'none' || cred.kind === 'other-scheme') ids.push('RFC6750-3.1-NO-ERROR');
  return ids;
}

/** The certificate's bookingInfo, read back with a valid token after a refused write. */
async function bookingReadBack(api: PartnerApi, reference: string): Promise<unknown> {
  const after = await api.getCertificate(reference, { label: 'read back with a valid token' });
  expect(
    after.status,
    because('PV-4.2-GET', `reading ${reference} back with a valid token answers 200, got HTTP ${after.status}`),
  ).toBe(200);
  return after.json<{ bookingInfo?: unknown }>()?.bookingInfo;
}

const CELLS = cellsOf('bearer-refused').filter((c) => c.token !== 'expired');
const forOp = (op: Cell['op']) => CELLS.filter((c) => c.op === op);
const refusedTest = (route: string, cell: Cell, cred: Credentials) =>
  clauseTest(
    `${route} with ${cred.name} is refused with a Bearer challenge`,
    covers(...clausesFor(cred)),
    ways('bearer-refused', cell),
  );

test.describe('Bearer enforcement: GET a certificate', () => {
  for (const cell of forOp('get')) {
    const cred = credentialsFor(cell);
    test(...refusedTest('GET certificate', cell, cred), async ({ api, pool }) => {
      const res = await api.getCertificate(pool.any().reference, {
        ...(await cred.auth(api)),
        label: `get with ${cred.name}`,
      });
      expectRefused(res, `GET certificate with ${cred.name}`, cred);
    });
  }
});

test.describe('Bearer enforcement: POST a booking', () => {
  for (const cell of forOp('book')) {
    const cred = credentialsFor(cell);
    test(...refusedTest('POST booking', cell, cred), async ({ api, bookable }) => {
      const booking = validBooking({ notes: 'must not be booked: bad credentials' });
      const res = await api.book(bookable.reference, booking, {
        ...(await cred.auth(api)),
        label: `book with ${cred.name}`,
      });
      expectRefused(res, `POST booking with ${cred.name}`, cred);
      expect(
        containsValue(await bookingReadBack(api, bookable.reference), booking.bookingReference),
        because('PV-5-BEARER-REQUIRED', `POST booking with ${cred.name} booked nothing`),
      ).toBe(false);
    });
  }
});

test.describe('Bearer enforcement: DELETE a booking', () => {
  for (const cell of forOp('remove')) {
    const cred = credentialsFor(cell);
    test(...refusedTest('DELETE booking', cell, cred), async ({ api, bookable }) => {
      const booking = validBooking({ notes: 'must survive a DELETE with bad credentials' });
      const made = await api.book(bookable.reference, booking, { label: 'book with a valid token (setup)' });
      expect(
        made.status,
        because(
          'PV-3-CREATE',
          `setup: booking with a valid token must succeed, got HTTP ${made.status} ${made.text.slice(0, 200)}`,
        ),
      ).toBeLessThan(300);
      // Seen before the refused DELETE, so a booking missing after it was removed, not never shown (a stale read).
      const before = await api.getCertificate(bookable.reference, { label: 'read the booking before the DELETE' });
      expect(
        containsValue(before.json<{ bookingInfo?: unknown }>()?.bookingInfo, booking.bookingReference),
        because(
          'PV-3-CREATE',
          `setup: the booking of ${bookable.reference} answered HTTP ${made.status}, and the next read shows ` +
            `it (got HTTP ${before.status} ${before.text.slice(0, 200)})`,
        ),
      ).toBe(true);
      const res = await api.removeBooking(bookable.reference, {
        ...(await cred.auth(api)),
        label: `remove booking with ${cred.name}`,
      });
      expectRefused(res, `DELETE booking with ${cred.name}`, cred);
      expect(
        containsValue(await bookingReadBack(api, bookable.reference), booking.bookingReference),
        because('PV-5-BEARER-REQUIRED', `DELETE booking with ${cred.name} removed nothing`),
      ).toBe(true);
    });
  }
});
