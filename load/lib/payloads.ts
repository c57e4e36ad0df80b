/**
 * Booking bodies for load scenarios. Same shape and values as fixtures/harness/pool.ts validBooking(), whose
 * module reads process.pid and so cannot run in k6; the bookingReference carries the run ID and
 * the harness prefix so the janitor and teardown recognise our bookings.
 */

/** Must equal BOOKING_REFERENCE_PREFIX in fixtures/harness/pool.ts (checked by load/node/build.test.ts). */
export const BOOKING_REFERENCE_PREFIX = 'PVH-';

export interface BookingBody {
  notes: string;
  bookingDate: string;
  bookingTime: string;
  bookingReference: string;
}

/** The prefix of every bookingReference this load run creates. */
export function loadReferencePrefix(runId: string): string {
  return `${BOOKING_REFERENCE_PREFIX}${runId}-k6-`;
}

export function bookingReference(runId: string, vu: number, iteration: number, tag: string): string {
  return `${loadReferencePrefix(runId)}${vu}-${iteration}-${tag}`;
}

export function validBooking(reference: string): BookingBody {
  return { notes: 'Booked by the load suite', bookingDate: '2026-12-24', bookingTime: '18:30:00', bookingReference: reference };
}
