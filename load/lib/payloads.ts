/**
 * Booking bodies for load scenarios, from the contract's booking (the same values and prefix the
 * harness books with); the bookingReference carries the run ID so the janitor and teardown
 * recognise our bookings. fixtures/harness/pool/pool.ts reads process.pid and so cannot run in k6.
 */
import { BOOKING_REFERENCE_PREFIX, validBookingWith } from '../../fixtures/contract/booking.ts';

export type LoadBooking = ReturnType<typeof validBookingWith>;

/** The prefix of every bookingReference this load run creates. */
export function loadReferencePrefix(runId: string): string {
  return `${BOOKING_REFERENCE_PREFIX}${runId}-k6-`;
}

export function bookingReference(runId: string, vu: number, iteration: number, tag: string): string {
  return `${loadReferencePrefix(runId)}${vu}-${iteration}-${tag}`;
}

export function validBooking(reference: string): LoadBooking {
  return { ...validBookingWith(reference), notes: 'Booked by the load suite' };
}
