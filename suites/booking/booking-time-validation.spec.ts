import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';

test.describe('bookingTime is HH:MM:SS', () => {
  test(
    ...clauseTest(
      'times outside HH:MM:SS are refused with a 4xx and book nothing',
      covers('PV-2.3-TIME', 'PV-4-NO-5XX'),
    ),
    async ({ api, bookable }) => {
      const times = ['24:00:00', '7:5:3', '12:60:00', '12:00'];
      const before = await bookingInfoOf(api, bookable.reference);
      for (const bookingTime of times) {
        await test.step(bookingTime, async () => {
          const res = await api.book(bookable.reference, validBooking({ bookingTime }));
          expect(
            refusalIssue(res),
            because('PV-2.3-TIME', `bookingTime "${bookingTime}" is refused with a 4xx`),
          ).toBeUndefined();
          expect(
            await bookingInfoOf(api, bookable.reference),
            because('PV-2.3-TIME', `bookingTime "${bookingTime}" booked nothing`),
          ).toEqual(before);
          observe('PV-2.3-TIME', `bookingTime "${bookingTime}" answered ${describeRefusal(res)}`);
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
