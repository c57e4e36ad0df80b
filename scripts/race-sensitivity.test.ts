/**
 * The race oracle's pure logic (outcomes -> verdict), and one quick live check that the trial code
 * catches the race-window fault and stays quiet without it.
 */
import { expect, test } from '@playwright/test';
import { judgeTrial, type OpOutcome, type TrialEvidence } from '../fixtures/race/oracle.ts';
import { measure } from './race-sensitivity.ts';

const problem = (name: string, status: number) => ({
  contentType: 'application/problem+json',
  text: JSON.stringify({ type: `urn:service:error:${name}`, title: name, status, detail: 'already booked', traceId: 't-1' }),
});
const win = (ref: string, status = 201): OpOutcome => ({ kind: 'book', status, bookingReference: ref, contentType: 'application/json', text: '{}' });
const lose = (ref: string): OpOutcome => ({ kind: 'book', status: 409, bookingReference: ref, ...problem('ItemAlreadyBooked', 409) });
const del = (status: number): OpOutcome => ({ kind: 'remove', status, ...(status >= 400 ? problem('BookingNotFound', status) : {}) });
const losers = (n: number, from = 1) => Array.from({ length: n }, (_, i) => lose(`L${from + i}`));
const booked = (ref: string) => ({ status: 200, bookingInfo: { nested: { ref } } });
const unbooked = { status: 200, bookingInfo: null };
const START_UNBOOKED = { booked: false } as const;
const START_BOOKED = { booked: true, bookingReference: 'R0' } as const;

function verdict(partial: Omit<TrialEvidence, 'unbookedRemoveStatus'> & { unbookedRemoveStatus?: number }) {
  return judgeTrial({ unbookedRemoveStatus: 404, ...partial });
}

test.describe('race oracle', () => {
  test('one winner, the rest 409 ItemAlreadyBooked, winner read back: atomic', () => {
    const v = verdict({ initial: START_UNBOOKED, outcomes: [win('W'), ...losers(19)], final: booked('W') });
    expect(v.violations).toEqual([]);
    expect(v.histogram).toBe('POST 201×1 409×19');
  });

  test('two winners break atomicity, whichever status they got', () => {
    for (const s of [200, 201, 204]) {
      const v = verdict({ initial: START_UNBOOKED, outcomes: [win('W1', s), win('W2', s), ...losers(18)], final: booked('W2') });
      expect(v.ok).toBe(false);
      expect(v.violations.join()).toContain('2 concurrent bookings succeeded; exactly one must win');
    }
  });

  test('losers must carry the ItemAlreadyBooked problem; 5xx answers are violations; a missing answer leaves the trial unjudged', () => {
    const wrongType: OpOutcome = { kind: 'book', status: 409, bookingReference: 'L', ...problem('BookingConflict', 409) };
    expect(verdict({ initial: START_UNBOOKED, outcomes: [win('W'), wrongType], final: booked('W') }).violations.join()).toContain('ItemAlreadyBooked');
    expect(verdict({ initial: START_UNBOOKED, outcomes: [win('W'), { kind: 'book', status: 503, bookingReference: 'L' }], final: booked('W') }).ok).toBe(false);
    const unanswered = verdict({ initial: START_UNBOOKED, outcomes: [win('W'), { kind: 'book', status: null, error: 'ECONNRESET' }], final: booked('W') });
    expect(unanswered.ok).toBe(true);
    expect(unanswered.incomplete).toBe('1 of 2 requests got no answer (ECONNRESET)');
    // Two winners stay a violation even when another request got no answer.
    expect(verdict({ initial: START_UNBOOKED, outcomes: [win('W1'), win('W2'), { kind: 'book', status: null, error: 'ECONNRESET' }], final: booked('W2') }).ok).toBe(false);
  });

  test('the read-back must show the winner and no loser', () => {
    expect(verdict({ initial: START_UNBOOKED, outcomes: [win('W'), ...losers(3)], final: booked('L2') }).ok).toBe(false);
    expect(verdict({ initial: START_UNBOOKED, outcomes: [win('W'), ...losers(3)], final: unbooked }).ok).toBe(false);
    expect(verdict({ initial: START_UNBOOKED, outcomes: [win('W'), ...losers(3)], final: { status: 500, bookingInfo: null } }).ok).toBe(false);
  });

  test('everyone refused as already booked while nothing was booked is a violation', () => {
    expect(verdict({ initial: START_UNBOOKED, outcomes: losers(5), final: unbooked }).ok).toBe(false);
  });

  test('book racing remove: outcomes explained by a serial order pass', () => {
    // DELETE wins first, then one POST: booked by that POST.
    expect(verdict({ initial: START_BOOKED, outcomes: [del(200), ...Array.from({ length: 9 }, () => del(404)), win('W'), ...losers(9)], final: booked('W') }).violations).toEqual([]);
    // POSTs all hit the original booking, then the DELETE: unbooked.
    expect(verdict({ initial: START_BOOKED, outcomes: [del(204), del(404), ...losers(10)], final: unbooked }).violations).toEqual([]);
    // Remove, book, remove: two removals, one booking, unbooked.
    expect(verdict({ initial: START_BOOKED, outcomes: [del(200), del(200), win('W'), ...losers(3)], final: unbooked }).violations).toEqual([]);
  });

  test('book racing remove: a lost booking, a stale original or extra winners are violations', () => {
    // A confirmed booking silently erased: one removal and one booking succeeded, yet unbooked.
    expect(verdict({ initial: START_BOOKED, outcomes: [del(200), del(404), win('W'), ...losers(2)], final: unbooked }).ok).toBe(false);
    // No removal succeeded but the original booking is gone.
    expect(verdict({ initial: START_BOOKED, outcomes: [del(404), ...losers(2)], final: unbooked }).ok).toBe(false);
    // One removal, two bookings.
    expect(verdict({ initial: START_BOOKED, outcomes: [del(200), win('W1'), win('W2')], final: booked('W2') }).ok).toBe(false);
    // The removal succeeded, yet the original booking is still shown.
    expect(verdict({ initial: START_BOOKED, outcomes: [del(200), ...losers(2)], final: booked('R0') }).ok).toBe(false);
  });

  test('remove racing remove: exactly one removal, unless the target answers 2xx to removing nothing', () => {
    const notFound = Array.from({ length: 19 }, () => del(404));
    expect(verdict({ initial: START_BOOKED, outcomes: [del(200), ...notFound], final: unbooked }).violations).toEqual([]);
    expect(verdict({ initial: START_BOOKED, outcomes: [del(200), del(200), ...notFound], final: unbooked }).ok).toBe(false);
    expect(verdict({ initial: START_BOOKED, outcomes: [del(200), ...notFound], final: booked('R0') }).ok).toBe(false);
    // 409 as the "not booked" answer is accepted too.
    expect(verdict({ initial: START_BOOKED, outcomes: [del(200), del(409)], final: unbooked, unbookedRemoveStatus: 409 }).violations).toEqual([]);
    // Idempotent 204 target: all 2xx is fine, but it must still end unbooked.
    const all204 = Array.from({ length: 20 }, () => del(204));
    expect(verdict({ initial: START_BOOKED, outcomes: all204, final: unbooked, unbookedRemoveStatus: 204 }).violations).toEqual([]);
    expect(verdict({ initial: START_BOOKED, outcomes: all204, final: booked('R0'), unbookedRemoveStatus: 204 }).ok).toBe(false);
    // An answer that is neither success nor "not booked" is a violation.
    expect(verdict({ initial: START_BOOKED, outcomes: [del(200), del(400)], final: unbooked }).ok).toBe(false);
  });
});

test('live: the race check catches a 2 ms check-then-act gap and passes a correct reference', async () => {
  test.setTimeout(20_000);
  const o = { scenario: 'book' as const, n: 10, inProcess: true };
  const faulty = await measure(['race-window'], 2, 3, o);
  expect(faulty.row.detected, faulty.reports.map((r) => r.verdict.histogram).join(' | ')).toBe(3);
  const clean = await measure([], undefined, 3, o);
  expect(clean.row.detected, clean.reports.map((r) => r.verdict.violations.join('; ')).join(' | ')).toBe(0);
});
