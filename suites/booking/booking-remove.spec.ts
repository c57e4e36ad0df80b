import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { validBooking, type BookingBody } from '../../fixtures/harness/pool/pool.ts';
import type { PartnerApi } from '../../fixtures/harness/api/partner-api.ts';
import { firstBooking, idOf, leftovers, secondBooking } from '../../fixtures/harness/checks/booking-history.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { answered, successCodeNote } from '../../fixtures/harness/test-fixtures/matchers.ts';
import { because, clauseTest, covers, legacyNumberOf, observe } from '../../fixtures/harness/verdicts.ts';
import { cellsOf, describeCell, ways } from '../../fixtures/contract/ways-in.ts';

// Asserting steps stay in the spec (no expect outside specs); the 2xx rule is the harness's toSucceed.
async function bookOk(api: PartnerApi, id: string, body: BookingBody, what: string): Promise<void> {
  const res = await api.book(id, body, { label: what });
  expect(
    res,
    because('PV-3-CREATE', `${what}: booking an unbooked certificate succeeds, got ${answered(res)}`),
  ).toSucceed();
  observe('PV-4-SUCCESS-CODES', successCodeNote('booking', res));
}

async function removeOk(api: PartnerApi, id: string, what: string): Promise<void> {
  const res = await api.removeBooking(id, { label: what });
  expect(
    res,
    because('PV-3-REMOVE', `${what}: removing the booking of a booked certificate succeeds, got ${answered(res)}`),
  ).toSucceed();
  observe('PV-4-SUCCESS-CODES', successCodeNote('removal', res));
}

async function bookingInfo(api: PartnerApi, id: string): Promise<unknown> {
  const read = await api.getCertificate(id, { label: `read back ${id}` });
  expect(read.status, because('PV-4.2-GET', `reading ${id} back answers 200, got HTTP ${read.status}`)).toBe(200);
  return read.json<{ bookingInfo?: unknown }>()?.bookingInfo;
}

test.describe('Booking removal through every identifier, first or after an earlier removal', () => {
  for (const cell of cellsOf('booking-removed')) {
    const rebook = cell.history === 'rebook';
    test(
      ...clauseTest(
        `a booking${rebook ? ' made after an earlier removal' : ''} is removed ${describeCell({ id: cell.id })} ` +
          `without a body, reads back unbooked, and the certificate books again`,
        covers('PV-3-REMOVE', 'PV-4.4-NO-BODY', 'PV-1-SINGLE', 'PV-4-SUCCESS-CODES'),
        ways('booking-removed', cell),
        ways('one-certificate', { op: 'book' }, { op: 'remove' }),
      ),
      async ({ api, bookable, environment }) => {
        if (cell.id === 'legacy') legacyNumberOf(bookable);
        const gone: BookingBody[] = [];
        let booking: BookingBody = firstBooking();
        if (rebook) {
          await bookOk(api, bookable.reference, booking, 'first booking (setup)');
          await removeOk(api, bookable.reference, 'remove the first booking (setup)');
          gone.push(booking);
          booking = secondBooking(environment);
        }
        await bookOk(api, bookable.reference, booking, 'book (setup)');
        const removed = await api.removeBooking(idOf(bookable, cell), {
          label: `remove ${describeCell({ id: cell.id })}`,
        });
        // After a rebooking a DELETE without a body has already removed the first booking: a refusal
        // now is about this booking (made with only the fields the config requires), not the missing body.
        const fields = Object.keys(booking).join(', ');
        const [clause, what] = rebook
          ? ([
              'PV-3-REMOVE',
              `the booking made with ${fields} is removed by a DELETE without a body, as the first booking was`,
            ] as const)
          : (['PV-4.4-NO-BODY', 'DELETE without a body removes the booking'] as const);
        // Refused by legacy number: the same DELETE by reference tells the identifier's refusal from the removal's.
        const byReference =
          cell.id === 'legacy' && removed.status >= 400 && removed.status < 500
            ? await api.removeBooking(bookable.reference, {
                label: 'the same DELETE by reference: is it the identifier?',
              })
            : undefined;
        const identifier = byReference !== undefined && byReference.status < 300;
        const legacyNote = identifier
          ? `; the same DELETE by reference answered HTTP ${byReference.status}: .../booking does not take ` +
            `the legacy number`
          : '';
        expect(
          removed.status,
          because(
            identifier ? 'PV-2.2-LEGACY-BOOKING' : clause,
            `${what} ${describeCell({ id: cell.id })}, ` +
              `got HTTP ${removed.status} ${removed.text.slice(0, 200)}${legacyNote}`,
          ),
        ).toBeLessThan(300);
        gone.push(booking);
        const info = await bookingInfo(api, bookable.reference);
        for (const b of gone) {
          for (const [field, value] of leftovers(b)) {
            expect(
              containsValue(info, value),
              because(
                'PV-3-REMOVE',
                `bookingInfo no longer shows the removed booking: its ${field} ${JSON.stringify(value)} is still there`,
              ),
            ).toBe(false);
          }
        }
        const again = await api.book(bookable.reference, validBooking(), { label: 'book again after the removal' });
        expect(
          again.status,
          because(
            'PV-3-REMOVE',
            `a certificate whose booking was removed can be booked again, ` +
              `got HTTP ${again.status} ${again.text.slice(0, 200)}`,
          ),
        ).toBeLessThan(300);
      },
    );
  }
});
