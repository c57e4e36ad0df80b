import { validate } from '../../fixtures/contract/schemas/index.ts';
import type { HttpResponse } from '../../fixtures/harness/http/client.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, should } from '../../fixtures/harness/verdicts.ts';

/** A client_id no target issues: the run-independent prefix makes it recognisable in logs. */
const UNKNOWN_CLIENT = 'pvh-unknown-client-0000';

/** Checks every token-endpoint error shares: the RFC 6749 §5.2 body (charset included) and no-store. */
function checkErrorBody(res: HttpResponse, what: string): Record<string, unknown> | undefined {
  const body = res.json<Record<string, unknown>>();
  const schema = validate('oauthError', body);
  expect(schema.errors, because('RFC6749-5.2-ERROR-CHARSET', `${what}: the error body is an RFC 6749 §5.2 object using only the allowed ASCII characters (got ${res.text.slice(0, 200)})`)).toEqual([]);
  const cacheControl = (res.header('cache-control') ?? '').toLowerCase();
  should(cacheControl.split(',').map((s) => s.trim()).includes('no-store'), 'RFC6749-5.1-NO-STORE', `${what}: error response has Cache-Control "${cacheControl || '(absent)'}", expected no-store`);
  return body;
}

test.describe('Token endpoint: refused requests', () => {
  test(...clauseTest('refuses a request without grant_type with 400 invalid_request', covers('RFC6749-5.2-INVALID-REQUEST', 'RFC6749-5.2-ERROR-CHARSET')), async ({ api }) => {
    const { grant_type: _omitted, ...form } = api.credentialsForm();
    const res = await api.requestToken(form);
    expect(res.json<Record<string, unknown>>()?.access_token !== undefined, because('RFC6749-5.2-INVALID-REQUEST', 'no token is issued without grant_type')).toBe(false);
    expect(res.status, because('RFC6749-5.2-INVALID-REQUEST', 'a request without grant_type is 400')).toBe(400);
    const body = checkErrorBody(res, 'missing grant_type');
    expect(body?.error, because('RFC6749-5.2-INVALID-REQUEST', 'the error code is invalid_request')).toBe('invalid_request');
  });

  test(...clauseTest('refuses grant_type=password with 400 unsupported_grant_type', covers('RFC6749-5.2-UNSUPPORTED-GRANT', 'RFC6749-5.2-ERROR-CHARSET')), async ({ api }) => {
    const res = await api.requestToken({ ...api.credentialsForm(), grant_type: 'password' });
    expect(res.json<Record<string, unknown>>()?.access_token !== undefined, because('RFC6749-5.2-UNSUPPORTED-GRANT', 'no token is issued for grant_type=password')).toBe(false);
    expect(res.status, because('RFC6749-5.2-UNSUPPORTED-GRANT', 'an unsupported grant type is 400')).toBe(400);
    const body = checkErrorBody(res, 'grant_type=password');
    expect(body?.error, because('RFC6749-5.2-UNSUPPORTED-GRANT', 'the error code is unsupported_grant_type')).toBe('unsupported_grant_type');
  });

  const badClients: Array<{ name: string; form: (f: Record<string, string>) => Record<string, string> }> = [
    { name: 'a wrong client_secret', form: (f) => ({ ...f, client_secret: `${f.client_secret}-wrong` }) },
    { name: 'an unknown client_id', form: (f) => ({ ...f, client_id: UNKNOWN_CLIENT }) },
  ];
  for (const bad of badClients) {
    test(...clauseTest(`refuses ${bad.name} with 400 or 401 invalid_client and no token`, covers('RFC6749-5.2-INVALID-CLIENT', 'RFC6749-5.2-ERROR-CHARSET')), async ({ api }) => {
      const res = await api.requestToken(bad.form(api.credentialsForm()));
      expect(res.json<Record<string, unknown>>()?.access_token !== undefined, because('RFC6749-5.2-INVALID-CLIENT', `no token is issued for ${bad.name}`)).toBe(false);
      expect([400, 401], because('RFC6749-5.2-INVALID-CLIENT', `${bad.name} is 400 or 401, got HTTP ${res.status}`)).toContain(res.status);
      const body = checkErrorBody(res, bad.name);
      expect(body?.error, because('RFC6749-5.2-INVALID-CLIENT', 'the error code is invalid_client')).toBe('invalid_client');
    });
  }
});
