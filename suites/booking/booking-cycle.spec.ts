import { containsValue } from '../../fixtures/contract/json-walk.ts';
import type { BookingBody } from '../../fixtures/harness/pool.ts';
import { bookingReference, validBooking } from '../../fixtures/harness/pool.ts';
import { isObject } from '../../fixtures/contract/certificate-body.ts';
import type { ResolvedEnvironment } from '../../fixtures/environments/load.ts';
import type { PoolCertificate } from '../../fixtures/environments/types.ts';
import type { PartnerApi } from '../../fixtures/harness/partner-api.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, covers, details, observe } from '../../fixtures/harness/verdicts.ts';
import { cellsOf, describeCell, ways, type Cell } from '../../fixtures/contract/ways-in.ts';

/** A first booking whose every value is distinctive, so a leftover of it is recognisable later. */
const firstBooking = (): BookingBody & { bookingReference: string } =>
  validBooking({ notes: `first booking ${bookingReference('n')}`, bookingDate: '2031-03-17', bookingTime: '07:41:19', bookingReference: bookingReference('first') });

/**
 * A second booking after a removal: only what the target requires plus a bookingReference when the
 * config says which fields are required (fields left out must not inherit the removed booking's
 * values), otherwise every field with new values.
 */
function secondBooking(env: ResolvedEnvironment): BookingBody & { bookingReference: string } {
  const full = { notes: `second booking ${bookingReference('n')}`, bookingDate: '2032-05-09', bookingTime: '16:02:44', bookingReference: bookingReference('second') };
  const required = env.booking.requiredFields;
  if (!required) return full;
  return Object.fromEntries(Object.entries(full).filter(([k]) => k === 'bookingReference' || required.includes(k as never))) as typeof full;
}

const idOf = (cert: PoolCertificate, cell: Cell) => (cell.id === 'legacy' ? cert.legacyNumber! : cert.reference);

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

/** Values of a removed booking that must not show any more (the other booking's values excepted). */
const leftovers = (removed: BookingBody, current?: BookingBody) =>
  Object.entries(removed).filter(([k, v]) => typeof v === 'string' && (current === undefined || (current as Record<string, unknown>)[k] !== v));

test.describe('Booking cycle through every identifier: create, conflict, remove, create again', () => {
  for (const cell of cellsOf('booking-created')) {
    const rebook = cell.history === 'rebook';
    test(`a booking ${describeCell(cell)} is created and read back in a bookingInfo object showing what was sent${rebook ? ', and nothing of the removed booking' : ''} (PV-3-CREATE, PV-2.3-ACCEPT, PV-2.3-ROUNDTRIP, PV-2.1-BOOKINGINFO${rebook ? ', PV-3-REMOVE' : ''}, PV-4-SUCCESS-CODES)`, details(covers('PV-3-CREATE', 'PV-2.3-ACCEPT', 'PV-2.3-ROUNDTRIP', 'PV-2.1-BOOKINGINFO', ...(rebook ? (['PV-3-REMOVE'] as const) : []), 'PV-4-SUCCESS-CODES'), ways('booking-created', cell), cell.id === 'reference' && !rebook ? ways('booking-accepted', { media: 'plain' }) : {}), async ({ api, bookable, environment }) => {
      test.skip(cell.id === 'legacy' && !bookable.legacyNumber, `pool certificate ${bookable.reference} names no legacyNumber`);
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

  for (const cell of cellsOf('booking-conflict')) {
    test(`a second booking ${describeCell(cell)} is refused with 409 ItemAlreadyBooked and the first is kept (PV-3-CONFLICT, PV-7-CONFLICT-BODY)`, details(covers('PV-3-CONFLICT', 'PV-7-CONFLICT-BODY'), ways('booking-conflict', cell)), async ({ api, bookable }) => {
      test.skip(cell.id === 'legacy' && !bookable.legacyNumber, `pool certificate ${bookable.reference} names no legacyNumber`);
      const first = validBooking();
      await bookOk(api, bookable.reference, first, 'first booking (setup)');
      const secondBody = validBooking();
      const second = await api.book(idOf(bookable, cell), secondBody, { label: `second booking ${describeCell(cell)}` });
      expect(second.status, because('PV-3-CONFLICT', `booking a booked certificate ${describeCell(cell)} is 409, got HTTP ${second.status} ${second.text.slice(0, 200)}`)).toBe(409);
      const body = second.json<Record<string, unknown>>();
      expect({ type: body?.type, title: body?.title, status: body?.status }, because('PV-7-CONFLICT-BODY', 'the 409 problem is ItemAlreadyBooked')).toEqual({ type: 'urn:service:error:ItemAlreadyBooked', title: 'ItemAlreadyBooked', status: 409 });
      const info = await bookingInfo(api, bookable.reference);
      expect(containsValue(info, first.bookingReference), because('PV-3-CONFLICT', 'the first booking is still there')).toBe(true);
      expect(containsValue(info, secondBody.bookingReference), because('PV-3-CONFLICT', 'the refused booking left no trace')).toBe(false);
    });
  }

  for (const cell of cellsOf('booking-removed')) {
    const rebook = cell.history === 'rebook';
    test(`a booking${rebook ? ' made after an earlier removal' : ''} is removed ${describeCell({ id: cell.id })} without a body, reads back unbooked, and the certificate books again (PV-3-REMOVE, PV-4.4-NO-BODY, PV-1-SINGLE, PV-4-SUCCESS-CODES)`, details(covers('PV-3-REMOVE', 'PV-4.4-NO-BODY', 'PV-1-SINGLE', 'PV-4-SUCCESS-CODES'), ways('booking-removed', cell), ways('one-certificate', { op: 'book' }, { op: 'remove' })), async ({ api, bookable, environment }) => {
      test.skip(cell.id === 'legacy' && !bookable.legacyNumber, `pool certificate ${bookable.reference} names no legacyNumber`);
      const gone: BookingBody[] = [];
      let booking: BookingBody = firstBooking();
      if (rebook) {
        await bookOk(api, bookable.reference, booking, 'first booking (setup)');
        await removeOk(api, bookable.reference, 'remove the first booking (setup)');
        gone.push(booking);
        booking = secondBooking(environment);
      }
      await bookOk(api, bookable.reference, booking, 'book (setup)');
      const removed = await api.removeBooking(idOf(bookable, cell), { label: `remove ${describeCell({ id: cell.id })}` });
      expect(removed.status, because('PV-4.4-NO-BODY', `DELETE without a body ${describeCell({ id: cell.id })} removes the booking, got HTTP ${removed.status} ${removed.text.slice(0, 200)}`)).toBeLessThan(300);
      gone.push(booking);
      const info = await bookingInfo(api, bookable.reference);
      for (const b of gone) {
        for (const [field, value] of leftovers(b)) {
          expect(containsValue(info, value), because('PV-3-REMOVE', `bookingInfo no longer shows the removed booking: its ${field} ${JSON.stringify(value)} is still there`)).toBe(false);
        }
      }
      const again = await api.book(bookable.reference, validBooking(), { label: 'book again after the removal' });
      expect(again.status, because('PV-3-REMOVE', `a certificate whose booking was removed can be booked again, got HTTP ${again.status} ${again.text.slice(0, 200)}`)).toBeLessThan(300);
    });
  }

  test('a booking sent as "application/json; charset=utf-8" is accepted like any JSON booking (PV-2.3-ACCEPT)', details(covers('PV-2.3-ACCEPT'), ways('booking-accepted', { media: 'charset' })), async ({ api, bookable }) => {
    const booking = validBooking();
    const res = await api.book(bookable.reference, booking, { contentType: 'application/json; charset=utf-8', label: 'book with a charset parameter' });
    expect(res.status, because('PV-2.3-ACCEPT', `a JSON booking with a charset parameter is accepted, got HTTP ${res.status} ${res.text.slice(0, 200)}`)).toBeLessThan(300);
    expect(containsValue(await bookingInfo(api, bookable.reference), booking.bookingReference), because('PV-2.3-ROUNDTRIP', 'the booking sent with a charset parameter is there')).toBe(true);
  });
});
