import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { bookingReference } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf, describeRefusal } from '../../fixtures/harness/checks/refusal.ts';

test.describe('Required booking fields (not shown)', () => {
  test(
    ...clauseTest(
      'what an empty object and a bookingReference alone get is recorded',
      covers('PV-2.3-LIMITS', 'PV-4-NO-5XX'),
    ),
    async ({ api, bookable }) => {
      const ref = bookingReference('minimal');
      const cases: Array<[string, Record<string, string>]> = [
        ['an empty object', {}],
        ['only bookingReference', { bookingReference: ref }],
      ];
      for (const [name, body] of cases) {
        await test.step(name, async () => {
          const res = await api.book(bookable.reference, body);
          expect(
            res.status,
            because('PV-4-NO-5XX', `${name} never produces a 5xx, got HTTP ${res.status}`),
          ).toBeLessThan(500);
          const accepted = res.status >= 200 && res.status < 300;
          const info = await bookingInfoOf(api, bookable.reference);
          const shows = body.bookingReference
            ? ` (bookingInfo ${containsValue(info, body.bookingReference) ? 'shows' : 'does not show'} the reference)`
            : '';
          observe(
            'PV-2.3-LIMITS',
            `${name} was ${accepted ? `accepted with HTTP ${res.status}${shows}` : `refused: ${describeRefusal(res)}`}`,
          );
          if (accepted) await api.removeBooking(bookable.reference);
        });
      }
    },
  );
});
