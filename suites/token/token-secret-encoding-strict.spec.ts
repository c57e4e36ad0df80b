import { formDecode, formEncodeValue } from '../../fixtures/harness/http/form.ts';
import {
  accessTokenOf,
  handBuiltTokenForm,
  usersWithEncodedSecrets,
} from '../../fixtures/harness/checks/client-credentials.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, needs, observe } from '../../fixtures/harness/verdicts.ts';

test.describe('Token endpoint: a secret is compared after form decoding, exactly', () => {
  test(
    ...clauseTest(
      'a secret that differs after decoding (raw, double-encoded, truncated) does not authenticate',
      covers('PV-4.1-ENCODING-STRICT', 'PV-5-RAW-SECRET'),
      needs('encodedSecret'),
    ),
    async ({ api, environment }) => {
      const users = usersWithEncodedSecrets(environment.credentials);
      for (const { role, cred } of users) {
        const secret = cred.clientSecret;
        const chars = [...secret]; // code points: never cut a surrogate pair in half
        const wrongForms: Array<{ name: string; wire: string }> = [
          { name: 'double-encoded', wire: formEncodeValue(formEncodeValue(secret)) },
          { name: 'truncated by one character', wire: formEncodeValue(chars.slice(0, -1).join('')) },
        ];
        // The raw secret is only wrong when it decodes to something else (+, &, =, % do; é alone does not).
        const raw = handBuiltTokenForm(cred.clientId, secret);
        const rawDecoded = formDecode(raw).find(([k]) => k === 'client_secret')?.[1];
        const rawRes = await api.requestToken(raw, { label: `token for ${role}, secret sent raw` });
        const tokenNote = accessTokenOf(rawRes.json()) ? ' with a token' : ' without a token';
        const decodeNote = rawDecoded === secret ? ' (it decodes to the same secret)' : '';
        observe(
          'PV-5-RAW-SECRET',
          `the ${role} user's secret sent without URL-encoding answered HTTP ${rawRes.status}${tokenNote}${decodeNote}`,
        );
        if (rawDecoded !== secret) {
          expect(
            accessTokenOf(rawRes.json()) !== undefined,
            because(
              'PV-4.1-ENCODING-STRICT',
              `the ${role} user's raw secret decodes to a different secret and must not authenticate, got ` +
                `HTTP ${rawRes.status}`,
            ),
          ).toBe(false);
          expect(
            rawRes.status,
            because('PV-4.1-ENCODING-STRICT', `the raw secret of the ${role} user is refused with a 4xx`),
          ).toBeGreaterThanOrEqual(400);
        }
        for (const wrong of wrongForms) {
          const res = await api.requestToken(handBuiltTokenForm(cred.clientId, wrong.wire), {
            label: `token for ${role}, secret ${wrong.name}`,
          });
          expect(
            accessTokenOf(res.json()) !== undefined,
            because(
              'PV-4.1-ENCODING-STRICT',
              `the ${role} user's secret ${wrong.name} must not authenticate, got HTTP ${res.status}`,
            ),
          ).toBe(false);
          expect(
            res.status,
            because('PV-4.1-ENCODING-STRICT', `the ${role} user's secret ${wrong.name} is refused with a 4xx`),
          ).toBeGreaterThanOrEqual(400);
          expect(
            res.status,
            because('PV-4-NO-5XX', `a wrong secret is a client mistake, not a server error (${wrong.name})`),
          ).toBeLessThan(500);
        }
      }
    },
  );
});
