import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe } from '../../fixtures/harness/verdicts.ts';

test.describe('Token endpoint: a successful client-credentials request', () => {
  test(...clauseTest('says token_type Bearer and expires_in 3600', covers('PV-2.4-TYPE', 'PV-2.4-EXPIRES', 'PV-2.4-TYPE-CASE')), async ({ api }) => {
    const body = (await api.requestToken(api.credentialsForm())).json<Record<string, unknown>>();
    expect(String(body?.token_type).toLowerCase(), because('PV-2.4-TYPE', 'token_type is Bearer, compared case-insensitively')).toBe('bearer');
    observe('PV-2.4-TYPE-CASE', `token_type is spelled "${String(body?.token_type)}"`);
    expect(body?.expires_in, because('PV-2.4-EXPIRES', 'expires_in is the integer 3600')).toBe(3600);
  });
});
