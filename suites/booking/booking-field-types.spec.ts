import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';

test.describe('Booking fields have the documented JSON types', () => {
  test(
    ...clauseTest(
      'fields of the wrong JSON type are refused with a 4xx and book nothing',
      covers('PV-2.3-TYPES', 'PV-4-NO-5XX'),
    ),
    async ({ api, bookable }) => {
      const cases: Array<[string, Record<string, unknown>]> = [
        ['notes as a number', { notes: 42 }],
        ['bookingReference as an object', { bookingReference: { ref: 'PVH-object' } }],
        ['bookingDate as a boolean', { bookingDate: true }],
      ];
      const before = await bookingInfoOf(api, bookable.reference);
      for (const [name, fields] of cases) {
        await test.step(name, async () => {
          const res = await api.book(bookable.reference, { ...validBooking(), ...fields });
          expect(
            refusalIssue(res),
            because('PV-2.3-TYPES', `${name} (${JSON.stringify(fields)}) is refused with a 4xx`),
          ).toBeUndefined();
          expect(
            await bookingInfoOf(api, bookable.reference),
            because('PV-2.3-TYPES', `${name} booked nothing`),
          ).toEqual(before);
          observe('PV-2.3-TYPES', `${name} answered ${describeRefusal(res)}`);
        });
      }
      const ok = await api.book(bookable.reference, validBooking());
      expect(
        ok.status >= 200 && ok.status < 300,
        because('PV-2.3-ACCEPT', `a valid booking still succeeds after the refusals, got HTTP ${ok.status}`),
      ).toBe(true);
    },
  );
});
