import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';

test.describe('Versioning: where the API is served', () => {
  test(...clauseTest('the API is served under /api/v1', covers('PV-9-PATH-VERSION')), async ({ api, pool }) => {
    const id = pool.any().reference;
    const url = `${api.env.baseUrl}/api/v1/voucher-certificates/${id}`;
    const res = await api.raw('GET', url, { label: 'get under /api/v1' });
    expect(
      res.status,
      because(
        'PV-9-PATH-VERSION',
        `GET ${new URL(url).pathname} is served, got HTTP ${res.status} ${res.text.slice(0, 200)}`,
      ),
    ).toBe(200);
    // That it is the certificate at all (its members right) is PV-4.2-GET's and PV-2.1-REFERENCE's to judge.
    expect(
      res.json<Record<string, unknown>>(),
      because('PV-9-PATH-VERSION', 'a certificate is returned under /api/v1'),
    ).toEqual(expect.objectContaining({ certificateReferenceNumber: expect.any(String) }));
  });
});
