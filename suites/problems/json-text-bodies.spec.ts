import { expect, test } from '../../fixtures/harness/test.ts';
import { notJsonText } from '../../fixtures/harness/after-test/readings.ts';
import type { HttpResponse } from '../../fixtures/harness/http/client.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';

// Every test's answers are read for JSON text after it (after-test/readings.ts); this one makes sure
// each kind of body the API and the token endpoint send as JSON was seen.
test.describe('JSON bodies are JSON text', () => {
  test(
    ...clauseTest(
      'token responses, token errors, certificates and problems sent as JSON are UTF-8 JSON text without a ' +
        'byte order mark',
      covers('RFC8259-8.1-JSON-TEXT'),
    ),
    async ({ api, pool }) => {
      const c = api.env.credentials.primary;
      const seen: Array<[string, HttpResponse]> = [
        ['a token response', await api.requestToken(api.credentialsForm(), { label: 'token' })],
        [
          'a token error',
          await api.requestToken(
            { grant_type: 'client_credentials', client_id: c.clientId, client_secret: `${c.clientSecret}x` },
            { label: 'token with a wrong secret' },
          ),
        ],
        ['a certificate', await api.getCertificate(pool.any().reference)],
        [
          'a 401 problem',
          await api.getCertificate(pool.any().reference, { token: null, label: 'get without a token' }),
        ],
        ['a 404 or 400 problem', await api.getCertificate('ZQX00000', { label: 'get an unknown certificate' })],
      ];
      for (const [what, res] of seen) {
        expect(
          notJsonText(res),
          because(
            'RFC8259-8.1-JSON-TEXT',
            `${what} (HTTP ${res.status}, ${res.mediaType || 'no Content-Type'}) is JSON text`,
          ),
        ).toBeUndefined();
      }
    },
  );
});
