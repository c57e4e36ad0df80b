import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { API_PREFIX } from '../../fixtures/harness/api/partner-api.ts';
import { bookingReference, validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, legacyNumberOf, needs, observe } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf } from '../../fixtures/harness/checks/refusal.ts';

const BATCH = `${API_PREFIX}/booking`;
const served = (status: number) => status >= 200 && status < 300;

test.describe('The old batch endpoint on the new base URL', () => {
  test(
    ...clauseTest('GET /api/v1/booking?orderItemIds=… is not served', covers('PV-9-NO-BATCH-ENDPOINT')),
    async ({ api, environment }) => {
      const ids = environment.pool
        .map((p) => p.legacyNumber)
        .filter((v): v is string => !!v)
        .slice(0, 2);
      const res = await api.raw('GET', `${BATCH}?orderItemIds=${(ids.length > 0 ? ids : ['5000101']).join(',')}`);
      expect(
        served(res.status),
        because(
          'PV-9-NO-BATCH-ENDPOINT',
          `the batch GET is not served, got HTTP ${res.status} ${res.text.slice(0, 200)}`,
        ),
      ).toBe(false);
      observe('PV-9-NO-BATCH-ENDPOINT', `batch GET answered HTTP ${res.status}`);
    },
  );

  test(
    ...clauseTest(
      'PUT /api/v1/booking with an array body is not served and books nothing',
      covers('PV-9-NO-BATCH-ENDPOINT'),
      needs('writableLegacyNumber'),
    ),
    async ({ api, bookable }) => {
      legacyNumberOf(bookable);
      api.touched.add(bookable.reference); // if the target books it anyway, clean up
      const before = await bookingInfoOf(api, bookable.reference);
      const notes = bookingReference('batch');
      const res = await api.raw('PUT', BATCH, {
        contentType: 'application/json',
        rawBody: JSON.stringify([{ orderItemId: Number(bookable.legacyNumber), notes }]),
      });
      expect(
        served(res.status),
        because(
          'PV-9-NO-BATCH-ENDPOINT',
          `the batch PUT is not served, got HTTP ${res.status} ${res.text.slice(0, 200)}`,
        ),
      ).toBe(false);
      expect(
        await bookingInfoOf(api, bookable.reference),
        because('PV-9-NO-BATCH-ENDPOINT', 'the batch PUT booked nothing'),
      ).toEqual(before);
    },
  );

  test(
    ...clauseTest(
      'DELETE /api/v1/booking with an array body is not served and removes nothing',
      covers('PV-9-NO-BATCH-ENDPOINT'),
      needs('writableLegacyNumber'),
    ),
    async ({ api, bookable }) => {
      legacyNumberOf(bookable);
      const booking = validBooking();
      const booked = await api.book(bookable.reference, booking);
      expect(booked.status, because('PV-3-CREATE', 'setting up: a valid booking succeeds')).toBeLessThan(300);
      // Seen before the batch DELETE, so a booking missing after it was removed, not never shown (a stale read).
      expect(
        containsValue(await bookingInfoOf(api, bookable.reference), booking.bookingReference),
        because('PV-3-CREATE', 'setting up: the booking shows in the next read'),
      ).toBe(true);
      const res = await api.raw('DELETE', BATCH, {
        contentType: 'application/json',
        rawBody: JSON.stringify([{ orderItemId: Number(bookable.legacyNumber), notes: null }]),
      });
      expect(
        served(res.status),
        because(
          'PV-9-NO-BATCH-ENDPOINT',
          `the batch DELETE is not served, got HTTP ${res.status} ${res.text.slice(0, 200)}`,
        ),
      ).toBe(false);
      expect(
        containsValue(await bookingInfoOf(api, bookable.reference), booking.bookingReference),
        because('PV-9-NO-BATCH-ENDPOINT', 'the batch DELETE removed nothing'),
      ).toBe(true);
    },
  );
});
