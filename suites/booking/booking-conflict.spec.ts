import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { validBooking, type BookingBody } from '../../fixtures/harness/pool/pool.ts';
import type { PartnerApi } from '../../fixtures/harness/api/partner-api.ts';
import { idOf, leanBooking, leftovers } from '../../fixtures/harness/checks/booking-history.ts';
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

async function bookingInfo(api: PartnerApi, id: string): Promise<unknown> {
  const read = await api.getCertificate(id, { label: `read back ${id}` });
  expect(read.status, because('PV-4.2-GET', `reading ${id} back answers 200, got HTTP ${read.status}`)).toBe(200);
  return read.json<{ bookingInfo?: unknown }>()?.bookingInfo;
}

test.describe('Booking conflict through every identifier', () => {
  for (const cell of cellsOf('booking-conflict')) {
    test(
      ...clauseTest(
        `a second booking ${describeCell(cell)} is refused with 409 ItemAlreadyBooked and the first is kept`,
        covers('PV-3-CONFLICT', 'PV-7-CONFLICT-BODY'),
        ways('booking-conflict', cell),
      ),
      async ({ api, bookable, environment }) => {
        if (cell.id === 'legacy') legacyNumberOf(bookable);
        // The smallest body the config promises: a booking that leaves fields out is protected all the same.
        const first = leanBooking(environment, 'first');
        await bookOk(api, bookable.reference, first, 'first booking (setup)');
        // The first booking as the target keeps it: a value it did not keep as sent is PV-2.3-ROUNDTRIP's, not a
        // conflict's.
        const before = await bookingInfo(api, bookable.reference);
        const secondBody = validBooking();
        const second = await api.book(idOf(bookable, cell), secondBody, {
          label: `second booking ${describeCell(cell)}`,
        });
        expect(
          second.status,
          because(
            'PV-3-CONFLICT',
            `booking a booked certificate ${describeCell(cell)} is 409, ` +
              `got HTTP ${second.status} ${second.text.slice(0, 200)}`,
          ),
        ).toBe(409);
        const body = second.json<Record<string, unknown>>();
        expect(
          { type: body?.type, title: body?.title, status: body?.status },
          because('PV-7-CONFLICT-BODY', 'the 409 problem is ItemAlreadyBooked'),
        ).toEqual({ type: 'urn:service:error:ItemAlreadyBooked', title: 'ItemAlreadyBooked', status: 409 });
        const info = await bookingInfo(api, bookable.reference);
        for (const [field, value] of Object.entries(first).filter(([, v]) => containsValue(before, v))) {
          expect(
            containsValue(info, value),
            because(
              'PV-3-CONFLICT',
              `the first booking is still there: its ${field} ${JSON.stringify(value)}, read back before the ` +
                `second booking, is gone after it`,
            ),
          ).toBe(true);
        }
        for (const [field, value] of leftovers(secondBody, first)) {
          const fieldNote = field in first ? '' : ' in a field the first booking left out';
          expect(
            containsValue(info, value),
            because(
              'PV-3-CONFLICT',
              `the refused booking left no trace, but its ${field} ${JSON.stringify(value)} is there${fieldNote}`,
            ),
          ).toBe(false);
        }
      },
    );
  }
});
