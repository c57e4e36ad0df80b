import { addDays, nearFuture, utcDate } from '../../fixtures/contract/booking-dates.ts';
import { datePromised } from '../../fixtures/harness/arbitraries/booking-rules.ts';
import { nextLeapDay } from '../../fixtures/harness/arbitraries/calendar.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, notTested, observe } from '../../fixtures/harness/verdicts.ts';
import { thinSlice } from '../../fixtures/contract/needs.ts';
import { bookingInfoOf, describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';

test.describe('bookingDate is a real calendar date YYYY-MM-DD', () => {
  test(
    ...clauseTest(
      'impossible or misshapen dates are refused with a 4xx and book nothing',
      covers('PV-2.3-DATE', 'PV-4-NO-5XX'),
    ),
    async ({ api, bookable }) => {
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
          expect(
            refusalIssue(res),
            because('PV-2.3-DATE', `${name} (${JSON.stringify(fields)}) is refused with a 4xx`),
          ).toBeUndefined();
          expect(
            await bookingInfoOf(api, bookable.reference),
            because('PV-2.3-DATE', `${name} booked nothing`),
          ).toEqual(before);
          observe('PV-2.3-DATE', `${name} answered ${describeRefusal(res)}`);
        });
      }
      const ok = await api.book(bookable.reference, validBooking());
      expect(
        ok.status >= 200 && ok.status < 300,
        because('PV-2.3-ACCEPT', `a valid booking still succeeds after the refusals, got HTTP ${ok.status}`),
      ).toBe(true);
    },
  );

  // The next leap day is often beyond the near future, whose dates a target may refuse (spec §2.3:
  // value limits not shown). Unless the config declares such dates accepted, the days around it tell a
  // date limit (refuses them too) from a calendar that knows no 29 February (accepts them).
  test(
    ...clauseTest(
      '29 February of a leap year is accepted where the days around it are',
      covers('PV-2.3-DATE', 'PV-2.3-LIMITS'),
    ),
    async ({ api, bookable, pool, environment }) => {
      const today = utcDate(Date.now());
      const leapDay = nextLeapDay(nearFuture(today).from);
      const res = await api.book(bookable.reference, validBooking({ bookingDate: leapDay }));
      if (datePromised(leapDay, environment.booking, today)) {
        expect(
          res.status >= 200 && res.status < 300,
          because(
            'PV-2.3-DATE',
            `bookingDate ${leapDay} is a real date and books, got HTTP ${res.status} ${res.text.slice(0, 200)}`,
          ),
        ).toBe(true);
        return;
      }
      if (res.status >= 200 && res.status < 300) return;
      expect(
        refusalIssue(res),
        because('PV-2.3-DATE', `bookingDate ${leapDay} is a real date: it books or is refused with a 4xx`),
      ).toBeUndefined();
      const around = [addDays(leapDay, -1), addDays(leapDay, 1)];
      const certs = around.map(() => pool.bookable());
      if (new Set([bookable, ...certs].map((c) => c?.reference)).size < 3 || certs.includes(undefined))
        notTested(thinSlice(`three writable certificates, to book the days around ${leapDay}`));
      const accepted: string[] = [];
      for (const [i, bookingDate] of around.entries()) {
        const near = await api.book(certs[i]!.reference, validBooking({ bookingDate }), {
          label: `book ${bookingDate} on ${certs[i]!.reference}`,
        });
        if (near.status >= 200 && near.status < 300) accepted.push(bookingDate);
      }
      expect(
        accepted,
        because(
          'PV-2.3-DATE',
          `bookingDate ${leapDay} is refused (${describeRefusal(res)}) while ${around.join(' and ')} are ` +
            `accepted: no date limit explains it, 29 February is a real date`,
        ),
      ).not.toEqual(around);
      observe(
        'PV-2.3-LIMITS',
        `bookingDate ${leapDay} answered ${describeRefusal(res)}, ` +
          `and ${around.filter((d) => !accepted.includes(d)).join(' and ')} ` +
          `too: a date limit beyond the near future (booking.dates.farFuture is not declared)`,
      );
    },
  );
});
