import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, should } from '../../fixtures/harness/verdicts.ts';

test.describe('Token endpoint: a successful client-credentials request', () => {
  test(
    ...clauseTest(
      'is not cacheable and carries no refresh token',
      covers('RFC6749-5.1-NO-STORE', 'RFC6749-5.1-PRAGMA', 'RFC6749-4.4.3-NO-REFRESH'),
    ),
    async ({ api }) => {
      const res = await api.requestToken(api.credentialsForm());
      expect(res.status, because('PV-4.1-FORM', `the token request answers 200, got HTTP ${res.status}`)).toBe(200);
      const cacheControl = (res.header('cache-control') ?? '').toLowerCase();
      expect(
        cacheControl.split(',').map((s) => s.trim()),
        because('RFC6749-5.1-NO-STORE', `Cache-Control must include no-store (got "${cacheControl}")`),
      ).toContain('no-store');
      should(
        (res.header('pragma') ?? '').toLowerCase().includes('no-cache'),
        'RFC6749-5.1-PRAGMA',
        `Pragma is "${res.header('pragma') ?? '(absent)'}", expected no-cache`,
      );
      should(
        res.json<Record<string, unknown>>()?.refresh_token === undefined,
        'RFC6749-4.4.3-NO-REFRESH',
        'a refresh_token was issued with client credentials',
      );
    },
  );
});
