import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { isObject } from '../../fixtures/contract/certificate-body.ts';
import type { BookingBody } from '../../fixtures/harness/pool.ts';
import type { PartnerApi } from '../../fixtures/harness/partner-api.ts';
import { firstBooking, idOf, leftovers, secondBooking } from '../../fixtures/harness/checks/booking-history.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, legacyNumberOf, observe } from '../../fixtures/harness/verdicts.ts';
import { cellsOf, describeCell, ways } from '../../fixtures/contract/ways-in.ts';

// Asserting steps stay in the spec (no expect outside specs); booking-remove.spec.ts and
// booking-conflict.spec.ts carry the same ones.
async function bookOk(api: PartnerApi, id: string, body: BookingBody, what: string): Promise<void> {
  const res = await api.book(id, body, { label: what });
  expect(res.status, because('PV-3-CREATE', `${what}: booking an unbooked certificate succeeds, got HTTP ${res.status} ${res.text.slice(0, 200)}`)).toBeGreaterThanOrEqual(200);
  expect(res.status, because('PV-3-CREATE', `${what}: booking answers 2xx`)).toBeLessThan(300);
  observe('PV-4-SUCCESS-CODES', `booking answered ${res.status} with ${res.text ? 'a body' : 'no body'}`);
}

async function removeOk(api: PartnerApi, id: string, what: string): Promise<void> {
  const res = await api.removeBooking(id, { label: what });
  expect(res.status, because('PV-3-REMOVE', `${what}: removing the booking of a booked certificate succeeds, got HTTP ${res.status} ${res.text.slice(0, 200)}`)).toBeLessThan(300);
  expect(res.status, because('PV-3-REMOVE', `${what}: removal answers 2xx`)).toBeGreaterThanOrEqual(200);
  observe('PV-4-SUCCESS-CODES', `removal answered ${res.status} with ${res.text ? 'a body' : 'no body'}`);
}

async function bookingInfo(api: PartnerApi, id: string): Promise<unknown> {
  const read = await api.getCertificate(id, { label: `read back ${id}` });
  expect(read.status, because('PV-4.2-GET', `reading ${id} back answers 200, got HTTP ${read.status}`)).toBe(200);
  return read.json<{ bookingInfo?: unknown }>()?.bookingInfo;
}

test.describe('Booking creation through every identifier, first or after a removal', () => {
  for (const cell of cellsOf('booking-created')) {
    const rebook = cell.history === 'rebook';
    test(...clauseTest(`a booking ${describeCell(cell)} is created and read back in a bookingInfo object showing what was sent${rebook ? ', and nothing of the removed booking' : ''}`, covers('PV-3-CREATE', 'PV-2.3-ACCEPT', 'PV-2.3-ROUNDTRIP', 'PV-2.1-BOOKINGINFO', ...(rebook ? (['PV-3-REMOVE'] as const) : []), 'PV-4-SUCCESS-CODES'), ways('booking-created', cell), cell.id === 'reference' && !rebook ? ways('booking-accepted', { media: 'plain' }) : {}), async ({ api, bookable, environment }) => {
      if (cell.id === 'legacy') legacyNumberOf(bookable);
      const id = idOf(bookable, cell);
      let removed: BookingBody | undefined;
      let booking: BookingBody = firstBooking();
      if (rebook) {
        removed = booking;
        await bookOk(api, bookable.reference, removed, 'first booking (setup)');
        await removeOk(api, bookable.reference, 'remove the first booking (setup)');
        booking = secondBooking(environment);
      }
      await bookOk(api, id, booking, `${rebook ? 'book again' : 'book'} ${describeCell(cell)}`);
      for (const readId of new Set([bookable.reference, id])) {
        const info = await bookingInfo(api, readId);
        expect(isObject(info), because('PV-2.1-BOOKINGINFO', `read by ${readId}, a booked certificate carries a bookingInfo object, got ${JSON.stringify(info)}`)).toBe(true);
        for (const [field, value] of Object.entries(booking)) {
          expect(containsValue(info, value), because('PV-2.3-ROUNDTRIP', `read by ${readId}, bookingInfo shows the ${field} that was sent (${JSON.stringify(value)})`)).toBe(true);
        }
        for (const [field, value] of removed ? leftovers(removed, booking) : []) {
          expect(containsValue(info, value), because('PV-3-REMOVE', `read by ${readId}, bookingInfo shows nothing of the removed booking: its ${field} ${JSON.stringify(value)} is still there${(booking as Record<string, unknown>)[field] === undefined ? ' though the new booking left that field out' : ''}`)).toBe(false);
        }
      }
    });
  }
});
