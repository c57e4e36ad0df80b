import { allowedMethods } from '../../fixtures/harness/checks/allow.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';

test.describe('Token endpoint: request method', () => {
  test(
    ...clauseTest(
      'issues no token for a GET, and a 405 names the allowed methods',
      covers('RFC6749-3.2-POST', 'RFC9110-15.5.6-ALLOW'),
    ),
    async ({ api }) => {
      // The credentials travel in the query, as a client that got the method wrong would send them.
      const url = `${api.env.authUrl}?${new URLSearchParams(api.credentialsForm()).toString()}`;
      const res = await api.requestToken('', { method: 'GET', url, label: 'token request by GET' });
      expect(
        res.json<Record<string, unknown>>()?.access_token !== undefined,
        because('RFC6749-3.2-POST', `a GET on the token endpoint issues no token (got HTTP ${res.status})`),
      ).toBe(false);
      if (res.status === 405) {
        const allow = res.header('allow');
        expect(
          allow,
          because('RFC9110-15.5.6-ALLOW', 'a 405 from the token endpoint carries an Allow header'),
        ).toBeTruthy();
        expect(allowedMethods(allow), because('RFC9110-15.5.6-ALLOW', `Allow "${allow}" names POST`)).toContain('POST');
        expect(
          allowedMethods(allow),
          because('RFC9110-15.5.6-ALLOW', `Allow "${allow}" of the 405 refusing GET does not name GET`),
        ).not.toContain('GET');
      }
    },
  );
});
