import {
  validBookingBody,
  validBookingTemplate,
  type GeneratedBooking,
  type ValidBookingTemplate,
} from '../../fixtures/harness/arbitraries/booking-payloads.ts';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { dateAhead, utcDate } from '../../fixtures/contract/booking-dates.ts';
import { displayPath, type PoolCertificate } from '../../fixtures/harness/environment.ts';
import { bookingReference } from '../../fixtures/harness/pool/pool.ts';
import {
  beyondPromise,
  BeyondPromiseLog,
  describeShape,
  leftoversOf,
  NULL_AS_TEXT,
  overClaimedLimit,
  refusalAdvice,
  statedLimitBelow,
} from '../../fixtures/harness/properties/booking-promise.ts';
import { FailingRunRecorder } from '../../fixtures/harness/properties/recorder.ts';
import { bookingInfoOf, describe, is2xx, is4xx, someString } from '../../fixtures/harness/properties/responses.ts';
import { OnceNotes } from '../../fixtures/harness/properties/notes.ts';
import { refusedForLeapDayAlone } from '../../fixtures/harness/properties/leap-day.ts';
import { checkProperty, laneCount } from '../../fixtures/harness/properties/runner.ts';
import { numRunsFor, propertySettings, seedLabel, testTimeoutFor } from '../../fixtures/harness/properties/settings.ts';
import { exampleExpect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, configError, covers } from '../../fixtures/harness/verdicts.ts';

const settings = propertySettings();

/** A certificate examples run on one at a time, with what they sent to it and removed from it. */
interface Lane {
  cert: PoolCertificate;
  /** bookingReferences sent, in order. */
  sent: string[];
  /** Bodies booked and then removed: nothing of them may show again. */
  removed: GeneratedBooking[];
}

test.describe('Property: valid booking payloads', () => {
  test(
    ...clauseTest(
      `accepts any valid payload on an unbooked certificate, reads it back, refuses a second booking and ` +
        `removes it, ${seedLabel(settings)}`,
      covers(
        'PV-2.3-ACCEPT',
        'PV-2.3-ROUNDTRIP',
        'PV-3-CREATE',
        'PV-3-CONFLICT',
        'PV-3-REMOVE',
        'PV-4-SUCCESS-CODES',
        'PV-2.3-LIMITS',
        'PV-4-NO-5XX',
        'PV-2.3-DATE',
      ),
    ),
    async ({ api, bookable, pool, exchanges, environment }) => {
      test.setTimeout(testTimeoutFor(settings));
      const recorder = new FailingRunRecorder(exchanges);
      const notes = new OnceNotes();
      const beyondLog = new BeyondPromiseLog();
      const rules = environment.booking;
      const configFile = displayPath(environment.configFile);
      const today = utcDate(Date.now());
      // Examples side by side, each on a certificate of its own.
      const lanes: Lane[] = pool
        .spread(laneCount(settings, api.pacer), bookable)
        .map((cert) => ({ cert, sent: [], removed: [] }));
      // Room for the run-ID prefix (its counter may grow by a few digits during the run).
      const prefixLength = bookingReference('fc').length + 6;
      const template = validBookingTemplate({ rules, prefixLength, today });
      // A declared limit the target's body limit cannot hold is the config's claim, said once.
      let overClaimed = false;

      const example = async (t: ValidBookingTemplate, { cert, sent, removed }: Lane) => {
        const prefix = `${bookingReference('fc')}~`;
        const body = validBookingBody(t, prefix);
        // Beyond what the config promises (longer strings, fields left out, nulls, other dates and
        // times): a refusal is the target's right, but a body it accepts keeps every promise below.
        const beyond = beyondPromise(body, rules, today);
        const shape = describeShape(body);
        sent.push(body.bookingReference);
        let booked = true;
        let removalSent = false;
        try {
          const res = await api.book(cert.reference, body, { label: 'book (property)' });
          booked = is2xx(res.status) || res.status >= 500;
          if (res.status === 409) {
            // Say so when an earlier run's booking is still there: the removal did not work.
            const info = bookingInfoOf(await api.getCertificate(cert.reference, { label: 'why 409' }));
            const stale = sent.slice(0, -1).find((r) => containsValue(info, r));
            exampleExpect(
              stale,
              because(
                'PV-3-REMOVE',
                `the certificate still carries the booking ${stale} of an earlier run: its removal answered ` +
                  `success but did not remove it`,
              ),
            ).toBeUndefined();
          }
          if (beyond.length > 0) {
            beyondLog.record(beyond, res, body);
            exampleExpect(
              res.status,
              because(
                'PV-4-NO-5XX',
                `a booking body (${beyond.map((b) => b.message).join('; ')}) ` +
                  `never produces a 5xx, got ${describe(res)}`,
              ),
            ).toBeLessThan(500);
            if (is4xx(res.status) && res.status !== 409) return;
          }
          const overClaim = overClaimedLimit(res, body, rules) ?? statedLimitBelow(res, body, rules);
          if (overClaim) {
            if (!overClaimed) configError(overClaim);
            overClaimed = true;
            return;
          }
          // A leap day refused alone is the date rule's break, not every booking's.
          const leapDayAlone =
            is4xx(res.status) && res.status !== 409
              ? await refusedForLeapDayAlone(api, cert.reference, body, rules, today)
              : undefined;
          exampleExpect(
            leapDayAlone,
            because(
              'PV-2.3-DATE',
              `bookingDate ${body.bookingDate} is a real calendar date, but the booking was refused for it alone: ` +
                `${describe(res)}, and ${leapDayAlone}`,
            ),
          ).toBeUndefined();
          const advice = is4xx(res.status) ? refusalAdvice(res, body, rules, configFile, today) : '';
          exampleExpect(
            is2xx(res.status),
            because(
              'PV-2.3-ACCEPT',
              `a valid booking on an unbooked certificate must succeed, got ${describe(res)}.${advice}`,
            ),
          ).toBe(true);
          notes.observe('PV-4-SUCCESS-CODES', `booking answered ${res.status} with ${res.text ? 'a body' : 'no body'}`);

          const read = await api.getCertificate(cert.reference, { label: 'read back' });
          exampleExpect(
            read.status,
            because('PV-3-CREATE', `reading the booked certificate back answers 200, got ${describe(read)}`),
          ).toBe(200);
          const info = bookingInfoOf(read);
          // Evidence of creation that does not depend on the round trip being exact: our ASCII run-ID prefix.
          exampleExpect(
            someString(info, (s) => s.startsWith(prefix)),
            because('PV-3-CREATE', `bookingInfo shows the booking just made (a bookingReference starting ${prefix})`),
          ).toBe(true);
          for (const [field, value] of Object.entries(body)) {
            exampleExpect(
              containsValue(info, value),
              because(
                'PV-2.3-ROUNDTRIP',
                `bookingInfo shows the ${field} that was sent, code point for code point: ${JSON.stringify(value)}`,
              ),
            ).toBe(true);
          }
          if (shape !== 'every field') {
            const text = NULL_AS_TEXT.find((t) => containsValue(info, t) && !Object.values(body).includes(t));
            exampleExpect(
              text,
              because(
                'PV-2.3-ROUNDTRIP',
                `the booking made with ${shape} shows those fields absent or null, but bookingInfo holds the ` +
                  `text ${JSON.stringify(text)}`,
              ),
            ).toBeUndefined();
          }
          // One assertion per kind of leftover: one per value would cost seconds over a run.
          const removedTrace = removed
            .flatMap((r) => leftoversOf(r, body).map(([f, v]) => [r.bookingReference, f, v] as const))
            .find(([, , v]) => containsValue(info, v));
          exampleExpect(
            removedTrace,
            because(
              'PV-3-REMOVE',
              `the booking made with ${shape} shows nothing of the booking ${removedTrace?.[0]} removed ` +
                `before it, but its ${removedTrace?.[1]} ${JSON.stringify(removedTrace?.[2])} is there`,
            ),
          ).toBeUndefined();

          // A complete, promised second booking: refused, and nothing of it fills what the first left out.
          const second = {
            notes: `refused booking ${prefix}`,
            bookingDate: dateAhead(9),
            bookingTime: '12:34:56',
            bookingReference: bookingReference('fc2'),
          };
          const again = await api.book(cert.reference, second, { label: 'book again (property)' });
          exampleExpect(
            again.status,
            because(
              'PV-3-CONFLICT',
              `a second booking of the certificate just booked with ${shape} is 409 ItemAlreadyBooked, ` +
                `got ${describe(again)}`,
            ),
          ).toBe(409);
          exampleExpect(
            String(again.json<Record<string, unknown>>()?.type ?? ''),
            because('PV-3-CONFLICT', 'the 409 names the error ItemAlreadyBooked'),
          ).toMatch(/ItemAlreadyBooked$/);
          const kept = bookingInfoOf(
            await api.getCertificate(cert.reference, { label: 'read back after the refused booking' }),
          );
          const lost = Object.entries(body).find(([, v]) => !containsValue(kept, v));
          exampleExpect(
            lost,
            because(
              'PV-3-CONFLICT',
              `the booking made with ${shape} is intact after the refused second booking, but its ${lost?.[0]} ` +
                `${JSON.stringify(lost?.[1])} is gone`,
            ),
          ).toBeUndefined();
          const refusedTrace = leftoversOf(second, body).find(([, v]) => containsValue(kept, v));
          exampleExpect(
            refusedTrace,
            because(
              'PV-3-CONFLICT',
              `the refused second booking left no trace in the booking made with ${shape}, ` +
                `but its ${refusedTrace?.[0]} ${JSON.stringify(refusedTrace?.[1])} is there`,
            ),
          ).toBeUndefined();

          removalSent = true;
          const removal = await api.removeBooking(cert.reference, { label: 'remove (property)' });
          exampleExpect(
            is2xx(removal.status),
            because('PV-3-REMOVE', `removing the booking made with ${shape} succeeds, got ${describe(removal)}`),
          ).toBe(true);
          removed.push(body);
        } finally {
          if (booked && !removalSent) await api.removeBooking(cert.reference, { label: 'remove (run cleanup)' });
        }
      };
      try {
        await checkProperty(template, example, {
          settings,
          numRuns: numRunsFor(settings, { quick: 50, nightly: 1000 }),
          recorder,
          lanes,
        });
      } finally {
        beyondLog.report(notes, rules, configFile);
      }
    },
  );
});
