import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, should } from '../../fixtures/harness/verdicts.ts';

test.describe('Token endpoint: request parameters', () => {
  test(
    ...clauseTest('ignores an unrecognised parameter and still issues a token', covers('RFC6749-3.2-UNKNOWN-PARAM')),
    async ({ api }) => {
      const res = await api.requestToken({ ...api.credentialsForm(), pvh_probe: 'ignored' });
      expect(
        res.status,
        because(
          'RFC6749-3.2-UNKNOWN-PARAM',
          `an unrecognised parameter is ignored, got HTTP ${res.status} ${res.text.slice(0, 200)}`,
        ),
      ).toBe(200);
      expect(
        typeof res.json<Record<string, unknown>>()?.access_token,
        because('RFC6749-3.2-UNKNOWN-PARAM', 'a token is issued'),
      ).toBe('string');
    },
  );

  test(
    ...clauseTest('refuses a repeated parameter with invalid_request', covers('RFC6749-3.2-REPEATED')),
    async ({ api }) => {
      const form = Object.entries(api.credentialsForm());
      const res = await api.requestToken([...form, ['grant_type', 'client_credentials']]);
      const body = res.json<Record<string, unknown>>();
      should(
        res.status === 400 && body?.error === 'invalid_request' && body.access_token === undefined,
        'RFC6749-3.2-REPEATED',
        `a repeated grant_type answered HTTP ${res.status} ` +
          `${body?.access_token === undefined ? `error "${String(body?.error)}"` : 'with a token'}, expected ` +
          `400 invalid_request`,
      );
    },
  );
});
