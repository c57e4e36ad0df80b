/**
 * Each experiment against the reference API alone: it shows the root cause it tests where a fault
 * breaks that promise (through whichever way the fault breaks it), and shows nothing on the clean
 * reference or where another promise is broken (a conflict answered 500 is no race).
 */
import { expect, test } from '@playwright/test';
import { startWorkerReference } from '../../../fixtures/environments/worker-reference.ts';
import type { Experiment } from './experiment.ts';
import { Lab } from './lab.ts';
import { bookingShows, outsideVenueWritten, readOnlyWriteWritten, removalShows } from './state.ts';
import { otherCertificatesUnchanged, secondBookingRefused, simultaneousBookings } from './writes.ts';
import { runExperiments } from './catalogue.ts';
import { refusedBodiesWritten } from './refused-bodies.ts';

// A read that stays stale needs the budget to see it end (the stale faults keep the old state 5 s, and an experiment waits at most half the time left);
// a state that never shows is seen as well in a shorter wait.
const budgetFor = (faults: string[]) => (faults.some((f) => f.includes('stale-read') || f.includes('read-cache')) ? 13_000 : 4_000);

async function outcome(experiment: Experiment, faults: string[] = [], variant?: string) {
  const ref = await startWorkerReference({ faults, ...(variant ? { variant } : {}) });
  const lab = new Lab(ref.environment, Date.now() + budgetFor(faults));
  try {
    const o = await experiment.run(lab);
    if ('notRun' in o) throw new Error(`${experiment.name} did not run: ${o.notRun}`);
    // Shown: one of the clauses it judges (a lagging read it meets is another experiment's clause).
    return { shown: o.findings.some((f) => f.shown && (experiment.clauses as readonly string[]).includes(f.clause)), seen: o.findings.map((f) => f.seen).join('; '), findings: o.findings };
  } finally {
    expect(await lab.close()).toEqual([]);
    await ref.close();
  }
}

const cases: Array<[Experiment, shownBy: string[], notShownBy: string[]]> = [
  [removalShows, ['remove-noop', 'rebook-refused', 'remove-legacy-ignored', 'old-interface-bookings-unremovable', 'rebook-keeps-old-fields', 'remove-keeps-info', 'remove-skips-read-cache'], ['booking-stale-read']],
  [bookingShows, ['booking-creates-nothing', 'read-cache-by-path'], ['remove-stale-read']],
  [secondBookingRefused, ['double-booking-200', 'conflict-overwrites', 'booked-from-date-only', 'conflict-fills-absent-fields', 'conflict-compares-date'], ['conflict-500', 'problem-type-case', 'conflict-own-bookings-only']],
  [simultaneousBookings, ['race-window', 'identifier-keyed-lock'], ['conflict-500', 'remove-skips-read-cache']],
  [readOnlyWriteWritten, ['booking-without-permission', 'permission-unchecked-legacy'], ['rebook-refused']],
  [outsideVenueWritten, ['venue-unchecked', 'venue-unchecked-legacy', 'venue-own-refused'], ['rebook-refused']],
  [otherCertificatesUnchanged, ['remove-clears-sibling', 'book-touches-sibling'], ['remove-stale-read']],
];

for (const [experiment, shownBy, notShownBy] of cases) {
  test(`${experiment.name}: shows nothing on the clean reference`, async () => {
    expect((await outcome(experiment)).shown).toBe(false);
  });
  for (const fault of shownBy) {
    test(`${experiment.name}: shows ${experiment.clauses.join(', ')} against ${fault}`, async () => {
      expect(await outcome(experiment, [fault])).toMatchObject({ shown: true });
    });
  }
  for (const fault of notShownBy) {
    test(`${experiment.name}: shows nothing against ${fault}, which breaks another promise`, async () => {
      expect((await outcome(experiment, [fault])).shown).toBe(false);
    });
  }
}

test('a read that stays stale for a while is shown with how long: removal-shows against remove-stale-read, booking-shows against booking-stale-read', async () => {
  const [removal, booking] = await Promise.all([outcome(removalShows, ['remove-stale-read']), outcome(bookingShows, ['booking-stale-read'])]);
  expect(removal).toMatchObject({ shown: true, seen: expect.stringMatching(/kept showing the removed booking for [45]\.\d s/) });
  expect(booking).toMatchObject({ shown: true, seen: expect.stringMatching(/kept showing the certificate without it for [45]\.\d s/) });
});

test('where bookingInfo is an empty object until booked and no member says so, Lab.read still reads the certificate unbooked: refused-bodies-written explains as on the flat shape', async () => {
  const o = await outcome(refusedBodiesWritten, [], 'booking-info-empty-object');
  expect(o.findings.map((f) => `${f.clause}:${f.shown}`)).toEqual(['PV-4.3-MALFORMED:false', 'PV-4.3-OBJECT:false', 'PV-2.3-TYPES:false']);
});

test('booking-shows explains away how a booking is shown only when the booking did not show: a stale read, not a booking rendered without its data', async () => {
  const [stale, noInfo, dropsNotes] = await Promise.all([outcome(bookingShows, ['booking-stale-read']), outcome(bookingShows, ['no-booking-info']), outcome(bookingShows, ['booking-drops-notes'])]);
  const of = (o: typeof stale) => o.findings.map((f) => `${f.clause}:${f.shown}`);
  // A booking that does not show by the identifier it was made through explains the other identifier's and the old interface's views too.
  expect(of(stale)).toEqual(['PV-3-CREATE:true', 'PV-2.1-BOOKINGINFO:false', 'PV-2.3-ROUNDTRIP:false', 'PV-3-ISOLATED:false', 'PV-2.2-LEGACY-BOOKING:false', 'PV-2.6-LEGACY-CONFLICT:false', 'PV-2.6-LEGACY-REFUSES:false']);
  // Nothing to say about how the booking is shown when it showed (or never showed, without a state to tell why): those checks' answers stand.
  expect(of(dropsNotes)).toEqual(['PV-3-CREATE:false']);
  expect(of(noInfo).filter((f) => f.startsWith('PV-2.'))).toEqual([]);
});

test('the run of a candidate list: one record per experiment, steps for each, and an experiment out of time is not run and says so', async () => {
  const ref = await startWorkerReference({ faults: ['rebook-refused'] });
  try {
    const run = await runExperiments(['PV-3-REMOVE', 'PV-1-VENUE', 'PV-2.5-TITLE'], ref.environment, 15_000);
    expect(run.records.map((r) => [r.name, r.findings.map((f) => `${f.clause}:${f.shown}`)])).toEqual([
      ['removal-shows', ['PV-3-REMOVE:true']],
      ['refused-write-written (venue-limited user)', ['PV-1-VENUE:false']],
    ]);
    expect(run.records[0]!.steps.some((s) => /^DELETE \/api\/v1\/voucher-certificates\/\w+\/booking → 2\d\d$/.test(s))).toBe(true);
    expect(run.exchanges.every((x) => x.label === 'cleanup' || /^(experiment|race|token for)/.test(x.label ?? ''))).toBe(true);
    expect(run.leftBooked).toEqual([]);
    const late = await runExperiments(['PV-3-REMOVE'], ref.environment, 500);
    expect(late.records[0]).toMatchObject({ name: 'removal-shows', notRun: expect.stringMatching(/spent before it/), steps: [] });
  } finally {
    await ref.close();
  }
});

test('second-booking-refused: a second booking refused by legacy number like a first one is the identifier (PV-2.2-LEGACY-BOOKING shown), not the conflict', async () => {
  const { findings } = await outcome(secondBookingRefused, ['booking-route-refuses-legacy']);
  expect(findings.map((f) => [f.clause, f.shown])).toEqual([['PV-3-CONFLICT', false], ['PV-2.2-LEGACY-BOOKING', true]]);
});

test('refused-bodies-written explains away only what a refused body alone did not write: all three on the clean reference and against a stale removal; none whose body a fault accepts', async () => {
  const of = (o: Awaited<ReturnType<typeof outcome>>) => o.findings.map((f) => `${f.clause}:${f.shown}`);
  const [clean, stale, arrays, types] = await Promise.all([outcome(refusedBodiesWritten), outcome(refusedBodiesWritten, ['remove-stale-read']), outcome(refusedBodiesWritten, ['array-books-first']), outcome(refusedBodiesWritten, ['types-unchecked'])]);
  const all = ['PV-4.3-MALFORMED:false', 'PV-4.3-OBJECT:false', 'PV-2.3-TYPES:false'];
  expect([of(clean), of(stale)]).toEqual([all, all]);
  expect(of(arrays)).toEqual(['PV-4.3-MALFORMED:false', 'PV-2.3-TYPES:false']);
  expect(of(types)).toEqual(['PV-4.3-MALFORMED:false', 'PV-4.3-OBJECT:false']);
});

test('booking-shows reads the views the suites had read before the booking: a view by legacy number kept apart is PV-2.2-LEGACY-BOOKING shown, and explains a failure met beside other requests (PV-3-ISOLATED) or through the old interface', async () => {
  const { findings } = await outcome(bookingShows, ['identifier-view-stale']);
  const of = findings.map((f) => `${f.clause}:${f.shown}`);
  expect(of).toEqual(['PV-3-CREATE:false', 'PV-2.2-LEGACY-BOOKING:true', 'PV-2.1-BOOKINGINFO:false', 'PV-2.3-ROUNDTRIP:false', 'PV-3-ISOLATED:false', 'PV-2.6-LEGACY-CONFLICT:false', 'PV-2.6-LEGACY-REFUSES:false']);
  expect(findings[1]!.seen).toMatch(/did not show by legacy number \d+ in|showed by legacy number \d+ only after/);
});

test('removal-shows, when the suites left every certificate booked (removals that free nothing), removes one of those bookings and sees it stay: PV-3-REMOVE shown, not "a booking that does not show"', async () => {
  const ref = await startWorkerReference({ faults: ['remove-noop'] });
  // The suites' bookings, made before the experiment's time starts (the fault keeps every one).
  const suites = new Lab(ref.environment, Date.now());
  for (const c of ref.environment.writable) await suites.api.book(c.reference, { notes: 'left by the suites', bookingDate: '2026-12-20', bookingTime: '10:00:00', bookingReference: `PVH-left-${c.reference}` }, { label: 'setup' });
  await suites.http.dispose();
  const lab = new Lab(ref.environment, Date.now() + 5_000);
  try {
    const o = await removalShows.run(lab);
    expect('findings' in o && o.findings.map((f) => [f.clause, f.shown])).toEqual([['PV-3-REMOVE', true]]);
    expect('findings' in o && o.findings[0]!.seen).toMatch(/every writable certificate read booked after the suites/);
  } finally {
    await lab.close();
    await ref.close();
  }
});

test('second-booking-refused: a second booking accepted explains the old interface booking over a new API one (the same missing check)', async () => {
  const { findings } = await outcome(secondBookingRefused, ['double-booking-200']);
  expect(findings.map((f) => `${f.clause}:${f.shown}`)).toEqual(expect.arrayContaining(['PV-3-CONFLICT:true', 'PV-2.6-LEGACY-REFUSES:false']));
});

test('second-booking-refused tells a conflict rule that compares the date and time from one that refuses nothing (conflict-compares-date)', async () => {
  const { seen } = await outcome(secondBookingRefused, ['conflict-compares-date']);
  expect(seen).toMatch(/answered HTTP 201, while a third on the second's bookingDate and bookingTime was refused with 409: the conflict rule compares the date and time/);
});

test('simultaneous-bookings tells a read that lags a removal from a race lost: PV-3-ATOMIC not shown, PV-3-REMOVE shown (remove-skips-read-cache)', async () => {
  const { findings } = await outcome(simultaneousBookings, ['remove-skips-read-cache']);
  expect(findings).toEqual(expect.arrayContaining([expect.objectContaining({ clause: 'PV-3-ATOMIC', shown: false, seen: expect.stringMatching(/reads lagged the writes, the race was not lost/) }), expect.objectContaining({ clause: 'PV-3-REMOVE', shown: true })]));
});
