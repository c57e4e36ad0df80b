import { containsValue } from '../../fixtures/booking-view.ts';
import { validBooking } from '../../fixtures/pool.ts';
import { expect, test } from '../../fixtures/test.ts';
import { because, covers, observe } from '../../fixtures/verdicts.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../booking/refusal.ts';

test.describe('An API user without booking permission', () => {
  test.beforeEach(({ environment }) => {
    test.skip(!environment.credentials.readOnly, `${environment.name} configures no read-only API user (credentials.readOnly)`);
  });

  test('cannot book: refused with a 4xx and nothing is booked (PV-1-PERMISSION)', covers('PV-1-PERMISSION', 'PV-1-DENIAL-STATUS'), async ({ api, bookable }) => {
    const before = await bookingInfoOf(api, bookable.reference);
    const res = await api.book(bookable.reference, validBooking(), { as: 'readOnly' });
    expect(refusalIssue(res), because('PV-1-PERMISSION', 'a booking by the read-only user is refused with a 4xx')).toBeUndefined();
    expect(await bookingInfoOf(api, bookable.reference), because('PV-1-PERMISSION', 'the refused booking was not created')).toEqual(before);
    observe('PV-1-DENIAL-STATUS', `permission refusal on booking: ${describeRefusal(res)}`);
  });

  test('cannot remove an existing booking: refused with a 4xx and the booking stays (PV-1-PERMISSION)', covers('PV-1-PERMISSION', 'PV-1-DENIAL-STATUS'), async ({ api, bookable }) => {
    const booking = validBooking();
    const booked = await api.book(bookable.reference, booking);
    expect(booked.status >= 200 && booked.status < 300, because('PV-3-CREATE', `setting up: the primary user books, got HTTP ${booked.status}`)).toBe(true);
    const res = await api.removeBooking(bookable.reference, { as: 'readOnly' });
    expect(refusalIssue(res), because('PV-1-PERMISSION', 'a removal by the read-only user is refused with a 4xx')).toBeUndefined();
    expect(containsValue(await bookingInfoOf(api, bookable.reference), booking.bookingReference), because('PV-1-PERMISSION', 'the booking is still there after the refused removal')).toBe(true);
    observe('PV-1-DENIAL-STATUS', `permission refusal on removal: ${describeRefusal(res)}`);
  });
});
