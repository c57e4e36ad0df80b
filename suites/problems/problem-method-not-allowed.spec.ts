import { problemViolations } from '../../fixtures/contract/problem-rules.ts';
import type { ClauseId } from '../../fixtures/contract/clauses.ts';
import type { HttpResponse } from '../../fixtures/harness/http/client.ts';
import { allowedMethods } from '../../fixtures/harness/checks/allow.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, needs, notApplicable, notTested } from '../../fixtures/harness/verdicts.ts';
import { thinSlice } from '../../fixtures/contract/needs.ts';
import { API_METHODS } from '../../fixtures/contract/paths.ts';

const SHAPE: ClauseId[] = [
  'PV-7-MEDIA',
  'PV-2.5-TYPE',
  'PV-2.5-TITLE',
  'PV-2.5-STATUS',
  'PV-2.5-DETAIL',
  'PV-2.5-TRACE',
];

/**
 * A 405 must name what is allowed, never the method it refused, and, like every API error, be a
 * problem. A method the API implements on no resource may instead be 501 Not Implemented (RFC 9110
 * §9.1); one it implements on another resource may not.
 */
function expectMethodNotAllowed(res: HttpResponse, what: string, refused: string, mustAllow: string): void {
  const implemented = API_METHODS.includes(refused);
  if (res.status === 501 && !implemented)
    notApplicable(
      `${what} answered 501 Not Implemented: the API implements ${refused} on no resource, so no 405 and no ` +
        `Allow is owed (RFC 9110 §9.1, §15.6.2)`,
    );
  const why =
    res.status === 501
      ? `: 501 is for a method the server implements on no resource, and the API implements ${refused} (spec ` +
        `§4), so a 405 with Allow is owed (RFC 9110 §15.6.2)`
      : '';
  expect(res.status, because('PV-4-NO-5XX', `${what} is a client mistake, got HTTP ${res.status}${why}`)).toBeLessThan(
    500,
  );
  if (res.status !== 405) notApplicable(`${what} answered HTTP ${res.status}, not 405: no Allow header is owed`);
  const allow = res.header('allow');
  expect(allow, because('RFC9110-15.5.6-ALLOW', `the 405 for ${what} carries an Allow header`)).toBeTruthy();
  const listed = allowedMethods(allow);
  expect(listed, because('RFC9110-15.5.6-ALLOW', `Allow "${allow}" names ${mustAllow}`)).toContain(mustAllow);
  // Allow lists the methods the resource supports (RFC 9110 §10.2.1): the one just refused is not one of them.
  expect(
    listed,
    because(
      'RFC9110-15.5.6-ALLOW',
      `Allow "${allow}" of the 405 for ${what} does not name the refused method ${refused}`,
    ),
  ).not.toContain(refused);
  const violations = problemViolations(res);
  for (const id of SHAPE) {
    expect
      .soft(
        violations.filter((v) => v.clause === id).map((v) => v.message),
        because(id, `the 405 for ${what} is a conformant problem`),
      )
      .toEqual([]);
  }
}

/**
 * Every method each resource does not serve (spec §4: GET a certificate; POST and DELETE its
 * booking): a server's Allow list can be wrong for one resource and one method only (a booking
 * sub-resource that lists PUT it then refuses). Write methods go only to a certificate this run may write.
 */
const CASES = [
  { resource: 'booking', method: 'GET', mustAllow: 'POST' },
  { resource: 'booking', method: 'PUT', mustAllow: 'POST' },
  { resource: 'booking', method: 'PATCH', mustAllow: 'POST' },
  { resource: 'certificate', method: 'PUT', mustAllow: 'GET' },
  { resource: 'certificate', method: 'PATCH', mustAllow: 'GET' },
  { resource: 'certificate', method: 'POST', mustAllow: 'GET' },
] as const;

test.describe('Problem details: methods a resource does not serve', () => {
  for (const c of CASES) {
    const where = c.resource === 'booking' ? 'the booking sub-resource' : 'a certificate';
    test(
      ...clauseTest(
        `${c.method} on ${where}, if refused with 405, names the allowed methods and not ${c.method}; a 5xx ` +
          `only as 501 for a method implemented nowhere`,
        covers('RFC9110-15.5.6-ALLOW', 'PV-7-MEDIA', 'PV-4-NO-5XX'),
        ...(c.method === 'GET' ? [] : [needs('writes')]),
      ),
      async ({ api, pool }) => {
        // GET is a read-only probe, safe on every environment; any other method only on a certificate this run may
        // write.
        const cert = c.method === 'GET' ? pool.any() : pool.bookable();
        if (!cert) return notTested(thinSlice(`writable certificate left for this test`));
        if (c.method !== 'GET') api.touched.add(cert.reference); // a target that books on PUT/PATCH is cleaned up
        const url = c.resource === 'booking' ? api.bookingUrl(cert.reference) : api.certificateUrl(cert.reference);
        const res = await api.raw(c.method, new URL(url).pathname, {
          ...(c.method === 'GET' ? {} : { rawBody: '{}', contentType: 'application/json' }),
          label: `${c.method} on ${where}`,
        });
        expectMethodNotAllowed(res, `${c.method} on ${where}`, c.method, c.mustAllow);
      },
    );
  }
});
