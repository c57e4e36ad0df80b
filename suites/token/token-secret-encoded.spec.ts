import { formEncodeValue } from '../../fixtures/harness/http/form.ts';
import {
  accessTokenOf,
  handBuiltTokenForm,
  usersWithEncodedSecrets,
} from '../../fixtures/harness/checks/client-credentials.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';
import { ways } from '../../fixtures/contract/ways-in.ts';

test.describe('Token endpoint: secrets with reserved or non-ASCII characters', () => {
  test(
    ...clauseTest(
      'every configured secret with reserved or non-ASCII characters authenticates when form-encoded',
      covers('PV-4.1-ENCODED'),
      ways('token-secret', { clientAuth: 'post' }),
    ),
    async ({ api, environment }) => {
      const users = usersWithEncodedSecrets(environment.credentials);
      for (const { role, cred } of users) {
        const res = await api.requestToken(handBuiltTokenForm(cred.clientId, formEncodeValue(cred.clientSecret)), {
          label: `token for ${role}, secret form-encoded`,
        });
        expect(
          res.status,
          because(
            'PV-4.1-ENCODED',
            `the ${role} user's form-encoded secret authenticates, got HTTP ${res.status} ${res.text.slice(0, 200)}`,
          ),
        ).toBe(200);
        expect(
          typeof accessTokenOf(res.json()),
          because('PV-4.1-ENCODED', `a token is issued to the ${role} user`),
        ).toBe('string');
      }
    },
  );
});
