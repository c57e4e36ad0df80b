import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';

test.describe('Booking body: a single object, never an array', () => {
  test(
    ...clauseTest(
      'array bodies are refused with a 4xx and book nothing; a valid object still books',
      covers('PV-4.3-OBJECT', 'PV-1-SINGLE', 'PV-4-NO-5XX'),
    ),
    async ({ api, bookable }) => {
      const cases: Array<[string, unknown]> = [
        ['an array of one valid object', [validBooking()]],
        ['an array of two valid objects', [validBooking(), validBooking()]],
        ['a nested array', [[validBooking()]]],
        ['an empty array', []],
      ];
      const before = await bookingInfoOf(api, bookable.reference);
      for (const [name, body] of cases) {
        await test.step(name, async () => {
          const res = await api.book(bookable.reference, body);
          expect(
            refusalIssue(res),
            `${because('PV-4.3-OBJECT', `${name} is refused with a 4xx`)} [PV-1-SINGLE]`,
          ).toBeUndefined();
          expect(
            await bookingInfoOf(api, bookable.reference),
            because('PV-4.3-OBJECT', `${name} booked nothing`),
          ).toEqual(before);
          observe('PV-4.3-OBJECT', `${name} answered ${describeRefusal(res)}`);
        });
      }
      const ok = await api.book(bookable.reference, validBooking());
      expect(
        ok.status >= 200 && ok.status < 300,
        because('PV-2.3-ACCEPT', `a valid object still books after the refusals, got HTTP ${ok.status}`),
      ).toBe(true);
    },
  );
});
