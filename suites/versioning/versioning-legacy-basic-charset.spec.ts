import { API_PREFIX } from '../../fixtures/harness/api/partner-api.ts';
import { basicCharset, basicIn, isAscii, latin1Encodable } from '../../fixtures/harness/checks/basic-charset.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, needs, notApplicable, observe } from '../../fixtures/harness/verdicts.ts';

test.describe('The old interface: HTTP Basic and its charset', () => {
  test(
    ...clauseTest(
      "an old interface whose Basic challenge names charset UTF-8 takes the user's credentials in UTF-8",
      covers('RFC7617-2.1-CHARSET'),
      needs('legacyInterface'),
    ),
    async ({ api, environment }) => {
      const legacy = environment.credentials.legacy!;
      const number = environment.pool.find((c) => c.legacyNumber)?.legacyNumber ?? '1';
      const url = `${environment.legacyBaseUrl}${API_PREFIX}/booking?orderItemIds=${number}`;
      const anonymous = await api.raw('GET', url, { label: 'old interface, no credentials (its challenge)' });
      const challenge = anonymous.headers['www-authenticate'];
      const charset = basicCharset(challenge);
      observe(
        'RFC7617-2.1-CHARSET',
        `the old interface's challenge: ${challenge === undefined ? 'none' : String(challenge)} (HTTP ` +
          `${anonymous.status})`,
      );
      if (charset?.toUpperCase() !== 'UTF-8')
        notApplicable(
          `the old interface's Basic challenge names no charset ` +
            `(${challenge === undefined ? 'no WWW-Authenticate' : String(challenge)}): RFC 7617 §2.1 leaves the ` +
            `encoding to it`,
        );
      if (isAscii(`${legacy.username}:${legacy.password}`))
        notApplicable("the old interface user's credentials are all ASCII: UTF-8 and ISO-8859-1 encode them alike");

      const refused = (status: number) => status === 401 || status === 403;
      const utf8 = await api.raw('GET', url, {
        authorization: basicIn(legacy.username, legacy.password, 'utf8'),
        label: 'old interface, Basic in UTF-8',
      });
      // Refused: the same credentials in ISO-8859-1 tell a decoding slip from a wrong password.
      const latin1 =
        refused(utf8.status) && latin1Encodable(`${legacy.username}:${legacy.password}`)
          ? await api.raw('GET', url, {
              authorization: basicIn(legacy.username, legacy.password, 'latin1'),
              label: 'old interface, Basic in ISO-8859-1',
            })
          : undefined;
      const then =
        latin1 === undefined
          ? 'they have characters ISO-8859-1 lacks, so no other encoding could be tried'
          : refused(latin1.status)
            ? `in ISO-8859-1 too (HTTP ${latin1.status}): the configured credentials may be wrong`
            : `the same credentials in ISO-8859-1 were taken (HTTP ${latin1.status}): it decodes them as ISO-8859-1`;
      expect(
        refused(utf8.status),
        because(
          'RFC7617-2.1-CHARSET',
          `the old interface asks for UTF-8 (${String(challenge)}) and refused the configured user's ` +
            `credentials in UTF-8 (HTTP ${utf8.status}); ${then}`,
        ),
      ).toBe(false);
    },
  );
});
