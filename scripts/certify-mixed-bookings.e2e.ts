/**
 * End to end: bookings that mix their fields while stored (booking-fields-mixed) break the round-trip and
 * creation checks of every worker, and the run still names one root cause, PV-3-ISOLATED: each of those
 * answers showed another request's bookingReference (fixtures/harness/after-test/another-request.ts).
 */
import { _baseTest as test, expect } from '@playwright/test';
import { certifyFault } from './lib/certify-fault.ts';

test("bookings that store each other's fields are NOT CONFORMANT, PV-3-ISOLATED their one root cause", async () => {
  test.setTimeout(180_000);
  const { code, out, results } = await certifyFault('booking-fields-mixed');
  expect(code, out).toBe(1);
  expect(results.rootCauses?.map((c) => c.clause)).toEqual(['PV-3-ISOLATED']);
});
