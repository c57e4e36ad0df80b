import { issued } from '../../fixtures/harness/checks/client-credentials.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';
import { ways } from '../../fixtures/contract/ways-in.ts';

test.describe('Token endpoint: equivalent request forms', () => {
  test(
    ...clauseTest(
      'a form body declared with a charset parameter is a form like any other',
      covers('PV-4.1-FORM'),
      ways('token-form', { media: 'plain' }, { media: 'charset' }),
    ),
    async ({ api }) => {
      for (const [media, contentType] of [
        ['plain', 'application/x-www-form-urlencoded'],
        ['charset', 'application/x-www-form-urlencoded; charset=UTF-8'],
      ] as const) {
        const res = await api.requestToken(api.credentialsForm(), {
          headers: { 'content-type': contentType },
          label: `token request, Content-Type ${contentType}`,
        });
        expect(
          res.status,
          because(
            'PV-4.1-FORM',
            `a token request sent as "${contentType}" is answered 200, ` +
              `got HTTP ${res.status} ${res.text.slice(0, 160)}`,
          ),
        ).toBe(200);
        expect(issued(res), because('PV-4.1-FORM', `a token is issued for "${contentType}" (${media})`)).toBe(true);
      }
    },
  );
});
