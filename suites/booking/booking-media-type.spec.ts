import { isDeepStrictEqual } from 'node:util';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { formEncode } from '../../fixtures/harness/http/form.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe, should } from '../../fixtures/harness/verdicts.ts';
import { ways } from '../../fixtures/contract/ways-in.ts';
import { bookingInfoOf, describeRefusal } from '../../fixtures/harness/checks/refusal.ts';

test.describe('Booking body media type', () => {
  test(
    ...clauseTest(
      'a booking sent as text/plain or as a form should be refused without booking',
      covers('PV-4.3-MEDIA', 'PV-4-NO-5XX'),
    ),
    async ({ api, bookable }) => {
      const cases: Array<[string, () => string]> = [
        ['text/plain', () => JSON.stringify(validBooking())],
        [
          'application/x-www-form-urlencoded',
          () => formEncode(Object.entries(validBooking()).map(([k, v]): [string, string] => [k, String(v)])),
        ],
      ];
      const before = await bookingInfoOf(api, bookable.reference);
      for (const [contentType, body] of cases) {
        await test.step(contentType, async () => {
          const res = await api.book(bookable.reference, undefined, { rawBody: body(), contentType });
          expect(
            res.status,
            because('PV-4-NO-5XX', `a ${contentType} body never produces a 5xx, got HTTP ${res.status}`),
          ).toBeLessThan(500);
          should(
            res.status >= 400,
            'PV-4.3-MEDIA',
            `a ${contentType} booking body was answered HTTP ${res.status}, expected a 4xx refusal`,
          );
          observe('PV-4.3-MEDIA', `${contentType} answered ${describeRefusal(res)}`);
          const after = await bookingInfoOf(api, bookable.reference);
          if (!should(isDeepStrictEqual(after, before), 'PV-4.3-MEDIA', `a ${contentType} body created a booking`)) {
            // Undo it so the next case starts from an unbooked certificate.
            await api.removeBooking(bookable.reference);
          }
        });
      }
      const ok = await api.book(bookable.reference, validBooking());
      expect(
        ok.status >= 200 && ok.status < 300,
        because('PV-2.3-ACCEPT', `a valid JSON booking still succeeds, got HTTP ${ok.status}`),
      ).toBe(true);
    },
  );

  test(
    ...clauseTest(
      'a booking sent as "application/json; charset=utf-8" is accepted like any JSON booking',
      covers('PV-2.3-ACCEPT'),
      ways('booking-accepted', { media: 'charset' }),
    ),
    async ({ api, bookable }) => {
      const booking = validBooking();
      const res = await api.book(bookable.reference, booking, {
        contentType: 'application/json; charset=utf-8',
        label: 'book with a charset parameter',
      });
      expect(
        res.status,
        because(
          'PV-2.3-ACCEPT',
          `a JSON booking with a charset parameter is accepted, got HTTP ${res.status} ${res.text.slice(0, 200)}`,
        ),
      ).toBeLessThan(300);
      const read = await api.getCertificate(bookable.reference, { label: `read back ${bookable.reference}` });
      expect(
        read.status,
        because('PV-4.2-GET', `reading ${bookable.reference} back answers 200, got HTTP ${read.status}`),
      ).toBe(200);
      expect(
        containsValue(read.json<{ bookingInfo?: unknown }>()?.bookingInfo, booking.bookingReference),
        because('PV-2.3-ROUNDTRIP', 'the booking sent with a charset parameter is there'),
      ).toBe(true);
    },
  );
});
