import { invalidBookingCase, materialise } from '../../fixtures/harness/arbitraries/invalid-bookings.ts';
import type { PoolCertificate } from '../../fixtures/harness/environment.ts';
import { bookingReference } from '../../fixtures/harness/pool/pool.ts';
import { OnceNotes } from '../../fixtures/harness/properties/notes.ts';
import { FailingRunRecorder } from '../../fixtures/harness/properties/recorder.ts';
import { bookingInfoOf, describe, is2xx, is4xx } from '../../fixtures/harness/properties/responses.ts';
import { checkProperty, laneCount } from '../../fixtures/harness/properties/runner.ts';
import { numRunsFor, propertySettings, seedLabel, testTimeoutFor } from '../../fixtures/harness/properties/settings.ts';
import { exampleExpect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';

const settings = propertySettings();

/** A certificate examples run on one at a time, and its bookingInfo before any of them. */
interface Lane {
  cert: PoolCertificate;
  before: unknown;
}

test.describe('Property: invalid booking payloads', () => {
  test(
    ...clauseTest(
      `refuses any invalid payload with a 4xx problem and books nothing, ${seedLabel(settings)}`,
      covers(
        'PV-2.3-DATE',
        'PV-2.3-TIME',
        'PV-2.3-TYPES',
        'PV-4.3-OBJECT',
        'PV-4.3-MALFORMED',
        'PV-4-NO-5XX',
        'PV-4.3-MEDIA',
      ),
    ),
    async ({ api, bookable, pool, exchanges }) => {
      test.setTimeout(testTimeoutFor(settings));
      const recorder = new FailingRunRecorder(exchanges);
      const notes = new OnceNotes();
      // Examples side by side, each on a certificate of its own (a body wrongly accepted books only its own).
      const lanes: Lane[] = await Promise.all(
        pool.spread(laneCount(settings, api.pacer), bookable).map(async (cert) => {
          const initial = await api.getCertificate(cert.reference, { label: 'state before' });
          exampleExpect(
            initial.status,
            because('PV-4.2-GET', `the pool certificate ${cert.reference} is readable (${describe(initial)})`),
          ).toBe(200);
          return { cert, before: bookingInfoOf(initial) };
        }),
      );

      await checkProperty(
        invalidBookingCase(),
        async (c, { cert, before }) => {
          const { rawBody, contentType } = materialise(c, bookingReference('fz'));
          let mayHaveBooked = true;
          try {
            const res = await api.book(cert.reference, undefined, { rawBody, contentType, label: `book (${c.kind})` });
            mayHaveBooked = !is4xx(res.status);
            exampleExpect(
              res.status,
              because('PV-4-NO-5XX', `a ${c.kind} booking body is a client mistake, never a 5xx: got ${describe(res)}`),
            ).toBeLessThan(500);
            if (c.kind === 'wrong-media-type' && is2xx(res.status)) {
              // SHOULD only: accepting JSON under another media type is a warning; the booking is removed below.
              notes.should(
                false,
                'PV-4.3-MEDIA',
                `a JSON booking sent as ${contentType ?? '(no Content-Type)'} was accepted (${res.status})`,
              );
              return;
            }
            // Accepted: what it stored tells the diagnosis why (a date with spaces around it, stored trimmed).
            if (is2xx(res.status)) await api.getCertificate(cert.reference, { label: 'what the accepted body stored' });
            exampleExpect(
              is4xx(res.status),
              because(c.clause, `a ${c.kind} booking body is refused with a 4xx, got ${describe(res)}`),
            ).toBe(true);
            const after = await api.getCertificate(cert.reference, { label: 'state after' });
            exampleExpect(
              bookingInfoOf(after),
              because(c.clause, `a refused ${c.kind} body leaves bookingInfo unchanged`),
            ).toEqual(before);
          } finally {
            if (mayHaveBooked) await api.removeBooking(cert.reference, { label: 'remove (run cleanup)' });
          }
        },
        { settings, numRuns: numRunsFor(settings, { quick: 120, nightly: 2000 }), recorder, lanes },
      );
    },
  );
});
