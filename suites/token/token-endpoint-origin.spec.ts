import { test } from '../../fixtures/harness/test.ts';
import { clauseTest, covers, observe } from '../../fixtures/harness/verdicts.ts';

test.describe('Token endpoint: where it is served', () => {
  test(
    ...clauseTest('records whether the token endpoint has its own origin', covers('PV-5-SEPARATE-AUTH')),
    async ({ environment }) => {
      const auth = new URL(environment.authUrl);
      const base = new URL(environment.baseUrl);
      observe(
        'PV-5-SEPARATE-AUTH',
        auth.origin === base.origin
          ? `the token endpoint ${auth.pathname} shares the API origin ${base.origin}`
          : `the token endpoint is at ${auth.origin}${auth.pathname}, a different origin from the API (${base.origin})`,
      );
    },
  );
});
