import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, legacyNumberOf, observe } from '../../fixtures/harness/verdicts.ts';
import { cellsOf, describeCell, ways } from '../../fixtures/contract/ways-in.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';

test.describe('An API user without booking permission', () => {
  for (const cell of cellsOf('permission-refused')) {
    test(
      ...clauseTest(
        `is refused ${describeCell(cell)}, and nothing changes`,
        covers('PV-1-PERMISSION', 'PV-1-DENIAL-STATUS'),
        ways('permission-refused', cell),
      ),
      async ({ api, bookable }) => {
        const legacy = cell.id === 'legacy';
        const id = legacy ? legacyNumberOf(bookable) : bookable.reference;
        const what = `${bookable.reference}${legacy ? ` (as legacy number ${id})` : ''}`;
        if (cell.op === 'book') {
          const before = await bookingInfoOf(api, bookable.reference);
          const res = await api.book(id, validBooking(), { as: 'readOnly' });
          expect(
            refusalIssue(res),
            because('PV-1-PERMISSION', `a booking of ${what} by the read-only user is refused with a 4xx`),
          ).toBeUndefined();
          expect(
            await bookingInfoOf(api, bookable.reference),
            because('PV-1-PERMISSION', `the refused booking of ${what} was not created`),
          ).toEqual(before);
          observe('PV-1-DENIAL-STATUS', `permission refusal on booking ${describeCell(cell)}: ${describeRefusal(res)}`);
          return;
        }
        const booking = validBooking();
        const made = await api.book(bookable.reference, booking, { label: 'book as the primary user (setup)' });
        expect(
          made.status,
          because('PV-3-CREATE', `setup: the primary user books, got HTTP ${made.status} ${made.text.slice(0, 200)}`),
        ).toBeLessThan(300);
        const res = await api.removeBooking(id, { as: 'readOnly' });
        expect(
          refusalIssue(res),
          because('PV-1-PERMISSION', `a removal of the booking of ${what} by the read-only user is refused with a 4xx`),
        ).toBeUndefined();
        expect(
          containsValue(await bookingInfoOf(api, bookable.reference), booking.bookingReference),
          because('PV-1-PERMISSION', `the booking of ${what} is still there after the refused removal`),
        ).toBe(true);
        observe('PV-1-DENIAL-STATUS', `permission refusal on removal ${describeCell(cell)}: ${describeRefusal(res)}`);
      },
    );
  }
});
