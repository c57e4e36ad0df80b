import { containsValue } from '../../fixtures/booking-view.ts';
import { isObject } from '../../fixtures/certificate-body.ts';
import { validBooking } from '../../fixtures/pool.ts';
import { expect, test } from '../../fixtures/test.ts';
import { because, covers, observe } from '../../fixtures/verdicts.ts';

test.describe('Booking cycle: create, conflict, remove, create again', () => {
  test('books an unbooked certificate and reads the booking back in a bookingInfo object (PV-3-CREATE, PV-2.3-ACCEPT, PV-2.3-ROUNDTRIP, PV-2.1-BOOKINGINFO, PV-4-SUCCESS-CODES)', covers('PV-3-CREATE', 'PV-2.3-ACCEPT', 'PV-2.3-ROUNDTRIP', 'PV-2.1-BOOKINGINFO', 'PV-4-SUCCESS-CODES'), async ({ api, bookable }) => {
    const booking = validBooking({ notes: 'Round-trip check' });
    const res = await api.book(bookable.reference, booking);
    expect(res.status, because('PV-3-CREATE', `booking an unbooked certificate must succeed, got HTTP ${res.status} ${res.text.slice(0, 200)}`)).toBeGreaterThanOrEqual(200);
    expect(res.status, because('PV-3-CREATE', 'booking answers 2xx')).toBeLessThan(300);
    observe('PV-4-SUCCESS-CODES', `booking answered ${res.status} with ${res.text ? 'a body' : 'no body'}`);
    const read = await api.getCertificate(bookable.reference);
    expect(read.status, because('PV-4.2-GET', `reading the booked certificate back answers 200, got HTTP ${read.status}`)).toBe(200);
    const info = read.json<{ bookingInfo?: unknown }>()?.bookingInfo;
    expect(isObject(info), because('PV-2.1-BOOKINGINFO', `a booked certificate carries a bookingInfo object, got ${JSON.stringify(info)}`)).toBe(true);
    for (const [field, value] of Object.entries(booking)) {
      expect(containsValue(info, value), because('PV-2.3-ROUNDTRIP', `bookingInfo shows the ${field} that was sent (${JSON.stringify(value)})`)).toBe(true);
    }
  });

  test('refuses a second booking with 409 ItemAlreadyBooked and keeps the first (PV-3-CONFLICT, PV-7-CONFLICT-BODY)', covers('PV-3-CONFLICT', 'PV-7-CONFLICT-BODY'), async ({ api, bookable }) => {
    const first = validBooking();
    const made = await api.book(bookable.reference, first);
    expect(made.status, because('PV-3-CREATE', `setup: the first booking succeeds, got HTTP ${made.status} ${made.text.slice(0, 200)}`)).toBeLessThan(300);
    const second = await api.book(bookable.reference, validBooking());
    expect(second.status, because('PV-3-CONFLICT', `booking a booked certificate is 409, got HTTP ${second.status} ${second.text.slice(0, 200)}`)).toBe(409);
    const body = second.json<Record<string, unknown>>();
    expect({ type: body?.type, title: body?.title, status: body?.status }, because('PV-7-CONFLICT-BODY', 'the 409 problem is ItemAlreadyBooked')).toEqual({
      type: 'urn:service:error:ItemAlreadyBooked',
      title: 'ItemAlreadyBooked',
      status: 409,
    });
    const info = (await api.getCertificate(bookable.reference)).json<{ bookingInfo?: unknown }>()?.bookingInfo;
    expect(containsValue(info, first.bookingReference), because('PV-3-CONFLICT', 'the first booking is still there')).toBe(true);
  });

  test('removes a booking without a body, reads back unbooked, and books again (PV-3-REMOVE, PV-4.4-NO-BODY, PV-4-SUCCESS-CODES)', covers('PV-3-REMOVE', 'PV-4.4-NO-BODY', 'PV-4-SUCCESS-CODES'), async ({ api, bookable }) => {
    const first = validBooking();
    const made = await api.book(bookable.reference, first);
    expect(made.status, because('PV-3-CREATE', `setup: the booking succeeds, got HTTP ${made.status} ${made.text.slice(0, 200)}`)).toBeLessThan(300);
    const removed = await api.removeBooking(bookable.reference);
    expect(removed.status, because('PV-4.4-NO-BODY', `DELETE without a body removes the booking, got HTTP ${removed.status}`)).toBeLessThan(300);
    observe('PV-4-SUCCESS-CODES', `removal answered ${removed.status} with ${removed.text ? 'a body' : 'no body'}`);
    const info = (await api.getCertificate(bookable.reference)).json<{ bookingInfo?: unknown }>()?.bookingInfo;
    expect(containsValue(info, first.bookingReference), because('PV-3-REMOVE', 'bookingInfo no longer shows the removed booking')).toBe(false);
    const again = await api.book(bookable.reference, validBooking());
    expect(again.status, because('PV-3-REMOVE', 'a certificate whose booking was removed can be booked again')).toBeLessThan(300);
  });
});
