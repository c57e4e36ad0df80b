import { basicIn } from '../../fixtures/harness/checks/basic-charset.ts';
import { formEncode, formEncodeValue } from '../../fixtures/harness/http/form.ts';
import {
  encodedBasic,
  invalidClientIssues,
  issued,
  nearMisses,
} from '../../fixtures/harness/checks/client-credentials.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, notApplicable } from '../../fixtures/harness/verdicts.ts';
import { ways } from '../../fixtures/contract/ways-in.ts';

test.describe('Token endpoint: wrong credentials, whichever way they are sent', () => {
  for (const how of ['post', 'basic'] as const) {
    test(
      ...clauseTest(
        `a wrong secret and an unknown client get no token ${how === 'basic' ? 'through HTTP Basic' : 'in the form'}`,
        covers('RFC6749-5.2-INVALID-CLIENT'),
        ways('token-refused', { clientAuth: how }),
      ),
      async ({ api }) => {
        const c = api.env.credentials.primary;
        const wrong = [
          { name: 'a wrong client_secret', id: c.clientId, secret: `${c.clientSecret}-wrong` },
          { name: 'an unknown client_id', id: 'pvh-unknown-client-0000', secret: c.clientSecret },
        ];
        for (const w of wrong) {
          const res =
            how === 'basic'
              ? await api.requestToken(formEncode({ grant_type: 'client_credentials' }), {
                  headers: { authorization: basicIn(formEncodeValue(w.id), formEncodeValue(w.secret), 'utf8') },
                  label: `${w.name} through Basic`,
                })
              : await api.requestToken(
                  { grant_type: 'client_credentials', client_id: w.id, client_secret: w.secret },
                  { label: `${w.name} in the form` },
                );
          expect(
            issued(res),
            because(
              'RFC6749-5.2-INVALID-CLIENT',
              `no token is issued for ${w.name} (${how === 'basic' ? 'HTTP Basic' : 'form'}), got HTTP ${res.status}`,
            ),
          ).toBe(false);
          expect(
            [400, 401],
            because(
              'RFC6749-5.2-INVALID-CLIENT',
              `${w.name} (${how === 'basic' ? 'HTTP Basic' : 'form'}) is 400 or 401, got HTTP ${res.status}`,
            ),
          ).toContain(res.status);
        }
      },
    );

    // RFC 6749 §2.3.1 and §4.4.2: the server MUST authenticate the client, so only the exact secret
    // does; §3.2: an empty parameter is an omitted one. Each near miss is a comparison a real server shipped.
    const answer = how === 'basic' ? '401 invalid_client with a Basic challenge' : 'invalid_client';
    test(
      ...clauseTest(
        `only the exact secret authenticates ${how === 'basic' ? 'through HTTP Basic' : 'in the form'}: its ` +
          `near misses and another client's secret get ${answer}`,
        covers('RFC6749-5.2-INVALID-CLIENT'),
        ways('token-refused', { clientAuth: how }),
      ),
      async ({ api, environment }) => {
        const { primary, ...others } = environment.credentials;
        const grant = formEncode({ grant_type: 'client_credentials' });
        if (how === 'basic') {
          const right = await api.requestToken(grant, {
            headers: { authorization: encodedBasic(primary) },
            label: 'the real credentials through Basic',
          });
          if (!issued(right))
            notApplicable(
              `${environment.name} does not accept HTTP Basic client authentication at all (HTTP ` +
                `${right.status}; RFC6749-2.3.1-BASIC warns of it): there is no Basic comparison to probe`,
            );
        }
        const otherSecrets = Object.values(others).flatMap((c) => (c && 'clientSecret' in c ? [c.clientSecret] : []));
        const broken: string[] = [];
        for (const miss of nearMisses(primary.clientSecret, otherSecrets)) {
          // HTTP Basic always carries a password field: an absent secret is the empty one there.
          if (how === 'basic' && miss.secret === undefined) continue;
          const res =
            how === 'basic'
              ? await api.requestToken(grant, {
                  headers: {
                    authorization: basicIn(
                      formEncodeValue(primary.clientId),
                      formEncodeValue(miss.secret ?? ''),
                      'utf8',
                    ),
                  },
                  label: `${miss.name} through Basic`,
                })
              : await api.requestToken(
                  {
                    grant_type: 'client_credentials',
                    client_id: primary.clientId,
                    ...(miss.secret === undefined ? {} : { client_secret: miss.secret }),
                  },
                  { label: `${miss.name} in the form` },
                );
          const issues = invalidClientIssues(res, how, !miss.secret);
          if (issues.length > 0) broken.push(`${miss.name}: ${issues.join('; ')}`);
        }
        expect(
          broken,
          because(
            'RFC6749-5.2-INVALID-CLIENT',
            `the primary client_id with anything but its exact secret ` +
              `(${how === 'basic' ? 'HTTP Basic' : 'form'}) is refused with ${answer} and no token`,
          ),
        ).toEqual([]);
      },
    );
  }
});
