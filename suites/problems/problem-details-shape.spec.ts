import { badExtensionNames, problemViolations } from '../../fixtures/contract/problem-rules.ts';
import type { ClauseId } from '../../fixtures/contract/clauses.ts';
import type { HttpResponse } from '../../fixtures/harness/http/client.ts';
import { API_PREFIX, type PartnerApi } from '../../fixtures/harness/api/partner-api.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, notApplicable, observe, should } from '../../fixtures/harness/verdicts.ts';

const SHAPE: ClauseId[] = [
  'PV-7-MEDIA',
  'PV-2.5-TYPE',
  'PV-2.5-TITLE',
  'PV-2.5-STATUS',
  'PV-2.5-DETAIL',
  'PV-2.5-TRACE',
];
const CLAUSES: ClauseId[] = [...SHAPE, 'RFC9457-4.3-EXTENSION-NAMES'];

/** Asserts an error response is a conformant problem, one soft expect per clause so all breaks show. */
function expectProblem(res: HttpResponse, what: string): void {
  expect(
    res.status,
    because(
      'PV-4-NO-5XX',
      `${what} is a client mistake, not a server error: got HTTP ${res.status} ${res.text.slice(0, 200)}`,
    ),
  ).toBeLessThan(500);
  const violations = problemViolations(res);
  for (const id of SHAPE) {
    expect
      .soft(
        violations.filter((v) => v.clause === id).map((v) => v.message),
        because(id, `${what} (HTTP ${res.status}) is a conformant problem`),
      )
      .toEqual([]);
  }
  const body = res.json<Record<string, unknown>>();
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const bad = badExtensionNames(body);
    should(
      bad.length === 0,
      'RFC9457-4.3-EXTENSION-NAMES',
      `${what}: extension member names ${bad.map((n) => `"${n}"`).join(', ')} are not letters, digits and ` +
        `underscores starting with a letter (3+ characters)`,
    );
  }
}

/** An 8-character alphanumeric reference that is not in the pool, so the target should not know it. */
function unknownReference(api: PartnerApi): string {
  const known = new Set(api.env.pool.map((p) => p.reference.toUpperCase()));
  for (let n = 0; ; n += 1) {
    const candidate = `ZQX${String(n).padStart(5, '0')}`;
    if (!known.has(candidate)) return candidate;
  }
}

test.describe('Problem details: read-only error responses', () => {
  test(
    ...clauseTest('an unknown certificate is answered with a conformant problem', covers(...CLAUSES)),
    async ({ api }) => {
      const res = await api.getCertificate(unknownReference(api), { label: 'get an unknown certificate' });
      expect(
        res.status,
        because('PV-4.2-UNKNOWN', `an unknown certificate is a 4xx, got HTTP ${res.status}`),
      ).toBeGreaterThanOrEqual(400);
      expectProblem(res, 'an unknown certificate');
    },
  );

  test(
    ...clauseTest('a malformed identifier is answered with a conformant problem', covers(...CLAUSES)),
    async ({ api }) => {
      const res = await api.getCertificate('ABC-1', { label: 'get a malformed identifier' });
      expect(
        res.status,
        because('PV-2.2-MALFORMED', `a malformed identifier is a 4xx, got HTTP ${res.status}`),
      ).toBeGreaterThanOrEqual(400);
      expectProblem(res, 'a malformed identifier');
    },
  );

  test(
    ...clauseTest('an unknown route under /api/v1 is answered with a conformant problem', covers(...CLAUSES)),
    async ({ api }) => {
      const res = await api.raw('GET', `${API_PREFIX}/pvh-no-such-resource`, { label: 'get an unknown route' });
      expect(
        res.status,
        because('PV-7-MEDIA', `an unknown route is an error response, got HTTP ${res.status}`),
      ).toBeGreaterThanOrEqual(400);
      expectProblem(res, 'an unknown route');
    },
  );

  test(
    ...clauseTest('the same failing request sent twice gets two traceIds, one per request', covers('PV-2.5-TRACE')),
    async ({ api }) => {
      // The most cacheable failure there is: the same GET of the same unknown certificate, twice.
      const id = unknownReference(api);
      const [a, b] = [
        await api.getCertificate(id, { label: 'get an unknown certificate' }),
        await api.getCertificate(id, { label: 'get it again' }),
      ];
      for (const res of [a, b])
        expect(
          res.status,
          because('PV-4.2-UNKNOWN', `an unknown certificate is a 4xx, got HTTP ${res.status}`),
        ).toBeGreaterThanOrEqual(400);
      const traces = [a, b].map((res) => res.json<Record<string, unknown>>()?.traceId);
      expect(
        traces.every((t) => typeof t === 'string' && t !== ''),
        because('PV-2.5-TRACE', `both problems carry a traceId, got ${JSON.stringify(traces)}`),
      ).toBe(true);
      expect(
        traces[1],
        because(
          'PV-2.5-TRACE',
          `a traceId identifies its request (spec §2.5): ` +
            `two requests got the same traceId ${JSON.stringify(traces[0])}`,
        ),
      ).not.toBe(traces[0]);
    },
  );

  test(
    ...clauseTest('a request without a token is answered with a conformant problem', covers(...CLAUSES)),
    async ({ api, pool }) => {
      const res = await api.getCertificate(pool.any().reference, { token: null, label: 'get without a token' });
      expect(
        res.status,
        because('PV-5-BEARER-REQUIRED', `a request without a token is refused, got HTTP ${res.status}`),
      ).toBeGreaterThanOrEqual(400);
      expectProblem(res, 'a request without a token');
    },
  );
});

test.describe('Problem details: error responses to booking requests', () => {
  test(
    ...clauseTest('malformed JSON is answered with a conformant problem', covers(...CLAUSES)),
    async ({ api, bookable }) => {
      const res = await api.book(bookable.reference, undefined, {
        rawBody: '{"notes": ',
        label: 'book with malformed JSON',
      });
      expect(
        res.status,
        because('PV-4.3-MALFORMED', `a body that is not JSON is a 4xx, got HTTP ${res.status}`),
      ).toBeGreaterThanOrEqual(400);
      expectProblem(res, 'malformed JSON');
    },
  );

  test(
    ...clauseTest(
      'a booking body sent as application/xml is answered with a conformant problem',
      covers(...CLAUSES, 'PV-4.3-MEDIA'),
    ),
    async ({ api, bookable }) => {
      const res = await api.book(bookable.reference, undefined, {
        rawBody: '<booking><notes>xml</notes></booking>',
        contentType: 'application/xml',
        label: 'book with an XML body',
      });
      expect(
        res.status,
        because('PV-4-NO-5XX', `an XML body is a client mistake, not a server error: got HTTP ${res.status}`),
      ).toBeLessThan(500);
      should(
        res.status >= 400,
        'PV-4.3-MEDIA',
        `a booking sent as application/xml answered HTTP ${res.status}, expected a refusal`,
      );
      if (res.status < 400)
        notApplicable(
          `the target accepted an application/xml booking (HTTP ${res.status}): no error response to check`,
        );
      expectProblem(res, 'an application/xml body');
    },
  );

  test(
    ...clauseTest(
      'an oversized body (over 64 KiB) is answered with a conformant problem, never a 5xx',
      covers(...CLAUSES, 'PV-2.3-LIMITS'),
    ),
    async ({ api, bookable }) => {
      const res = await api.book(bookable.reference, validBooking({ notes: 'x'.repeat(70 * 1024) }), {
        label: 'book with a 70 KiB body',
      });
      observe('PV-2.3-LIMITS', `a 70 KiB booking body answered HTTP ${res.status}`);
      expect(
        res.status,
        because('PV-4-NO-5XX', `an oversized body is a client mistake, not a server error: got HTTP ${res.status}`),
      ).toBeLessThan(500);
      // Limits are not shown (spec §2.3): a target may accept it; then there is no problem to check.
      if (res.status < 400)
        notApplicable(`the target accepted a 70 KiB booking (HTTP ${res.status}): no error response to check`);
      expectProblem(res, 'an oversized body');
    },
  );

  test(
    ...clauseTest(`a second booking's 409 is a conformant problem whose title matches its type`, covers(...CLAUSES)),
    async ({ api, bookable }) => {
      const first = await api.book(bookable.reference, validBooking(), { label: 'first booking (setup)' });
      expect(
        first.status,
        because(
          'PV-3-CREATE',
          `setup: the first booking must succeed, got HTTP ${first.status} ${first.text.slice(0, 200)}`,
        ),
      ).toBeLessThan(300);
      const res = await api.book(bookable.reference, validBooking(), { label: 'second booking' });
      expect(res.status, because('PV-3-CONFLICT', `booking a booked certificate is 409, got HTTP ${res.status}`)).toBe(
        409,
      );
      expectProblem(res, 'the 409 of a second booking');
    },
  );
});
