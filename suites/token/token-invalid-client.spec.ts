import { formEncode, formEncodeValue } from '../../fixtures/harness/http/form.ts';
import { basic, issued } from '../../fixtures/harness/checks/client-credentials.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';
import { ways } from '../../fixtures/contract/ways-in.ts';

test.describe('Token endpoint: wrong credentials, whichever way they are sent', () => {
  for (const how of ['post', 'basic'] as const) {
    test(...clauseTest(`a wrong secret and an unknown client get no token ${how === 'basic' ? 'through HTTP Basic' : 'in the form'}`, covers('RFC6749-5.2-INVALID-CLIENT'), ways('token-refused', { clientAuth: how })), async ({ api }) => {
      const c = api.env.credentials.primary;
      const wrong = [
        { name: 'a wrong client_secret', id: c.clientId, secret: `${c.clientSecret}-wrong` },
        { name: 'an unknown client_id', id: 'pvh-unknown-client-0000', secret: c.clientSecret },
      ];
      for (const w of wrong) {
        const res =
          how === 'basic'
            ? await api.requestToken(formEncode({ grant_type: 'client_credentials' }), { headers: { authorization: basic(formEncodeValue(w.id), formEncodeValue(w.secret)) }, label: `${w.name} through Basic` })
            : await api.requestToken({ grant_type: 'client_credentials', client_id: w.id, client_secret: w.secret }, { label: `${w.name} in the form` });
        expect(issued(res), because('RFC6749-5.2-INVALID-CLIENT', `no token is issued for ${w.name} (${how === 'basic' ? 'HTTP Basic' : 'form'}), got HTTP ${res.status}`)).toBe(false);
        expect([400, 401], because('RFC6749-5.2-INVALID-CLIENT', `${w.name} (${how === 'basic' ? 'HTTP Basic' : 'form'}) is 400 or 401, got HTTP ${res.status}`)).toContain(res.status);
      }
    });
  }
});
