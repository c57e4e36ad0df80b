import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';

test.describe('Token endpoint: no Authorization header needed', () => {
  test(...clauseTest('needs no Authorization header', covers('PV-4.1-NO-AUTH-HEADER')), async ({ api }) => {
    // requestToken sends only Content-Type: the credentials are in the form, as spec §4.1 says.
    const res = await api.requestToken(api.credentialsForm());
    const sentAuthorization = res.exchange.request.headers.authorization;
    expect(sentAuthorization, 'the harness sent no Authorization header').toBeUndefined(); // harness self-check
    expect(
      res.status,
      because(
        'PV-4.1-NO-AUTH-HEADER',
        `a form request without an Authorization header yields a token, ` +
          `got HTTP ${res.status} ${res.text.slice(0, 200)}`,
      ),
    ).toBe(200);
    expect(
      typeof res.json<Record<string, unknown>>()?.access_token,
      because('PV-4.1-NO-AUTH-HEADER', 'a token is issued'),
    ).toBe('string');
  });
});
