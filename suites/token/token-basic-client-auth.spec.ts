import { basicIn } from '../../fixtures/harness/checks/basic-charset.ts';
import { formEncode } from '../../fixtures/harness/http/form.ts';
import { encodedBasic, issued, usersWithEncodedSecrets } from '../../fixtures/harness/checks/client-credentials.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe, should } from '../../fixtures/harness/verdicts.ts';
import { ways } from '../../fixtures/contract/ways-in.ts';

test.describe('Token endpoint: client authentication by HTTP Basic', () => {
  test(
    ...clauseTest(
      'where HTTP Basic client authentication works at all, the correctly form-encoded secret authenticates',
      covers('RFC6749-2.3.1-BASIC-ENCODING', 'RFC6749-2.3.1-BASIC', 'PV-5-RAW-SECRET'),
      ways('token-basic-decoded', { clientAuth: 'basic' }),
    ),
    async ({ api, environment }) => {
      const users = usersWithEncodedSecrets(environment.credentials);
      const grant = formEncode({ grant_type: 'client_credentials' });
      for (const { role, cred } of users) {
        const encoded = await api.requestToken(grant, {
          headers: { authorization: encodedBasic(cred) },
          label: `token for ${role}, Basic with the encoded secret`,
        });
        const raw = await api.requestToken(grant, {
          headers: { authorization: basicIn(cred.clientId, cred.clientSecret, 'utf8') },
          label: `token for ${role}, Basic with the raw secret`,
        });
        expect(
          encoded.status,
          because(
            'PV-4-NO-5XX',
            `Basic client authentication is answered without a server error, got HTTP ${encoded.status}`,
          ),
        ).toBeLessThan(500);
        // Accepting the raw secret as well is lenient, not wrong (spec §5 rule 6: it "may fail"): recorded.
        observe(
          'PV-5-RAW-SECRET',
          `the ${role} user's raw (not form-encoded) secret in HTTP Basic ` +
            `answered HTTP ${raw.status}${issued(raw) ? ' with a token' : ' without a token'}`,
        );
        if (issued(encoded)) continue;
        // Basic works, but only without the encoding RFC 6749 §2.3.1 prescribes: the credentials are not decoded.
        expect(
          issued(raw),
          because(
            'RFC6749-2.3.1-BASIC-ENCODING',
            `the ${role} user's raw secret authenticates through HTTP Basic but the correctly form-encoded ` +
              `one does not (HTTP ${encoded.status}): the server compares the credentials without form-decoding ` +
              `them`,
          ),
        ).toBe(false);
        // Not supported at all is a warning (RFC 6749 says MUST support; the spec shows only the form).
        should(
          false,
          'RFC6749-2.3.1-BASIC',
          `HTTP Basic client authentication with the ${role} user's encoded secret answered HTTP ${encoded.status} ` +
            `without a token`,
        );
      }
    },
  );
});
