import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe, should } from '../../fixtures/harness/verdicts.ts';

// RFC 6750 §2.3 lets a resource server read a token from the URI query, and §5.3 says not to pass
// tokens in URLs (logs, proxies and Referer headers keep them); the spec sends it in the
// Authorization header only. A token resolver left reading the query (a hub's, a download link's)
// is a warning. No cookie goes with these requests: the query is the only credential they carry.
test.describe('A token in the URI query', () => {
  test(
    ...clauseTest('is not accepted in place of the Authorization header', covers('PV-5-NO-QUERY-TOKEN')),
    async ({ api, pool }) => {
      const id = pool.any().reference;
      const bare = await api.getCertificate(id, {
        token: null,
        cookies: false,
        label: `GET ${id} with no credential at all (control)`,
      });
      expect(
        bare.status,
        because(
          'PV-5-BEARER-REQUIRED',
          `GET ${id} without any credential is refused with 401, got HTTP ${bare.status}`,
        ),
      ).toBe(401);
      const token = await api.token();
      const res = await api.raw(
        'GET',
        `${new URL(api.certificateUrl(id)).pathname}?access_token=${encodeURIComponent(token)}`,
        {
          token: null,
          cookies: false,
          label: `GET ${id} with the primary user's valid token as access_token in the query, no Authorization`,
        },
      );
      should(
        res.status >= 400,
        'PV-5-NO-QUERY-TOKEN',
        `GET ${id} with a valid token in the access_token query parameter, without an Authorization header, ` +
          `was served (HTTP ${res.status}): the token is read from the URL, where logs and proxies keep it; ` +
          `read it from the Authorization header only`,
      );
      observe(
        'PV-5-NO-QUERY-TOKEN',
        `a valid token in the query, without an Authorization header, was answered HTTP ${res.status}`,
      );
    },
  );
});
