/** Root causes as tested hypotheses: a candidate is named only when its experiment (or its check's own answer) showed it. */
import { expect, test } from '@playwright/test';
import { outcome } from '../certification/outcome-fixtures.ts';
import { readTest } from '../certification/outcomes.ts';
import { confirmCauses, withConfirmations } from './confirm.ts';
import { experimentFor } from './experiments/catalogue.ts';
import type { ExperimentRecord } from './experiments/experiment.ts';
import { rootCauses } from './root-causes.ts';

const failed = (title: string, clause: string, message: string) => outcome({ title, clauses: [clause], status: 'failed', ok: false, errors: [`[${clause}] ${message}`] });
const record = (name: string, clause: string, shown: boolean | 'not run'): ExperimentRecord => ({
  name,
  hypothesis: 'h',
  findings: shown === 'not run' ? [] : [{ clause: clause as never, shown, seen: `${clause} ${shown ? 'seen broken' : 'held'}` }],
  ...(shown === 'not run' ? { notRun: 'no writable pool certificate was left for it' } : {}),
  steps: ['DELETE /api/v1/voucher-certificates/X/booking → 204'],
  durationMs: 5,
});

// A stale read after a removal met a venue test and the removal test: two candidates, one bug.
const tests = [failed('a booking is removed and reads back unbooked', 'PV-3-REMOVE', 'bookingInfo still shows it'), failed('outside its venues nothing changes', 'PV-1-VENUE', 'its last write was a booking refused to a user outside its venues, which booked it all the same')];

test('a candidate its experiment showed is confirmed with the experiment; one it did not show follows from it, and its clause reads not run', () => {
  const candidates = rootCauses(tests);
  expect(candidates.map((c) => c.clause)).toEqual(['PV-3-REMOVE', 'PV-1-VENUE']);
  const { confirmed, suspected } = confirmCauses(candidates, { records: [record('removal-shows', 'PV-3-REMOVE', true), record('refused-write-written (venue-limited user)', 'PV-1-VENUE', false)] }, experimentFor);
  expect(suspected).toEqual([]);
  expect(confirmed.map((c) => [c.clause, c.confirmedBy?.experiment, c.consequences, c.notShownAlone?.map((n) => n.clause)])).toEqual([['PV-3-REMOVE', 'removal-shows', ['PV-1-VENUE'], ['PV-1-VENUE']]]);
  expect(confirmed[0]!.confirmedBy?.steps).toEqual(['DELETE /api/v1/voucher-certificates/X/booking → 204']);
  const venue = withConfirmations(tests, confirmed)[1]!;
  expect(readTest(venue)).toMatchObject({ kind: 'failed', clauses: ['PV-3-REMOVE'] });
});

test('without a confirmed root, a candidate not shown alone is suspected; one whose experiment could not run is suspected, saying why', () => {
  const notShown = confirmCauses(rootCauses(tests), { records: [record('removal-shows', 'PV-3-REMOVE', false), record('refused-write-written (venue-limited user)', 'PV-1-VENUE', 'not run')] }, experimentFor);
  expect(notShown.confirmed).toEqual([]);
  expect(notShown.suspected.map((s) => [s.clause, s.tried])).toEqual([
    ['PV-3-REMOVE', 'removal-shows: PV-3-REMOVE held (not shown alone)'],
    ['PV-1-VENUE', expect.stringMatching(/did not run: no writable pool certificate was left for it$/)],
  ]);
});

test('a rule of one answer (no experiment of its own) is shown by its check; a candidate not shown alone follows from it', () => {
  // A conflict answered 500 with one winner: the 5xx is seen; the race experiment shows one winner.
  const conflict = [failed('a second booking is 409', 'PV-4-NO-5XX', 'answered 500'), failed('concurrent bookings yield one winner', 'PV-3-ATOMIC', 'POST answered 500')];
  const { confirmed } = confirmCauses(rootCauses(conflict), { records: [record('simultaneous-bookings', 'PV-3-ATOMIC', false)] }, experimentFor);
  expect(confirmed.map((c) => [c.clause, c.confirmedBy?.experiment, c.notShownAlone?.map((n) => n.clause)])).toEqual([['PV-4-NO-5XX', 'its check', ['PV-3-ATOMIC']]]);
});

test('a clause an experiment can only explain away (booking-shows for PV-2.1-BOOKINGINFO): explained, it follows; not explained or not run, its check stands, never suspected', () => {
  const stale = [failed('a booked certificate carries its booking', 'PV-2.1-BOOKINGINFO', 'bookingInfo null on a booked certificate'), failed('a booking shows in the next read', 'PV-3-CREATE', 'the read showed no booking')];
  const candidates = rootCauses(stale);
  const explained: ExperimentRecord = { ...record('booking-shows', 'PV-3-CREATE', true), findings: [{ clause: 'PV-3-CREATE', shown: true, seen: 'stale for 10 s' }, { clause: 'PV-2.1-BOOKINGINFO', shown: false, seen: 'a stale read' }] };
  expect(confirmCauses(candidates, { records: [explained] }, experimentFor).confirmed.map((c) => c.clause)).toEqual(['PV-3-CREATE']);
  const silent = confirmCauses(rootCauses([stale[0]!]), { records: [record('booking-shows', 'PV-3-CREATE', false)] }, experimentFor);
  expect(silent.confirmed.map((c) => [c.clause, c.confirmedBy?.experiment])).toEqual([['PV-2.1-BOOKINGINFO', 'its check']]);
  const notRun = confirmCauses(rootCauses([stale[0]!]), { records: [record('booking-shows', 'PV-3-CREATE', 'not run')] }, experimentFor);
  expect([notRun.confirmed.map((c) => c.clause), notRun.suspected]).toEqual([['PV-2.1-BOOKINGINFO'], []]);
});

test('a candidate explained away by a cause no check named first (the old interface not seeing a booking, when no other API user sees it either): that cause is named, confirmed by the experiment', () => {
  const legacy = [failed('a booking made through the new API shows on the old interface', 'PV-2.6-LEGACY-CONFLICT', 'the old interface booked it again')];
  const split: ExperimentRecord = {
    ...record('second-booking-refused', 'PV-3-CONFLICT', true),
    findings: [{ clause: 'PV-3-CONFLICT', shown: true, seen: 'a second booking of X by another user (venue-limited) by reference answered HTTP 200' }, { clause: 'PV-2.6-LEGACY-CONFLICT', shown: false, seen: 'another API user could book X too' }],
  };
  const { confirmed, suspected } = confirmCauses(rootCauses(legacy), { records: [split] }, experimentFor);
  expect(suspected).toEqual([]);
  expect(confirmed.map((c) => [c.clause, c.level, c.confirmedBy?.experiment, c.consequences, c.tests])).toEqual([['PV-3-CONFLICT', 'MUST', 'second-booking-refused', ['PV-2.6-LEGACY-CONFLICT'], ['a booking made through the new API shows on the old interface']]]);
});

test('a cause one experiment showed explains the candidates of other experiments too, whatever their order (booking routes refusing the legacy number: a booking, a conflict, a venue test by legacy number)', () => {
  const byLegacy = [failed('book by legacy number as the first booking', 'PV-3-CREATE', 'booking answered 400'), failed('a second booking by legacy number is 409', 'PV-3-CONFLICT', 'got HTTP 400')];
  const identifier: ExperimentRecord = {
    ...record('second-booking-refused', 'PV-3-CONFLICT', false),
    findings: [{ clause: 'PV-3-CONFLICT', shown: false, seen: 'the identifier, not the conflict' }, { clause: 'PV-2.2-LEGACY-BOOKING', shown: true, seen: 'a first booking by legacy number was refused with HTTP 400' }],
  };
  const { confirmed, suspected } = confirmCauses(rootCauses(byLegacy), { records: [record('booking-shows', 'PV-3-CREATE', false), identifier] }, experimentFor);
  expect(suspected).toEqual([]);
  expect(confirmed.map((c) => [c.clause, c.confirmedBy?.experiment, c.notShownAlone?.map((n) => n.clause)])).toEqual([['PV-2.2-LEGACY-BOOKING', 'second-booking-refused', ['PV-3-CREATE', 'PV-3-CONFLICT']]]);
});

test('a MUST failure an experiment explained away never follows from a SHOULD root: with only a warning confirmed, the cause the experiment showed is named (a booking state kept per user), and the MUST clauses follow from it', () => {
  const warned = outcome({ title: 'the old interface does not book a certificate booked through the new API', clauses: ['PV-2.6-LEGACY-REFUSES'], status: 'passed', ok: true, warnings: ['[PV-2.6-LEGACY-REFUSES] the old interface booked it too'] });
  const must = [failed('read back, bookingInfo shows what was sent', 'PV-2.3-ROUNDTRIP', 'bookingInfo shows no booking')];
  const perUser: ExperimentRecord = {
    ...record('booking-shows', 'PV-3-CREATE', false),
    findings: [{ clause: 'PV-3-CREATE', shown: true, seen: 'a booking did not show to the readOnly user' }, { clause: 'PV-2.3-ROUNDTRIP', shown: false, seen: 'a view kept apart' }, { clause: 'PV-2.6-LEGACY-REFUSES', shown: false, seen: 'a view kept apart' }],
  };
  const { confirmed } = confirmCauses(rootCauses([warned, ...must]), { records: [perUser] }, experimentFor);
  expect(confirmed.map((c) => [c.clause, c.level, c.consequences])).toEqual([['PV-3-CREATE', 'MUST', ['PV-2.3-ROUNDTRIP', 'PV-2.6-LEGACY-REFUSES']]]);
});
