import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, legacyNumberOf, needs, observe } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';
import { carriesCertificate } from '../../fixtures/contract/certificate-body.ts';

const composite = (legacyNumber: string) => `1001-2002-${legacyNumber}`;

test.describe('Old three-part composite reference', () => {
  test(
    ...clauseTest(
      'never returns a certificate: it is a 4xx problem',
      covers('PV-2.2-COMPOSITE', 'PV-4-NO-5XX'),
      needs('legacyNumber'),
    ),
    async ({ api, environment }) => {
      const cert = environment.pool.find((p) => p.legacyNumber);
      const id = composite(cert!.legacyNumber!);
      const res = await api.getCertificate(id);
      expect(refusalIssue(res), because('PV-2.2-COMPOSITE', `GET ${id} is refused with a 4xx`)).toBeUndefined();
      expect(carriesCertificate(res.json()), because('PV-2.2-COMPOSITE', `GET ${id} returns no certificate`)).toBe(
        false,
      );
      observe('PV-2.2-COMPOSITE', `composite reference answered ${describeRefusal(res)}`);
    },
  );

  test(
    ...clauseTest(
      'cannot be used to book: refused without booking the certificate',
      covers('PV-2.2-COMPOSITE', 'PV-4-NO-5XX'),
      needs('writableLegacyNumber'),
    ),
    async ({ api, bookable }) => {
      const legacy = legacyNumberOf(bookable);
      api.touched.add(bookable.reference); // if the target books it anyway, clean up by reference
      const before = await bookingInfoOf(api, bookable.reference);
      const id = composite(legacy);
      const res = await api.book(id, validBooking());
      expect(
        refusalIssue(res),
        because('PV-2.2-COMPOSITE', `POST ${id}/booking is refused with a 4xx`),
      ).toBeUndefined();
      expect(
        await bookingInfoOf(api, bookable.reference),
        because('PV-2.2-COMPOSITE', 'the certificate behind the composite was not booked'),
      ).toEqual(before);
    },
  );
});
