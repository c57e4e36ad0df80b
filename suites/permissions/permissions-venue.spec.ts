import { validBooking } from '../../fixtures/pool.ts';
import { expect, test } from '../../fixtures/test.ts';
import { because, covers, observe, skipForWrites } from '../../fixtures/verdicts.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../booking/refusal.ts';
import { carriesCertificate } from '../../fixtures/certificate-body.ts';

test.describe('A venue-limited API user', () => {
  test.beforeEach(({ environment }) => {
    test.skip(!environment.credentials.limitedVenue, `${environment.name} configures no venue-limited API user (credentials.limitedVenue)`);
  });

  test('cannot read a certificate outside its venues (PV-1-VENUE)', covers('PV-1-VENUE', 'PV-1-DENIAL-STATUS'), async ({ api, pool }) => {
    const foreign = pool.foreignVenue();
    test.skip(!foreign, 'the pool holds no certificate outside the venue-limited user\'s venues');
    const res = await api.getCertificate(foreign!.reference, { as: 'limitedVenue' });
    expect(refusalIssue(res), because('PV-1-VENUE', `reading ${foreign!.reference} at ${foreign!.venue} is refused with a 4xx`)).toBeUndefined();
    expect(carriesCertificate(res.json()), because('PV-1-VENUE', 'the refusal carries no certificate')).toBe(false);
    observe('PV-1-DENIAL-STATUS', `venue refusal on read: ${describeRefusal(res)}`);
  });

  test('can read a certificate inside its venues (PV-1-VENUE)', covers('PV-1-VENUE'), async ({ api, pool, environment }) => {
    const own = pool.ownVenue() ?? environment.pool.find((p) => environment.credentials.limitedVenue!.venues.includes(p.venue));
    test.skip(!own, 'the pool holds no certificate inside the venue-limited user\'s venues');
    const res = await api.getCertificate(own!.reference, { as: 'limitedVenue' });
    expect(res.status, because('PV-1-VENUE', `reading ${own!.reference} at its own venue ${own!.venue} answers 200, got HTTP ${res.status} ${res.text.slice(0, 200)}`)).toBe(200);
    expect(res.json<{ certificateReferenceNumber?: unknown }>()?.certificateReferenceNumber, because('PV-1-VENUE', 'it is that certificate')).toBe(own!.reference);
  });

  test('cannot book a certificate outside its venues (PV-1-VENUE)', covers('PV-1-VENUE', 'PV-1-DENIAL-STATUS'), async ({ api, pool, environment }) => {
    const foreign = pool.foreignVenue();
    if (environment.writable.length === 0) skipForWrites(environment.name);
    test.skip(!foreign || foreign.role !== 'bookable' || !environment.writable.includes(foreign), 'no writable certificate outside the venue-limited user\'s venues for this worker');
    const before = await bookingInfoOf(api, foreign!.reference);
    const res = await api.book(foreign!.reference, validBooking(), { as: 'limitedVenue' });
    expect(refusalIssue(res), because('PV-1-VENUE', `booking ${foreign!.reference} at ${foreign!.venue} is refused with a 4xx`)).toBeUndefined();
    expect(await bookingInfoOf(api, foreign!.reference), because('PV-1-VENUE', 'the refused booking was not created')).toEqual(before);
    observe('PV-1-DENIAL-STATUS', `venue refusal on booking: ${describeRefusal(res)}`);
  });
});
