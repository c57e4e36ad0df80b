import { expect, test } from '../../fixtures/harness/test.ts';
import { because, covers, observe } from '../../fixtures/harness/verdicts.ts';

test.describe('Versioning: where the API is served', () => {
  test('the API is served under /api/v1 (PV-9-PATH-VERSION)', covers('PV-9-PATH-VERSION'), async ({ api, pool }) => {
    const id = pool.any().reference;
    const url = `${api.env.baseUrl}/api/v1/voucher-certificates/${id}`;
    const res = await api.raw('GET', url, { label: 'get under /api/v1' });
    expect(res.status, because('PV-9-PATH-VERSION', `GET ${new URL(url).pathname} is served, got HTTP ${res.status} ${res.text.slice(0, 200)}`)).toBe(200);
    expect(res.json<Record<string, unknown>>()?.certificateReferenceNumber, because('PV-9-PATH-VERSION', 'the certificate is returned under /api/v1')).toBe(id);
  });

  test('records whether the token endpoint has its own origin (PV-5-SEPARATE-AUTH)', covers('PV-5-SEPARATE-AUTH'), async ({ environment }) => {
    const auth = new URL(environment.authUrl);
    const base = new URL(environment.baseUrl);
    observe('PV-5-SEPARATE-AUTH', auth.origin === base.origin ? `the token endpoint ${auth.pathname} shares the API origin ${base.origin}` : `the token endpoint is at ${auth.origin}${auth.pathname}, a different origin from the API (${base.origin})`);
  });
});
