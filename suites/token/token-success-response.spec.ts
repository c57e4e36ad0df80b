import { validate } from '../../fixtures/contract/schemas/index.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, covers, observe, should } from '../../fixtures/harness/verdicts.ts';

test.describe('Token endpoint: a successful client-credentials request', () => {
  test('returns a JSON token response of the documented shape (PV-2.4-SHAPE, PV-4.1-FORM, RFC6749-5.1-JSON)', covers('PV-2.4-SHAPE', 'PV-4.1-FORM', 'RFC6749-5.1-JSON'), async ({ api }) => {
    const res = await api.requestToken(api.credentialsForm());
    expect(res.status, because('PV-4.1-FORM', 'a correct form POST yields a token')).toBe(200);
    expect(res.mediaType, because('RFC6749-5.1-JSON', 'the token response is application/json')).toBe('application/json');
    // Members and types only: token_type and expires_in values are PV-2.4-TYPE's and PV-2.4-EXPIRES's.
    const schema = validate('tokenResponseTypes', res.json());
    expect(schema.errors, because('PV-2.4-SHAPE', 'token response has the documented members and types')).toEqual([]);
  });

  test('says token_type Bearer and expires_in 3600 (PV-2.4-TYPE, PV-2.4-EXPIRES)', covers('PV-2.4-TYPE', 'PV-2.4-EXPIRES', 'PV-2.4-TYPE-CASE'), async ({ api }) => {
    const body = (await api.requestToken(api.credentialsForm())).json<Record<string, unknown>>();
    expect(String(body?.token_type).toLowerCase(), because('PV-2.4-TYPE', 'token_type is Bearer, compared case-insensitively')).toBe('bearer');
    observe('PV-2.4-TYPE-CASE', `token_type is spelled "${String(body?.token_type)}"`);
    expect(body?.expires_in, because('PV-2.4-EXPIRES', 'expires_in is the integer 3600')).toBe(3600);
  });

  test('is not cacheable and carries no refresh token (RFC6749-5.1-NO-STORE, RFC6749-5.1-PRAGMA, RFC6749-4.4.3-NO-REFRESH)', covers('RFC6749-5.1-NO-STORE', 'RFC6749-5.1-PRAGMA', 'RFC6749-4.4.3-NO-REFRESH'), async ({ api }) => {
    const res = await api.requestToken(api.credentialsForm());
    expect(res.status, because('PV-4.1-FORM', `the token request answers 200, got HTTP ${res.status}`)).toBe(200);
    const cacheControl = (res.header('cache-control') ?? '').toLowerCase();
    expect(cacheControl.split(',').map((s) => s.trim()), because('RFC6749-5.1-NO-STORE', `Cache-Control must include no-store (got "${cacheControl}")`)).toContain('no-store');
    should((res.header('pragma') ?? '').toLowerCase().includes('no-cache'), 'RFC6749-5.1-PRAGMA', `Pragma is "${res.header('pragma') ?? '(absent)'}", expected no-cache`);
    should(res.json<Record<string, unknown>>()?.refresh_token === undefined, 'RFC6749-4.4.3-NO-REFRESH', 'a refresh_token was issued with client credentials');
  });
});
