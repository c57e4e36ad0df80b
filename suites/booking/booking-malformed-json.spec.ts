import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';

test.describe('Booking body that is not JSON', () => {
  test(
    ...clauseTest(
      'non-JSON and truncated JSON are refused with a 4xx problem and book nothing',
      covers('PV-4.3-MALFORMED', 'PV-4-NO-5XX'),
    ),
    async ({ api, bookable }) => {
      const full = JSON.stringify(validBooking());
      const cases: Array<[string, string]> = [
        ['text that is not JSON', 'notes=hello&bookingDate=2026-12-24'],
        ['truncated JSON', full.slice(0, Math.floor(full.length / 2))],
      ];
      const before = await bookingInfoOf(api, bookable.reference);
      for (const [name, rawBody] of cases) {
        await test.step(name, async () => {
          const res = await api.book(bookable.reference, undefined, { rawBody, contentType: 'application/json' });
          expect(refusalIssue(res), because('PV-4.3-MALFORMED', `${name} is refused with a 4xx`)).toBeUndefined();
          expect(
            await bookingInfoOf(api, bookable.reference),
            because('PV-4.3-MALFORMED', `${name} booked nothing`),
          ).toEqual(before);
          observe('PV-4.3-MALFORMED', `${name} answered ${describeRefusal(res)}`);
        });
      }
      const ok = await api.book(bookable.reference, validBooking());
      expect(
        ok.status >= 200 && ok.status < 300,
        because('PV-2.3-ACCEPT', `a valid booking still succeeds after the refusals, got HTTP ${ok.status}`),
      ).toBe(true);
    },
  );
});
