import { validate } from '../../fixtures/contract/schemas/index.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';

test.describe('Token endpoint: a successful client-credentials request', () => {
  test(
    ...clauseTest(
      'returns a JSON token response of the documented shape',
      covers('PV-2.4-SHAPE', 'PV-4.1-FORM', 'RFC6749-5.1-JSON'),
    ),
    async ({ api }) => {
      const res = await api.requestToken(api.credentialsForm());
      expect(res.status, because('PV-4.1-FORM', 'a correct form POST yields a token')).toBe(200);
      expect(res.mediaType, because('RFC6749-5.1-JSON', 'the token response is application/json')).toBe(
        'application/json',
      );
      // Members and types only: token_type and expires_in values are PV-2.4-TYPE's and PV-2.4-EXPIRES's.
      const schema = validate('tokenResponseTypes', res.json());
      expect(schema.errors, because('PV-2.4-SHAPE', 'token response has the documented members and types')).toEqual([]);
    },
  );
});
