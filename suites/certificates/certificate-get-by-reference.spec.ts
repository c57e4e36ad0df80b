import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';
import { isObject } from '../../fixtures/contract/certificate-body.ts';

test.describe('Get a voucher certificate by its reference', () => {
  test(
    ...clauseTest(
      'each certificate URL returns that one certificate with its 8-character reference',
      covers('PV-4.2-GET', 'PV-1-RESOURCE', 'PV-2.1-REFERENCE'),
    ),
    async ({ api, environment }) => {
      // Two distinct certificates: one resource per URL, not one answer behind every URL.
      const refs = [...new Set(environment.pool.map((p) => p.reference))].slice(0, 2);
      for (const ref of refs) {
        const res = await api.getCertificate(ref);
        expect(
          res.status,
          because('PV-4.2-GET', `GET ${ref} answers 200, got HTTP ${res.status} ${res.text.slice(0, 200)}`),
        ).toBe(200);
        const body = res.json();
        expect(
          isObject(body),
          because(
            'PV-4.2-GET',
            `GET ${ref} returns one certificate (a JSON object), not ${Array.isArray(body) ? 'an array' : typeof body}`,
          ),
        ).toBe(true);
        const got = isObject(body) ? body.certificateReferenceNumber : undefined;
        expect(
          typeof got === 'string' && /^[A-Za-z0-9]{8}$/.test(got),
          because('PV-2.1-REFERENCE', `certificateReferenceNumber is 8 alphanumerics, got ${JSON.stringify(got)}`),
        ).toBe(true);
        expect(
          got,
          `${because('PV-4.2-GET', `GET ${ref} returns that certificate`)} [PV-1-RESOURCE] each certificate ` +
            `has its own URL`,
        ).toBe(ref);
      }
    },
  );
});
