import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { isObject } from '../../fixtures/contract/certificate-body.ts';
import type { BookingBody } from '../../fixtures/harness/pool/pool.ts';
import type { ApiUserRole, PartnerApi } from '../../fixtures/harness/api/partner-api.ts';
import {
  firstBooking,
  idOf,
  leftOut,
  leftovers,
  secondBookings,
} from '../../fixtures/harness/checks/booking-history.ts';
import { thinSlice, unmet } from '../../fixtures/contract/needs.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { answered, successCodeNote } from '../../fixtures/harness/test-fixtures/matchers.ts';
import { because, clauseTest, covers, legacyNumberOf, notTested, observe } from '../../fixtures/harness/verdicts.ts';
import { cellsOf, describeCell, ways } from '../../fixtures/contract/ways-in.ts';

// Asserting steps stay in the spec (no expect outside specs); the 2xx rule is the harness's toSucceed.
async function bookOk(
  api: PartnerApi,
  id: string,
  body: BookingBody,
  what: string,
  as: ApiUserRole = 'primary',
): Promise<void> {
  const res = await api.book(id, body, { label: what, as });
  // The venue-limited user refused at its own venue is the venue rule's failure, not the booking's.
  const refusedAsUser = as === 'limitedVenue' && [401, 403, 404].includes(res.status);
  const venue = refusedAsUser ? 'at its own venue as the venue-limited user ' : '';
  expect(
    res,
    because(
      refusedAsUser ? 'PV-1-VENUE' : 'PV-3-CREATE',
      `${what}: booking an unbooked certificate ${venue}succeeds, got ${answered(res)}`,
    ),
  ).toSucceed();
  observe('PV-4-SUCCESS-CODES', successCodeNote('booking', res));
}

/**
 * Books the first of `bodies` the target takes (secondBookings: leanest first) and returns it. A
 * body that leaves fields out the config does not promise may be refused with a 4xx: recorded, and
 * the next tried; the last body, and a 409 or a 5xx on any, are judged as bookOk judges.
 */
async function bookAgain(
  api: PartnerApi,
  id: string,
  bodies: BookingBody[],
  as: ApiUserRole,
  what: string,
): Promise<BookingBody> {
  for (const body of bodies.slice(0, -1)) {
    const res = await api.book(id, body, { label: `${what}, leaving out ${leftOut(body).join(', ')}`, as });
    if (res.status >= 200 && res.status < 300) {
      observe('PV-4-SUCCESS-CODES', `booking answered ${res.status} with ${res.text ? 'a body' : 'no body'}`);
      return body;
    }
    if (as === 'limitedVenue' && [401, 403, 404].includes(res.status)) break;
    expect(
      res.status,
      because(
        'PV-4-NO-5XX',
        `${what}: a booking leaving out ${leftOut(body).join(', ')} is booked or refused with a 4xx ` +
          `(booking.requiredFields is not declared), got HTTP ${res.status} ${res.text.slice(0, 200)}`,
      ),
    ).toBeLessThan(500);
    expect(
      res.status,
      because(
        'PV-3-REMOVE',
        `${what}: a certificate whose booking was removed is not refused as already booked (leaving out ` +
          `${leftOut(body).join(', ')}), got HTTP ${res.status} ${res.text.slice(0, 200)}`,
      ),
    ).not.toBe(409);
    observe(
      'PV-2.3-LIMITS',
      `a booking leaving out ${leftOut(body).join(', ')} was refused with HTTP ${res.status}: the target ` +
        `requires one of them (booking.requiredFields says which)`,
    );
  }
  const last = bodies[bodies.length - 1]!;
  await bookOk(api, id, last, `${what}${bodies.length > 1 ? ' with every field' : ''}`, as);
  return last;
}

async function removeOk(api: PartnerApi, id: string, what: string): Promise<void> {
  const res = await api.removeBooking(id, { label: what });
  expect(
    res,
    because('PV-3-REMOVE', `${what}: removing the booking of a booked certificate succeeds, got ${answered(res)}`),
  ).toSucceed();
  observe('PV-4-SUCCESS-CODES', successCodeNote('removal', res));
}

async function bookingInfo(api: PartnerApi, id: string, as: ApiUserRole = 'primary'): Promise<unknown> {
  const read = await api.getCertificate(id, { label: `read back ${id}${as === 'primary' ? '' : ` as ${as}`}`, as });
  expect(read.status, because('PV-4.2-GET', `reading ${id} back answers 200, got HTTP ${read.status}`)).toBe(200);
  return read.json<{ bookingInfo?: unknown }>()?.bookingInfo;
}

test.describe('Booking creation through every identifier, first or after a removal', () => {
  for (const cell of cellsOf('booking-created')) {
    const rebook = cell.history === 'rebook';
    const other = cell.writer === 'another-user';
    test(
      ...clauseTest(
        `a booking ${describeCell(cell)} is created and read back in a bookingInfo object showing what was ` +
          `sent${rebook ? ', and nothing of the removed booking' : ''}`,
        covers(
          'PV-3-CREATE',
          'PV-2.3-ACCEPT',
          'PV-2.3-ROUNDTRIP',
          'PV-2.1-BOOKINGINFO',
          ...(rebook ? (['PV-3-REMOVE'] as const) : []),
          'PV-4-SUCCESS-CODES',
        ),
        ways('booking-created', cell),
        cell.id === 'reference' && !rebook ? ways('booking-accepted', { media: 'plain' }) : {},
      ),
      async ({ api, pool, environment }) => {
        // The next partner books after the removal: the venue-limited user, at a certificate of its venues.
        const cert = other ? pool.ownVenue({ writable: true, legacy: cell.id === 'legacy' }) : pool.bookable();
        if (!cert)
          notTested(
            other
              ? thinSlice(
                  `writable certificate inside the venue-limited user's venues` +
                    (cell.id === 'legacy' ? ' with a legacy number' : ''),
                )
              : (unmet('writes', environment) ??
                  thinSlice(`writable certificate left for this test on ${environment.name}`)),
          );
        if (cell.id === 'legacy') legacyNumberOf(cert);
        const as: ApiUserRole = other ? 'limitedVenue' : 'primary';
        const id = idOf(cert, cell);
        let removed: BookingBody | undefined;
        let booking: BookingBody = firstBooking();
        if (rebook) {
          removed = booking;
          await bookOk(api, cert.reference, removed, 'first booking (setup)');
          await removeOk(api, cert.reference, 'remove the first booking (setup)');
          booking = await bookAgain(api, id, secondBookings(environment), as, `book again ${describeCell(cell)}`);
        } else {
          await bookOk(api, id, booking, `book ${describeCell(cell)}`);
        }
        for (const readId of new Set([cert.reference, id])) {
          const info = await bookingInfo(api, readId, as);
          expect(
            isObject(info),
            because(
              'PV-2.1-BOOKINGINFO',
              `read by ${readId}, a booked certificate carries a bookingInfo object, got ${JSON.stringify(info)}`,
            ),
          ).toBe(true);
          for (const [field, value] of Object.entries(booking)) {
            expect(
              containsValue(info, value),
              because(
                'PV-2.3-ROUNDTRIP',
                `read by ${readId}, bookingInfo shows the ${field} that was sent (${JSON.stringify(value)})`,
              ),
            ).toBe(true);
          }
          for (const [field, value] of removed ? leftovers(removed, booking) : []) {
            const leftOutNote =
              (booking as Record<string, unknown>)[field] === undefined
                ? ' though the new booking left that field out'
                : '';
            expect(
              containsValue(info, value),
              because(
                'PV-3-REMOVE',
                `read by ${readId}${other ? ' as the user that booked again' : ''}, bookingInfo shows nothing ` +
                  `of the removed booking: its ${field} ${JSON.stringify(value)} is still there${leftOutNote}`,
              ),
            ).toBe(false);
          }
        }
      },
    );
  }
});
