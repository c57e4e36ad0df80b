import { expect, test } from '../../fixtures/harness/test.ts';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { bookingInfoOf } from '../../fixtures/harness/checks/refusal.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { thinSlice } from '../../fixtures/contract/needs.ts';
import { because, clauseTest, covers, needs, notTested } from '../../fixtures/harness/verdicts.ts';

/** Certificates booked at once per trial, and trials: a store that shares state between requests shows it within a few.
 * */
const AT_ONCE = 4;
const TRIALS = 3;

test.describe('Simultaneous requests do not change each other', () => {
  test(
    ...clauseTest(
      'simultaneous bookings of different certificates each store what they alone sent',
      covers('PV-3-ISOLATED'),
      needs('writes'),
    ),
    async ({ api, pool }) => {
      const n = Math.min(AT_ONCE, api.pacer.maxConcurrent);
      if (n < 2)
        notTested({
          why: 'this worker may send only one request at a time (certify.maxConcurrency over the workers)',
          setting: 'worker-slice',
          enable: 'raise certify.maxConcurrency, or run with fewer workers (PVH_WORKERS)',
        });
      const certs = [
        ...new Map(
          Array.from({ length: n }, () => pool.bookable())
            .filter((c) => c !== undefined)
            .map((c) => [c.reference, c]),
        ).values(),
      ];
      if (certs.length < 2) notTested(thinSlice('two writable certificates to book at once'));
      for (let trial = 1; trial <= TRIALS; trial += 1) {
        const bookings = certs.map((c, i) =>
          validBooking({ notes: `isolation trial ${trial}, certificate ${i + 1} of ${certs.length}` }),
        );
        const answers = await Promise.all(
          certs.map((c, i) =>
            api.book(c.reference, bookings[i], {
              label: `book ${c.reference} at the same time as ${certs.length - 1} others`,
            }),
          ),
        );
        answers.forEach((res, i) =>
          expect(
            res.status,
            because('PV-3-CREATE', `booking the unbooked ${certs[i]!.reference} succeeds, got HTTP ${res.status}`),
          ).toBeLessThan(300),
        );
        for (const [i, c] of certs.entries()) {
          const info = await bookingInfoOf(api, c.reference);
          const others = bookings
            .filter((_, j) => j !== i)
            .filter((b) => containsValue(info, b.bookingReference))
            .map((b) => b.bookingReference);
          expect(
            { own: containsValue(info, bookings[i]!.bookingReference), others },
            because(
              'PV-3-ISOLATED',
              `trial ${trial}: ${c.reference}, booked at the same time as ${certs.length - 1} other ` +
                `certificates, shows its own booking and none of theirs`,
            ),
          ).toEqual({ own: true, others: [] });
        }
        for (const c of certs) await api.removeBooking(c.reference, { label: `end of trial ${trial}` });
      }
    },
  );
});
