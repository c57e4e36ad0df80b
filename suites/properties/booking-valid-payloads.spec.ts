import fc from 'fast-check';
import { validBookingBody, validBookingTemplate } from '../../fixtures/harness/arbitraries/booking-payloads.ts';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { displayPath } from '../../fixtures/harness/environment.ts';
import { bookingReference } from '../../fixtures/harness/pool.ts';
import { beyondPromise, BeyondPromiseLog, refusalAdvice } from '../../fixtures/harness/properties/booking-promise.ts';
import { FailingRunRecorder } from '../../fixtures/harness/properties/recorder.ts';
import { bookingInfoOf, describe, is2xx, is4xx, someString } from '../../fixtures/harness/properties/responses.ts';
import { OnceNotes } from '../../fixtures/harness/properties/notes.ts';
import { checkProperty } from '../../fixtures/harness/properties/runner.ts';
import { numRunsFor, propertySettings, seedLabel, testTimeoutFor } from '../../fixtures/harness/properties/settings.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';

const settings = propertySettings();

test.describe('Property: valid booking payloads', () => {
  test(...clauseTest(`accepts any valid payload on an unbooked certificate and reads it back, ${seedLabel(settings)}`, covers('PV-2.3-ACCEPT', 'PV-2.3-ROUNDTRIP', 'PV-3-CREATE', 'PV-4-SUCCESS-CODES', 'PV-2.3-LIMITS', 'PV-4-NO-5XX')), async ({ api, bookable, exchanges, environment }) => {
    test.setTimeout(testTimeoutFor(settings));
    const recorder = new FailingRunRecorder(exchanges);
    const notes = new OnceNotes();
    const beyondLog = new BeyondPromiseLog();
    const rules = environment.booking;
    const configFile = displayPath(environment.configFile);
    const sent: string[] = [];
    // Room for the run-ID prefix (its counter may grow by a few digits during the run).
    const prefixLength = bookingReference('fc').length + 6;
    const template = validBookingTemplate({ rules, prefixLength });

    const property = fc.asyncProperty(template, (t) =>
      recorder.run(async () => {
        const prefix = `${bookingReference('fc')}~`;
        const body = validBookingBody(t, prefix);
        // Beyond what the config promises (longer strings, fields left out, nulls): a refusal is the target's right.
        const beyond = beyondPromise(body, rules);
        sent.push(body.bookingReference);
        let booked = true;
        try {
          const res = await api.book(bookable.reference, body, { label: 'book (property)' });
          booked = is2xx(res.status) || res.status >= 500;
          if (res.status === 409) {
            // Say so when an earlier run's booking is still there: the removal did not work.
            const info = bookingInfoOf(await api.getCertificate(bookable.reference, { label: 'why 409' }));
            const stale = sent.slice(0, -1).find((r) => containsValue(info, r));
            expect(stale, because('PV-3-CREATE', `the certificate still carries the booking ${stale} of an earlier run: its removal answered success but did not remove it`)).toBeUndefined();
          }
          if (beyond.length > 0) {
            beyondLog.record(beyond, res, body);
            expect(res.status, because('PV-4-NO-5XX', `a booking body (${beyond.map((b) => b.message).join('; ')}) never produces a 5xx, got ${describe(res)}`)).toBeLessThan(500);
            if (is4xx(res.status) && res.status !== 409) return;
          }
          const advice = is4xx(res.status) ? refusalAdvice(res, body, rules, configFile) : '';
          expect(is2xx(res.status), because('PV-2.3-ACCEPT', `a valid booking on an unbooked certificate must succeed, got ${describe(res)}.${advice}`)).toBe(true);
          notes.observe('PV-4-SUCCESS-CODES', `booking answered ${res.status} with ${res.text ? 'a body' : 'no body'}`);

          const read = await api.getCertificate(bookable.reference, { label: 'read back' });
          expect(read.status, because('PV-3-CREATE', `reading the booked certificate back answers 200, got ${describe(read)}`)).toBe(200);
          const info = bookingInfoOf(read);
          // Evidence of creation that does not depend on the round trip being exact: our ASCII run-ID prefix.
          expect(someString(info, (s) => s.startsWith(prefix)), because('PV-3-CREATE', `bookingInfo shows the booking just made (a bookingReference starting ${prefix})`)).toBe(true);
          for (const [field, value] of Object.entries(body)) {
            expect(containsValue(info, value), because('PV-2.3-ROUNDTRIP', `bookingInfo shows the ${field} that was sent, code point for code point: ${JSON.stringify(value)}`)).toBe(true);
          }
        } finally {
          if (booked) await api.removeBooking(bookable.reference, { label: 'remove (run cleanup)' });
        }
      }),
    );
    try {
      await checkProperty(property, { settings, numRuns: numRunsFor(settings, { quick: 50, nightly: 1000 }), recorder });
    } finally {
      beyondLog.report(notes, rules, configFile);
    }
  });
});
