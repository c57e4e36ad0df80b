import { validate } from '../../fixtures/contract/schemas/index.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';
import { oauthErrorIssue } from '../../fixtures/harness/checks/client-credentials.ts';

// RFC 6749 §5.2: error and error_description use only %x20-21 / %x23-5B / %x5D-7E. Provoke errors
// with input the target might echo back: non-ASCII, a double quote and a backslash, in names and values.
const NASTY = 'é"\\ü';
test.describe('Token endpoint: error texts stay in the allowed ASCII set whatever the input', () => {
  test(
    ...clauseTest(
      'errors provoked with non-ASCII, quote and backslash in every parameter name and value use only the ' +
        'allowed characters',
      covers('RFC6749-5.2-ERROR-CHARSET', 'RFC6749-5.2-ERROR-MEMBER'),
    ),
    async ({ api }) => {
      const c = api.env.credentials.primary;
      const cases: Array<{ name: string; form: Array<[string, string]> }> = [
        {
          name: 'the grant_type value',
          form: [
            ['grant_type', `client${NASTY}`],
            ['client_id', c.clientId],
            ['client_secret', c.clientSecret],
          ],
        },
        {
          name: 'the client_id value',
          form: [
            ['grant_type', 'client_credentials'],
            ['client_id', `nobody${NASTY}`],
            ['client_secret', c.clientSecret],
          ],
        },
        {
          name: 'the client_secret value',
          form: [
            ['grant_type', 'client_credentials'],
            ['client_id', c.clientId],
            ['client_secret', `wrong${NASTY}`],
          ],
        },
        {
          name: "a repeated parameter's name",
          form: [
            ['grant_type', 'client_credentials'],
            ['client_id', c.clientId],
            ['client_secret', c.clientSecret],
            [`x${NASTY}`, '1'],
            [`x${NASTY}`, '2'],
          ],
        },
        {
          name: "a parameter's name, grant_type missing",
          form: [
            [`grant${NASTY}`, 'client_credentials'],
            ['client_id', c.clientId],
            ['client_secret', c.clientSecret],
          ],
        },
        {
          name: 'a repeated grant_type value',
          form: [
            ['grant_type', 'client_credentials'],
            ['grant_type', `password${NASTY}`],
            ['client_id', c.clientId],
            ['client_secret', c.clientSecret],
          ],
        },
      ];
      let errors = 0;
      for (const k of cases) {
        const res = await api.requestToken(k.form, { label: `token error provoked by ${k.name}` });
        expect(
          res.status,
          because(
            'PV-4-NO-5XX',
            `odd characters in ${k.name} are a client mistake, never a 5xx: got HTTP ${res.status}`,
          ),
        ).toBeLessThan(500);
        if (res.status < 400) continue; // e.g. an unknown repeated parameter ignored: nothing to check here
        errors += 1;
        expect(
          oauthErrorIssue(res),
          because(
            'RFC6749-5.2-ERROR-MEMBER',
            `the error provoked by odd characters in ${k.name} is an RFC 6749 §5.2 error, a JSON object with ` +
              `a string error member`,
          ),
        ).toBeUndefined();
        const body = res.json<Record<string, unknown>>();
        const schema = validate('oauthError', body);
        expect(
          schema.errors,
          because(
            'RFC6749-5.2-ERROR-CHARSET',
            `the error provoked by odd characters in ${k.name} is an RFC 6749 §5.2 body whose error and ` +
              `error_description use only the allowed ASCII characters; got ${res.text.slice(0, 200)}`,
          ),
        ).toEqual([]);
      }
      expect(
        errors,
        because('RFC6749-5.2-ERROR-CHARSET', 'at least the unknown client and the wrong secret are refused'),
      ).toBeGreaterThanOrEqual(2);
    },
  );
});
