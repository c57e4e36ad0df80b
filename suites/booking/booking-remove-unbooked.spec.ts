import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf } from '../../fixtures/harness/checks/refusal.ts';

test.describe('Removing the booking of an unbooked certificate', () => {
  test(
    ...clauseTest(
      'answers a 2xx, 404 or 409 (not shown which), never a 5xx, and leaves it bookable',
      covers('PV-3-REMOVE-UNBOOKED', 'PV-4-NO-5XX'),
    ),
    async ({ api, bookable }) => {
      const before = await bookingInfoOf(api, bookable.reference);
      const res = await api.removeBooking(bookable.reference);
      expect(
        res.status,
        because(
          'PV-4-NO-5XX',
          `removing a booking that does not exist never produces a 5xx, ` +
            `got HTTP ${res.status} ${res.text.slice(0, 200)}`,
        ),
      ).toBeLessThan(500);
      const usual = (res.status >= 200 && res.status < 300) || res.status === 404 || res.status === 409;
      const name = res.json<{ title?: unknown }>()?.title;
      const titled = typeof name === 'string' ? ` ${name}` : '';
      observe(
        'PV-3-REMOVE-UNBOOKED',
        `answered HTTP ${res.status}${titled}${usual ? '' : ' (neither 2xx, 404 nor 409)'}`,
      );
      expect(
        await bookingInfoOf(api, bookable.reference),
        because('PV-3-CREATE', 'the certificate is still unbooked'),
      ).toEqual(before);
      const ok = await api.book(bookable.reference, validBooking());
      expect(
        ok.status >= 200 && ok.status < 300,
        because('PV-3-CREATE', `the certificate can still be booked, got HTTP ${ok.status}`),
      ).toBe(true);
    },
  );
});
