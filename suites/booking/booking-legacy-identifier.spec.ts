import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, legacyNumberOf, needs } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf } from '../../fixtures/harness/checks/refusal.ts';

test.describe('Bookings across the two identifiers of one certificate', () => {
  for (const [via, seenBy] of [
    ['legacy number', 'reference'],
    ['reference', 'legacy number'],
  ] as const) {
    test(
      ...clauseTest(
        `a booking made by ${via} is seen by ${seenBy}`,
        covers('PV-2.2-LEGACY-BOOKING'),
        needs('writableLegacyNumber'),
      ),
      async ({ api, bookable }) => {
        const id = { reference: bookable.reference, 'legacy number': legacyNumberOf(bookable) };
        api.touched.add(bookable.reference); // clean up by reference too, whatever identifier booked it
        const booking = validBooking({ notes: `booked by ${via}` });
        const res = await api.book(id[via], booking);
        expect(
          res.status,
          because(
            'PV-2.2-LEGACY-BOOKING',
            `booking by ${via} ${id[via]} succeeds, got HTTP ${res.status} ${res.text.slice(0, 200)}`,
          ),
        ).toBeGreaterThanOrEqual(200);
        expect(res.status, because('PV-2.2-LEGACY-BOOKING', `booking by ${via} answers 2xx`)).toBeLessThan(300);
        const info = await bookingInfoOf(api, id[seenBy]);
        expect(
          containsValue(info, booking.bookingReference),
          because('PV-2.2-LEGACY-BOOKING', `reading by ${seenBy} ${id[seenBy]} shows the booking made by ${via}`),
        ).toBe(true);
      },
    );
  }
});
