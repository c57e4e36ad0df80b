import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';

test.describe('Bearer enforcement: valid tokens', () => {
  test(
    ...clauseTest('a valid token in "Authorization: Bearer" grants access', covers('PV-5-BEARER-ACCEPTED')),
    async ({ api, pool }) => {
      const res = await api.getCertificate(pool.any().reference, { authorization: `Bearer ${await api.token()}` });
      expect(
        res.status,
        because(
          'PV-5-BEARER-ACCEPTED',
          `a valid bearer token is served, got HTTP ${res.status} ${res.text.slice(0, 200)}`,
        ),
      ).toBe(200);
    },
  );
});
