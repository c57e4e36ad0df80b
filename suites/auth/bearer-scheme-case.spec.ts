import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { cellsOf, describeCell, ways, type Cell } from '../../fixtures/contract/ways-in.ts';
import { bookingInfoOf } from '../../fixtures/harness/checks/refusal.ts';
import { validBooking } from '../../fixtures/harness/pool/pool.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';

// RFC 6750 §2.1 (MUST support the header) with RFC 5234 §2.3 and RFC 9110 §11.1: "bearer" is the
// same scheme as "Bearer". A stack may authenticate writes through another filter than reads, so
// each method is asked, and each answer must be the one "Bearer" gets.
const schemeTest = (cell: Cell) =>
  clauseTest(
    `"${cell.scheme} <token>" is accepted on ${describeCell({ op: cell.op })}`,
    covers('RFC6750-2.1-SCHEME-CASE'),
    ways('bearer-scheme-case', cell),
  );
const [read, ...writes] = cellsOf('bearer-scheme-case');

test.describe('Bearer enforcement: the scheme name is case-insensitive', () => {
  test(...schemeTest(read!), async ({ api, pool }) => {
    const res = await api.getCertificate(pool.any().reference, {
      authorization: `${read!.scheme} ${await api.token()}`,
      label: `get with the scheme "${read!.scheme}"`,
    });
    expect(
      res.status,
      because(
        'RFC6750-2.1-SCHEME-CASE',
        `GET with "${read!.scheme} <token>" answered HTTP ${res.status} ${res.text.slice(0, 200)}; "Bearer ` +
          `<token>" gets 200 and the scheme is case-insensitive`,
      ),
    ).toBe(200);
  });

  for (const cell of writes) {
    const scheme = cell.scheme!;
    test(...schemeTest(cell), async ({ api, bookable }) => {
      const authorization = `${scheme} ${await api.token()}`;
      const booking = validBooking({ notes: `booked with the scheme "${scheme}"` });
      const book = cell.op === 'book';
      if (!book) {
        const made = await api.book(bookable.reference, booking, { label: 'book with "Bearer" (setup)' });
        expect(
          made.status,
          because(
            'PV-3-CREATE',
            `setup: booking with "Bearer <token>" must succeed, got HTTP ${made.status} ${made.text.slice(0, 200)}`,
          ),
        ).toBeLessThan(300);
      }
      const write = (auth: { authorization?: string }, label: string) =>
        book
          ? api.book(bookable.reference, booking, { ...auth, label })
          : api.removeBooking(bookable.reference, { ...auth, label });
      const what = book ? 'POST booking' : 'DELETE booking';
      const res = await write({ authorization }, `${book ? 'book' : 'remove'} with the scheme "${scheme}"`);
      // Refused: the same write with "Bearer" tells the scheme from the write itself (a DELETE refused
      // for its missing body is refused whatever the scheme).
      const asBearer =
        res.status >= 400 ? await write({}, `the same ${what} with "Bearer": is it the scheme?`) : undefined;
      const clause =
        asBearer && asBearer.status >= 300 ? (book ? 'PV-3-CREATE' : 'PV-4.4-NO-BODY') : 'RFC6750-2.1-SCHEME-CASE';
      const why =
        asBearer && asBearer.status >= 300
          ? `; with "Bearer <token>" it was refused too (HTTP ${asBearer.status}): the write, not the scheme`
          : '; a valid token is served whatever the case of its scheme';
      expect(
        res.status,
        because(clause, `${what} with "${scheme} <token>" answered HTTP ${res.status} ${res.text.slice(0, 200)}${why}`),
      ).toBeLessThan(300);
      expect(res.status, because(clause, `${what} with "${scheme} <token>" answers 2xx`)).toBeGreaterThanOrEqual(200);
      if (book) return;
      expect(
        containsValue(await bookingInfoOf(api, bookable.reference), booking.bookingReference),
        because(
          'PV-3-REMOVE',
          `the DELETE with "${scheme} <token>" answered HTTP ${res.status} and removed the booking`,
        ),
      ).toBe(false);
    });
  }
});
