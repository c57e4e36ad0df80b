import { problemViolations } from '../../fixtures/contract/problem-rules.ts';
import type { ClauseId } from '../../fixtures/contract/clauses.ts';
import type { HttpResponse } from '../../fixtures/harness/http/client.ts';
import { allowedMethods } from '../../fixtures/harness/checks/allow.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, notApplicable } from '../../fixtures/harness/verdicts.ts';

const SHAPE: ClauseId[] = ['PV-7-MEDIA', 'PV-2.5-TYPE', 'PV-2.5-TITLE', 'PV-2.5-STATUS', 'PV-2.5-DETAIL', 'PV-2.5-TRACE'];

/** A 405 must name what is allowed, never the method it refused, and, like every API error, be a problem. */
function expectMethodNotAllowed(res: HttpResponse, what: string, refused: string, mustAllow: string): void {
  expect(res.status, because('PV-4-NO-5XX', `${what} is a client mistake, got HTTP ${res.status}`)).toBeLessThan(500);
  if (res.status !== 405) notApplicable(`${what} answered HTTP ${res.status}, not 405: no Allow header is owed`);
  const allow = res.header('allow');
  expect(allow, because('RFC9110-15.5.6-ALLOW', `the 405 for ${what} carries an Allow header`)).toBeTruthy();
  const listed = allowedMethods(allow);
  expect(listed, because('RFC9110-15.5.6-ALLOW', `Allow "${allow}" names ${mustAllow}`)).toContain(mustAllow);
  // Allow lists the methods the resource supports (RFC 9110 §10.2.1): the one just refused is not one of them.
  expect(listed, because('RFC9110-15.5.6-ALLOW', `Allow "${allow}" of the 405 for ${what} does not name the refused method ${refused}`)).not.toContain(refused);
  const violations = problemViolations(res);
  for (const id of SHAPE) {
    expect.soft(violations.filter((v) => v.clause === id).map((v) => v.message), because(id, `the 405 for ${what} is a conformant problem`)).toEqual([]);
  }
}

test.describe('Problem details: methods a resource does not serve', () => {
  test(...clauseTest('GET on the booking sub-resource, if refused with 405, names the allowed methods', covers('RFC9110-15.5.6-ALLOW', 'PV-7-MEDIA')), async ({ api, pool }) => {
    // Read-only probe: safe on every environment.
    const res = await api.raw('GET', new URL(api.bookingUrl(pool.any().reference)).pathname, { label: 'GET on .../booking' });
    expectMethodNotAllowed(res, 'GET .../booking', 'GET', 'POST');
  });

  test(...clauseTest('PUT on a certificate, if refused with 405, names the allowed methods', covers('RFC9110-15.5.6-ALLOW', 'PV-7-MEDIA')), async ({ api, bookable }) => {
    // PUT is a write method: only against a certificate this run may write to.
    const res = await api.raw('PUT', new URL(api.certificateUrl(bookable.reference)).pathname, { rawBody: '{}', contentType: 'application/json', label: 'PUT on a certificate' });
    expectMethodNotAllowed(res, 'PUT on a certificate', 'PUT', 'GET');
  });
});
