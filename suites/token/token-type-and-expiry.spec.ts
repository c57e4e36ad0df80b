import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe } from '../../fixtures/harness/verdicts.ts';
import { judgeExpiresIn } from '../../fixtures/harness/token-time/judge.ts';

test.describe('Token endpoint: a successful client-credentials request', () => {
  test(
    ...clauseTest(
      'says token_type Bearer and expires_in 3600, the lifetime the token really has',
      covers('PV-2.4-TYPE', 'PV-2.4-EXPIRES', 'PV-2.4-TYPE-CASE'),
    ),
    async ({ api }) => {
      const body = (await api.requestToken(api.credentialsForm())).json<Record<string, unknown>>();
      expect(
        String(body?.token_type).toLowerCase(),
        because('PV-2.4-TYPE', 'token_type is Bearer, compared case-insensitively'),
      ).toBe('bearer');
      observe('PV-2.4-TYPE-CASE', `token_type is spelled "${String(body?.token_type)}"`);
      // A JWT's exp − iat is its real lifetime; expires_in may be one second short of it (written as the seconds left).
      const verdict = judgeExpiresIn(
        body?.expires_in,
        typeof body?.access_token === 'string' ? body.access_token : undefined,
      );
      expect(
        verdict.ok ? undefined : verdict.failure,
        because('PV-2.4-EXPIRES', 'expires_in is 3600, the lifetime the token really has (or one second less)'),
      ).toBeUndefined();
      if (verdict.ok && verdict.observation) observe('PV-2.4-EXPIRES', verdict.observation);
    },
  );
});
