import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { carriesCertificate } from '../../fixtures/contract/certificate-body.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, notTested, observe } from '../../fixtures/harness/verdicts.ts';
import { cellsOf, describeCell, ways } from '../../fixtures/contract/ways-in.ts';
import { thinSlice } from '../../fixtures/contract/needs.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';

// Every operation, through either identifier (spec §2.2: the legacy number is "accepted in the
// same path position"): a venue rule forgotten on one route is caught on that route.
test.describe('A venue-limited API user, outside its venues', () => {
  for (const cell of cellsOf('venue-refused')) {
    test(
      ...clauseTest(
        `is refused ${describeCell(cell)} of a certificate at another venue, and nothing changes`,
        covers('PV-1-VENUE', 'PV-1-DENIAL-STATUS'),
        ways('venue-refused', cell),
      ),
      async ({ api, pool }) => {
        const legacy = cell.id === 'legacy';
        const foreign = pool.foreignVenue({ writable: cell.op !== 'get', legacy });
        if (!foreign)
          notTested(
            thinSlice(
              `${cell.op === 'get' ? '' : 'writable '}certificate outside the venue-limited user's venues` +
                (legacy ? ' with a legacy number' : ''),
            ),
          );
        const id = legacy ? foreign!.legacyNumber! : foreign!.reference;
        const where = `${foreign!.reference} at ${foreign!.venue}${legacy ? ` (as legacy number ${id})` : ''}`;

        if (cell.op === 'get') {
          const res = await api.getCertificate(id, { as: 'limitedVenue' });
          expect(refusalIssue(res), because('PV-1-VENUE', `reading ${where} is refused with a 4xx`)).toBeUndefined();
          expect(
            carriesCertificate(res.json()),
            because('PV-1-VENUE', `the refusal to read ${where} carries no certificate`),
          ).toBe(false);
          observe('PV-1-DENIAL-STATUS', `venue refusal on read ${describeCell(cell)}: ${describeRefusal(res)}`);
          return;
        }
        if (cell.op === 'book') {
          const before = await bookingInfoOf(api, foreign!.reference);
          const res = await api.book(id, validBooking(), { as: 'limitedVenue' });
          expect(refusalIssue(res), because('PV-1-VENUE', `booking ${where} is refused with a 4xx`)).toBeUndefined();
          expect(
            await bookingInfoOf(api, foreign!.reference),
            because('PV-1-VENUE', `the refused booking of ${where} was not created`),
          ).toEqual(before);
          observe('PV-1-DENIAL-STATUS', `venue refusal on booking ${describeCell(cell)}: ${describeRefusal(res)}`);
          return;
        }
        const booking = validBooking({ notes: 'must survive a removal from another venue' });
        const made = await api.book(foreign!.reference, booking, { label: 'book as the primary user (setup)' });
        expect(
          made.status,
          because(
            'PV-3-CREATE',
            `setup: the primary user books ${foreign!.reference}, got HTTP ${made.status} ${made.text.slice(0, 200)}`,
          ),
        ).toBeLessThan(300);
        const res = await api.removeBooking(id, { as: 'limitedVenue' });
        expect(
          refusalIssue(res),
          because('PV-1-VENUE', `removing the booking of ${where} is refused with a 4xx`),
        ).toBeUndefined();
        expect(
          containsValue(await bookingInfoOf(api, foreign!.reference), booking.bookingReference),
          because('PV-1-VENUE', `the booking of ${where} is still there after the refused removal`),
        ).toBe(true);
        observe('PV-1-DENIAL-STATUS', `venue refusal on removal ${describeCell(cell)}: ${describeRefusal(res)}`);
      },
    );
  }
});

test.describe('A venue-limited API user, inside its venues', () => {
  for (const cell of cellsOf('venue-allowed')) {
    test(
      ...clauseTest(
        `is served ${describeCell(cell)} of a certificate at its own venue`,
        covers('PV-1-VENUE'),
        ways('venue-allowed', cell),
      ),
      async ({ api, pool }) => {
        const legacy = cell.id === 'legacy';
        const own = pool.ownVenue({ writable: cell.op === 'book', legacy });
        if (!own)
          notTested(
            thinSlice(
              `${cell.op === 'book' ? 'writable ' : ''}certificate inside the venue-limited user's venues` +
                (legacy ? ' with a legacy number' : ''),
            ),
          );
        const id = legacy ? own!.legacyNumber! : own!.reference;
        const where = `${own!.reference} at its own venue ${own!.venue}${legacy ? ` (as legacy number ${id})` : ''}`;
        if (cell.op === 'get') {
          const res = await api.getCertificate(id, { as: 'limitedVenue' });
          expect(
            res.status,
            because('PV-1-VENUE', `reading ${where} answers 200, got HTTP ${res.status} ${res.text.slice(0, 200)}`),
          ).toBe(200);
          expect(
            res.json<{ certificateReferenceNumber?: unknown }>()?.certificateReferenceNumber,
            because('PV-1-VENUE', `it is ${own!.reference}`),
          ).toBe(own!.reference);
          return;
        }
        const booking = validBooking({ notes: 'booked by the venue-limited user' });
        const res = await api.book(id, booking, { as: 'limitedVenue' });
        expect(
          res.status,
          because('PV-1-VENUE', `booking ${where} succeeds, got HTTP ${res.status} ${res.text.slice(0, 200)}`),
        ).toBeLessThan(300);
        expect(res.status, because('PV-1-VENUE', `booking ${where} answers 2xx`)).toBeGreaterThanOrEqual(200);
        api.touched.add(own!.reference);
        expect(
          containsValue(await bookingInfoOf(api, own!.reference), booking.bookingReference),
          because('PV-1-VENUE', `the booking of ${where} is there`),
        ).toBe(true);
      },
    );
  }
});
