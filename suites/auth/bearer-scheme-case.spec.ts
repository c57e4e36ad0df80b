import { test } from '../../fixtures/harness/test.ts';
import { clauseTest, covers, should } from '../../fixtures/harness/verdicts.ts';

test.describe('Bearer enforcement: the scheme name', () => {
  test(...clauseTest('the scheme name is case-insensitive: "bearer <token>" works', covers('RFC6750-2.1-SCHEME-CASE')), async ({ api, pool }) => {
    const res = await api.getCertificate(pool.any().reference, { authorization: `bearer ${await api.token()}`, label: 'get with a lowercase scheme' });
    should(res.status === 200, 'RFC6750-2.1-SCHEME-CASE', `"bearer <token>" answered HTTP ${res.status}, expected the same 200 as "Bearer <token>"`);
  });
});
