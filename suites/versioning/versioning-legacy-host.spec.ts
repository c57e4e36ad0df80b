import { basicIn } from '../../fixtures/harness/checks/basic-charset.ts';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { API_PREFIX } from '../../fixtures/harness/api/partner-api.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, legacyNumberOf, needs, observe } from '../../fixtures/harness/verdicts.ts';

test.describe('The old interface during migration', () => {
  test(
    ...clauseTest(
      'what the old interface shows for a certificate booked through the new API is recorded',
      covers('PV-2.6-LEGACY-HOST'),
      needs('legacyInterface', 'writableLegacyNumber'),
    ),
    async ({ api, environment, bookable }) => {
      const legacy = environment.credentials.legacy;
      legacyNumberOf(bookable);
      const booking = validBooking({ notes: `legacy view ${Date.now()}` });
      const booked = await api.book(bookable.reference, booking);
      expect(booked.status, because('PV-3-CREATE', 'setting up: a valid booking succeeds')).toBeLessThan(300);

      // Informational only: a broken or retired old host is recorded, never failed.
      try {
        const res = await api.raw(
          'GET',
          `${environment.legacyBaseUrl}${API_PREFIX}/booking?orderItemIds=${bookable.legacyNumber}`,
          { authorization: basicIn(legacy!.username, legacy!.password, 'utf8'), label: 'old interface view' },
        );
        const body = res.json();
        const shows = containsValue(body, booking.notes)
          ? 'shows the notes sent through the new API'
          : 'does not show the notes sent through the new API';
        observe(
          'PV-2.6-LEGACY-HOST',
          `old interface answered HTTP ${res.status} and ${shows}: ${res.text.slice(0, 200)}`,
        );
      } catch (error) {
        observe('PV-2.6-LEGACY-HOST', `old interface could not be reached: ${(error as Error).message.split('\n')[0]}`);
      }
    },
  );
});
