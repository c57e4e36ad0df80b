import { validBooking } from '../../fixtures/harness/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe } from '../../fixtures/harness/verdicts.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';

test.describe('bookingDate is a real calendar date YYYY-MM-DD', () => {
  test(...clauseTest('impossible or misshapen dates are refused with a 4xx and book nothing', covers('PV-2.3-DATE', 'PV-4-NO-5XX')), async ({ api, bookable }) => {
    const cases: Array<[string, Record<string, string>]> = [
      ['30 February', { bookingDate: '2026-02-30' }],
      ['month 13', { bookingDate: '2026-13-01' }],
      ['29 February of a common year', { bookingDate: '2025-02-29' }],
      ['a date with a time', { bookingDate: '2026-12-24T18:30:00' }],
      ['date and time swapped', { bookingDate: '18:30:00', bookingTime: '2026-12-24' }],
    ];
    const before = await bookingInfoOf(api, bookable.reference);
    for (const [name, fields] of cases) {
      await test.step(name, async () => {
        const res = await api.book(bookable.reference, validBooking(fields));
        expect(refusalIssue(res), because('PV-2.3-DATE', `${name} (${JSON.stringify(fields)}) is refused with a 4xx`)).toBeUndefined();
        expect(await bookingInfoOf(api, bookable.reference), because('PV-2.3-DATE', `${name} booked nothing`)).toEqual(before);
        observe('PV-2.3-DATE', `${name} answered ${describeRefusal(res)}`);
      });
    }
    const ok = await api.book(bookable.reference, validBooking());
    expect(ok.status >= 200 && ok.status < 300, because('PV-2.3-ACCEPT', `a valid booking still succeeds after the refusals, got HTTP ${ok.status}`)).toBe(true);
  });

  test(...clauseTest('29 February of a leap year is accepted', covers('PV-2.3-DATE', 'PV-2.3-ACCEPT')), async ({ api, bookable }) => {
    const res = await api.book(bookable.reference, validBooking({ bookingDate: '2028-02-29' }));
    expect(res.status >= 200 && res.status < 300, because('PV-2.3-DATE', `bookingDate 2028-02-29 is a real date and books, got HTTP ${res.status} ${res.text.slice(0, 200)}`)).toBe(true);
  });
});
