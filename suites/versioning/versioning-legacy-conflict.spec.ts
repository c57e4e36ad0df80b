import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { bookingInfoOf } from '../../fixtures/harness/checks/refusal.ts';
import { bookingReference, validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import {
  because,
  clauseTest,
  covers,
  legacyNumberOf,
  needs,
  notTested,
  observe,
  should,
} from '../../fixtures/harness/verdicts.ts';

// Partners run both interfaces while they switch, and a certificate booked twice, once through each,
// is the migration's worst outcome. Spec §3 holds for every booking: one made through the old
// interface is the certificate's booking on the new API. The old interface is not this spec's to
// define, so the other direction is a SHOULD, with its answer recorded. Each booking is removed
// through the interface that made it, after the test, even when it failed (the test fixture).
test.describe('One booking across the old interface and the new API', () => {
  test(
    ...clauseTest(
      'a booking made through the old interface is seen by the new API, which refuses another with 409 and removes it',
      covers('PV-2.6-LEGACY-CONFLICT', 'PV-3-REMOVE'),
      needs('legacyInterface', 'writableLegacyNumber'),
    ),
    async ({ api, legacy, bookable }) => {
      const number = legacyNumberOf(bookable);
      const ref = bookable.reference;
      const notes = bookingReference('legacy');
      const put = await legacy.book(number, notes);
      const shownThere = containsValue((await legacy.view(number)).json(), notes);
      observe(
        'PV-2.6-LEGACY-HOST',
        `the old interface answered a booking of ${number} with HTTP ${put.status} ${put.text.slice(0, 160)}, ` +
          `and ${shownThere ? 'shows' : 'does not show'} its notes`,
      );
      if (put.status >= 300 || !shownThere)
        notTested({
          why:
            `the old interface did not book ${number} (HTTP ` +
            `${put.status}${shownThere ? '' : ', its notes not shown back'}), so there is no booking of it to ` +
            `look for`,
          setting: 'legacy-interface',
          enable:
            'check `legacyBaseUrl` and `credentials.legacy` (a user of the old interface that may book the ' +
            "pool's certificates)",
        });

      const seen = await bookingInfoOf(api, ref);
      expect(
        containsValue(seen, notes),
        because(
          'PV-2.6-LEGACY-CONFLICT',
          `${ref}, booked through the old interface as ${number} (notes ${notes}), shows that booking in its ` +
            `bookingInfo on the new API, got ${JSON.stringify(seen)?.slice(0, 200)}`,
        ),
      ).toBe(true);
      const second = validBooking({ notes: 'must be refused: booked through the old interface' });
      const res = await api.book(ref, second, {
        foreignBooking: 'remove-if-accepted',
        label: `book ${ref}, booked through the old interface, through the new API`,
      });
      const after = await bookingInfoOf(api, ref);
      expect(
        res.status,
        because(
          'PV-2.6-LEGACY-CONFLICT',
          `a booking through the new API of ${ref}, booked through the old interface, is refused with 409 ` +
            `ItemAlreadyBooked, got HTTP ${res.status} ${res.text.slice(0, 160)}`,
        ),
      ).toBe(409);
      expect(
        containsValue(after, notes) && !containsValue(after, second.bookingReference),
        because(
          'PV-2.6-LEGACY-CONFLICT',
          `${ref} keeps the booking made through the old interface after the refused one, ` +
            `got ${JSON.stringify(after)?.slice(0, 200)}`,
        ),
      ).toBe(true);
      // A partner switched to the new API removes bookings it made before through the old one.
      const removed = await api.removeBooking(ref, {
        label: `remove through the new API ${ref}'s booking made through the old interface`,
      });
      expect(
        removed.status,
        because(
          'PV-3-REMOVE',
          `removing through the new API ${ref}'s booking, made through the old interface, succeeds, ` +
            `got HTTP ${removed.status} ${removed.text.slice(0, 160)}`,
        ),
      ).toBeLessThan(300);
      const gone = await bookingInfoOf(api, ref);
      expect(
        containsValue(gone, notes),
        because(
          'PV-3-REMOVE',
          `${ref}'s booking made through the old interface is gone after its removal through the new API ` +
            `answered HTTP ${removed.status}, got ${JSON.stringify(gone)?.slice(0, 200)}`,
        ),
      ).toBe(false);
    },
  );

  test(
    ...clauseTest(
      'the old interface does not book a certificate booked through the new API',
      covers('PV-2.6-LEGACY-REFUSES'),
      needs('legacyInterface', 'writableLegacyNumber'),
    ),
    async ({ api, legacy, bookable }) => {
      const number = legacyNumberOf(bookable);
      const ref = bookable.reference;
      const booking = validBooking({ notes: 'booked through the new API; the old interface must not book over it' });
      const made = await api.book(ref, booking);
      expect(
        made.status,
        because(
          'PV-3-CREATE',
          `setup: booking ${ref} through the new API succeeds, got HTTP ${made.status} ${made.text.slice(0, 160)}`,
        ),
      ).toBeLessThan(300);
      expect(
        containsValue(await bookingInfoOf(api, ref), booking.bookingReference),
        because('PV-3-CREATE', `setup: ${ref} shows the booking made through the new API`),
      ).toBe(true);
      const notes = bookingReference('legacy');
      const put = await legacy.book(number, notes, 'unless-told');
      const there = (await legacy.view(number)).json();
      const here = await bookingInfoOf(api, ref);
      // Unreadable, the new API's side tells nothing of what the old interface did.
      const unreadable = (here as { unreadable?: string } | undefined)?.unreadable;
      expect(
        unreadable,
        because('PV-4.2-GET', `reading ${ref} back as the primary user answers 200, got ${unreadable}`),
      ).toBeUndefined();
      // Booked by the old interface too (shown by either side, or the new API's booking gone): removed through it as
      // well.
      const doubleBooked =
        containsValue(there, notes) || containsValue(here, notes) || !containsValue(here, booking.bookingReference);
      if (doubleBooked) legacy.madeHere(number, put, `old interface: book ${number}`);
      observe(
        'PV-2.6-LEGACY-REFUSES',
        `the old interface answered a booking of ${number}, booked through the new API, with HTTP ${put.status} ` +
          `${put.text.slice(0, 200)}`,
      );
      const outcome = containsValue(here, booking.bookingReference)
        ? 'both interfaces now hold a booking of it'
        : "the new API's booking was replaced";
      should(
        !doubleBooked,
        'PV-2.6-LEGACY-REFUSES',
        `the old interface booked ${number} (${ref}), which was booked through the new API: ${outcome} ` +
          `(old interface answered HTTP ${put.status}; the new API now shows ` +
          `${JSON.stringify(here)?.slice(0, 160)})`,
      );
    },
  );
});
