import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, needs } from '../../fixtures/harness/verdicts.ts';
import { isObject, objectMembers, type Json } from '../../fixtures/contract/certificate-body.ts';

test.describe('Legacy numeric orderItemId in the certificate path', () => {
  test(
    ...clauseTest(
      'resolves to the same certificate as its reference and echoes the number as a digit string',
      covers('PV-2.2-LEGACY', 'PV-2.1-EXTERNAL'),
      needs('legacyNumber'),
    ),
    async ({ api, environment }) => {
      const cert = environment.pool.find((p) => p.legacyNumber);
      const { reference, legacyNumber } = cert!;

      const byRef = await api.getCertificate(reference);
      expect(byRef.status, because('PV-4.2-GET', `GET ${reference} answers 200`)).toBe(200);
      const byLegacy = await api.getCertificate(legacyNumber!);
      expect(
        byLegacy.status,
        because(
          'PV-2.2-LEGACY',
          `GET by legacy number ${legacyNumber} answers 200, ` +
            `got HTTP ${byLegacy.status} ${byLegacy.text.slice(0, 200)}`,
        ),
      ).toBe(200);
      const a = byRef.json<Json>() ?? {};
      const b = byLegacy.json<Json>();
      expect(isObject(b), because('PV-2.2-LEGACY', 'the legacy number returns one certificate object')).toBe(true);
      const legacy = b ?? {};
      expect(
        legacy.certificateReferenceNumber,
        because('PV-2.2-LEGACY', `legacy number ${legacyNumber} carries the new reference ${reference}`),
      ).toBe(reference);

      // Product and balance are the same certificate's; configured names when known, else every object member.
      const model = environment.config.model;
      const named = [...(model?.productFields ?? []), ...(model?.balanceFields ?? [])];
      const compared = named.length > 0 ? named : objectMembers(a).filter((k) => !/link/i.test(k));
      for (const k of compared) {
        expect(
          legacy[k],
          because('PV-2.2-LEGACY', `"${k}" read by legacy number equals "${k}" read by reference`),
        ).toEqual(a[k]);
      }

      const external = legacy.externalReferenceNumber;
      expect(
        typeof external === 'string' && /^[0-9]+$/.test(external),
        because('PV-2.1-EXTERNAL', `externalReferenceNumber is a string of digits, got ${JSON.stringify(external)}`),
      ).toBe(true);
      expect(external, because('PV-2.1-EXTERNAL', 'externalReferenceNumber is the legacy number that was used')).toBe(
        legacyNumber,
      );
    },
  );
});
