/**
 * Experiments of writes that meet each other: a second booking of a booked certificate (by the
 * same user, by another, through either identifier), concurrent bookings judged by the state they
 * leave, and a write's effect on the other certificates at its venue.
 */
import { is2xx } from '../../../fixtures/harness/properties/responses.ts';
import { apiRaceTarget } from '../../../fixtures/harness/race/targets.ts';
import { askedRaceRequests, planRequests, probeUnbookedRemove, requestsPerTrial, runTrial, type RaceScenario } from '../../../fixtures/harness/race/trial.ts';
import { notShown, seconds, shown, type ClauseFinding, type Experiment } from './experiment.ts';
import { readsUnbooked, shows, type Lab } from './lab.ts';
import { leanBooking } from '../../../fixtures/harness/checks/booking-history.ts';
import { booking, idsOf, noCert, waitFor } from './state.ts';
import type { BookingBody } from '../../../fixtures/harness/pool.ts';
import type { ApiUserRole } from '../../../fixtures/harness/partner-api.ts';

const LEGACY_SEEN = ['PV-2.6-LEGACY-CONFLICT', 'PV-2.6-LEGACY-REFUSES'] as const;
/** How a booking reads back: another API user not seeing it at all is the state kept per user, not how it is shown. */
const READ_BACK = ['PV-2.3-ROUNDTRIP', 'PV-2.1-BOOKINGINFO'] as const;

/** PV-3-CONFLICT: a second booking of a booked certificate is refused with 409 and changes nothing, by the same user or another, through either identifier. */
export const secondBookingRefused: Experiment = {
  name: 'second-booking-refused',
  hypothesis: 'a second booking of a booked certificate was accepted, refused with another status than 409, or changed the first',
  clauses: ['PV-3-CONFLICT'],
  // The old interface not seeing a booking made through the new API is what another API user not seeing it looks like too.
  explains: [...LEGACY_SEEN, ...READ_BACK],
  async run(lab) {
    const first = booking('the first booking');
    const limited = lab.env.credentials.limitedVenue;
    // The other users read the certificate before the first booking, as the suites' users had: a
    // state each user copies when first reading it shows only then.
    const others = (lab.env.credentials.readOnly ? ['readOnly'] : []) as Array<'readOnly' | 'limitedVenue'>;
    // Inside the venue-limited user's venues where the pool allows: a second booking by another user too.
    const inside = limited ? await lab.bookFresh(first, { inside: limited.venues, readAs: [...others, 'limitedVenue'] }) : undefined;
    const made = inside?.cert ? inside : await lab.bookFresh(first, { readAs: others });
    if (made.refused) return { notRun: `the first booking was refused (HTTP ${made.refused.status})` };
    if (!made.cert) return { notRun: noCert };
    const cert = made.cert;
    const users = limited?.venues.includes(cert.venue) ? (['primary', 'limitedVenue'] as const) : (['primary'] as const);
    const readers = inside?.cert ? [...others, 'limitedVenue' as const] : others;
    // A second booking is judged against a first one the target shows: one that shows late (a stale
    // read) is waited for; one that never shows is booking-shows' question, not the conflict's.
    const firstShown = await lab.readUntil(cert.reference, 'does the first booking show?', (info) => shows(info, first.bookingReference), waitFor(lab));
    if (!firstShown.held) return { notRun: `the first booking of ${cert.reference} answered HTTP ${made.res?.status ?? '2xx'}, but reads did not show it in ${seconds(firstShown.afterMs)} (whether a booking shows is booking-shows' question)` };
    const unseenBy: string[] = [];
    for (const as of readers) if (!shows((await lab.read(cert.reference, `does the ${as} user see the first booking?`, as)).info, first.bookingReference)) unseenBy.push(as);
    const perUser = unseenBy.length > 0 ? READ_BACK.map((c) => notShown(c, `the primary user's booking of ${cert.reference} shows to it but not to the ${unseenBy.join(' and ')} user${unseenBy.length > 1 ? 's' : ''}: the booking state is kept per user, not a booking rendered wrong`)) : [];
    const done = (findings: ClauseFinding[]) => ({ findings: [...findings, ...perUser] });
    const seen: string[] = [];
    for (const as of users) {
      for (const { id, via } of idsOf(cert)) {
        const second = booking(`a second booking, by the ${as} user`);
        const res = await lab.api.book(id, second, { as, label: `experiment: book ${id} again as the ${as} user` });
        const after = await lab.read(cert.reference, 'is the first booking kept, the second absent?');
        const who = `by ${as === 'primary' ? 'the same user' : 'another user (venue-limited)'} ${via}`;
        if (is2xx(res.status)) {
          // No conflict check at all: the old interface's booking over a new API booking is the same missing check.
          const split = as !== 'primary' ? LEGACY_SEEN.map((c) => notShown(c, `another API user could book ${cert.reference} too: the booking state is not one for every user, whichever interface is used`)) : [notShown('PV-2.6-LEGACY-REFUSES', `a second booking of ${cert.reference} through the new API was accepted too: the old interface's booking over one is the same missing check`)];
          return done([shown('PV-3-CONFLICT', `a second booking of ${cert.reference} ${who} answered HTTP ${res.status}${await comparedField(lab, id, second, as)}`), ...split]);
        }
        if (!shows(after.info, first.bookingReference) || shows(after.info, second.bookingReference)) {
          // A refused booking that writes anyway does so through the old interface too: one write-before-check.
          const overwrote = notShown('PV-2.6-LEGACY-REFUSES', `a second booking refused through the new API changed ${cert.reference}'s first booking too: the old interface's replacing it is the same write before the check`);
          return done([shown('PV-3-CONFLICT', `a second booking of ${cert.reference} ${who} was refused (HTTP ${res.status}) but ${shows(after.info, second.bookingReference) ? 'the certificate then showed it' : 'the first booking was gone'}`), overwrote]);
        }
        if (res.status >= 400 && res.status < 500 && res.status !== 409) {
          // By legacy number: is it the identifier a booking route refuses, conflict or not?
          const fresh = via === 'by legacy number' ? await lab.bookFresh(booking('a first booking by legacy number'), {}, 'legacy') : undefined;
          if (fresh?.refused && fresh.refused.status === res.status) {
            return done([
              notShown('PV-3-CONFLICT', `a second booking of ${cert.reference} ${via} was refused with HTTP ${res.status}, and so was a first booking of a fresh certificate ${via}: the identifier, not the conflict`),
              shown('PV-2.2-LEGACY-BOOKING', `a first booking of a fresh certificate by legacy number was refused with HTTP ${fresh.refused.status}, while ${cert.reference}'s first booking by reference answered 2xx: the booking route does not take the legacy number`),
            ]);
          }
          return done([shown('PV-3-CONFLICT', `a second booking of ${cert.reference} ${who} was refused with HTTP ${res.status}, not 409`)]);
        }
        seen.push(`${who}: HTTP ${res.status}${res.status >= 500 ? " (a server error: PV-4-NO-5XX's, not the conflict's)" : ''}`);
      }
    }
    // One step aside: a first booking with the fields the target does not require left out.
    const lean = await overLeanBooking(lab);
    if (lean) return done([lean]);
    return done([notShown('PV-3-CONFLICT', `second bookings of ${cert.reference} were refused and the first booking kept (${seen.join('; ')}), also over a first booking with only the fields the config requires`)]);
  },
};

/**
 * Which field the conflict rule compares, when a second booking that differed in every field was
 * accepted: a third with the second's date and time (its other fields its own) refused with 409
 * tells a rule comparing them from none at all. The words to add to the finding, or nothing.
 */
async function comparedField(lab: Lab, id: string, current: BookingBody, as: ApiUserRole): Promise<string> {
  const third = { ...booking('a third booking, on the date and time of the second'), bookingDate: current.bookingDate, bookingTime: current.bookingTime };
  const res = await lab.api.book(id, third, { as, label: `experiment: book ${id} again on the same date and time` });
  if (res.status !== 409) return '';
  return `, while a third on the second's bookingDate and bookingTime was refused with 409: the conflict rule compares the date and time, not whether a booking exists`;
}

/**
 * A second booking over a first one made with only the fields the config requires: a conflict check
 * that counts a certificate booked only when its booking has some field, or a refused booking that
 * fills the fields the first left out, shows only there.
 */
async function overLeanBooking(lab: Lab): Promise<ClauseFinding | undefined> {
  const first = leanBooking(lab.env, 'exlean');
  const fields = Object.keys(first).join(', ');
  if (Object.keys(first).length === 4) return undefined;
  const made = await lab.bookFresh(first);
  if (!made.cert) return undefined;
  const cert = made.cert;
  if (!(await lab.readUntil(cert.reference, 'does the lean first booking show?', (info) => shows(info, first.bookingReference), waitFor(lab))).held) return undefined;
  const second = booking('a second booking over one with fields left out');
  const res = await lab.api.book(cert.reference, second, { label: `experiment: book ${cert.reference} again over a booking with only ${fields}` });
  const after = await lab.read(cert.reference, 'is the lean first booking kept as it was?');
  if (is2xx(res.status)) return shown('PV-3-CONFLICT', `a second booking of ${cert.reference}, booked first with only ${fields}, answered HTTP ${res.status}`);
  if (!shows(after.info, first.bookingReference) || shows(after.info, second.bookingReference) || shows(after.info, second.notes!)) {
    return shown('PV-3-CONFLICT', `a second booking of ${cert.reference}, booked first with only ${fields}, was refused (HTTP ${res.status}) but the certificate then showed ${JSON.stringify(after.info).slice(0, 160)}: the refused booking changed the first`);
  }
  return undefined;
}

/** PV-3-ATOMIC: concurrent bookings (and removals) leave a state one serial order explains: judged by winners and the final read, never by statuses. */
export const simultaneousBookings: Experiment = {
  name: 'simultaneous-bookings',
  hypothesis: "concurrent bookings of one certificate had more than one winner, or left a loser's booking",
  clauses: ['PV-3-ATOMIC'],
  async run(lab) {
    const cert = await lab.fresh();
    if (!cert) return { notRun: noCert };
    const target = apiRaceTarget(lab.api);
    const n = requestsPerTrial(askedRaceRequests(), lab.env.raceMaxConcurrency, lab.api.pacer);
    const unbookedRemoveStatus = await probeUnbookedRemove(target, cert.reference);
    const scenarios: RaceScenario[] = cert.legacyNumber ? ['book', 'book-both-identifiers', 'book-vs-remove', 'remove-vs-remove'] : ['book', 'book-vs-remove', 'remove-vs-remove'];
    const seen: string[] = [];
    const lagged: string[] = [];
    const laggedWrites = new Set<'PV-3-REMOVE' | 'PV-3-CREATE'>();
    for (const scenario of scenarios) {
      for (let trial = 1; trial <= 3 && lab.leftMs() > 1000; trial += 1) {
        const plan = { scenario, certificate: cert, n, unbookedRemoveStatus, settleMs: Math.max(1500, Math.min(6000, lab.leftMs() - 1000)) };
        const report = await runTrial(target, plan, planRequests(target, plan));
        if (report.settled) {
          // The read right after the race was not yet the state the writes left: a lagging read (a
          // cache), not a race lost. Which write it lagged says whose promise it is.
          laggedWrites.add(readsUnbooked(report.settled.final.bookingInfo) ? 'PV-3-REMOVE' : 'PV-3-CREATE');
          lagged.push(`${scenario}, ${n} at once, trial ${trial}: the read right after showed ${readsUnbooked(report.final.bookingInfo) ? 'no booking' : 'a booking'}, and ${seconds(report.settled.afterMs)} later (${report.settled.reads} reads) a state one serial order explains`);
          continue;
        }
        const won = (o: { status: number | null }) => o.status !== null && is2xx(o.status);
        const winners = report.outcomes.filter((o) => o.kind === 'book' && won(o));
        const shownRefs = report.outcomes.filter((o) => o.bookingReference !== undefined && shows(report.final.bookingInfo, o.bookingReference));
        const loserShown = winners.length > 0 ? shownRefs.find((o) => !won(o)) : undefined;
        const what = `${scenario}, ${n} at once, trial ${trial}`;
        if ((scenario === 'book' || scenario === 'book-both-identifiers') && winners.length > 1) return { findings: [shown('PV-3-ATOMIC', `${winners.length} of ${n} simultaneous bookings of ${cert.reference} won (${what}); the certificate then showed ${shownRefs.length} of them`)] };
        if (loserShown) return { findings: [shown('PV-3-ATOMIC', `a simultaneous booking of ${cert.reference} answered HTTP ${loserShown.status}, yet the certificate then showed it (${what})`)] };
        // With removals: what the oracle finds wrong in the state, statuses set aside (a 5xx is PV-4-NO-5XX's).
        const stateIssues = report.verdict.violations.filter((v) => !/ answered \d{3}/.test(v));
        if (stateIssues.length > 0 && scenario !== 'book' && scenario !== 'book-both-identifiers') return { findings: [shown('PV-3-ATOMIC', `simultaneous requests at ${cert.reference} left a state no serial order explains (${what}): ${stateIssues[0]}`)] };
        seen.push(`${scenario}: ${winners.length} booking${winners.length === 1 ? '' : 's'} won`);
      }
    }
    if (lagged.length > 0) {
      const why = `reads lagged the writes, the race was not lost: ${lagged.join('; ')}`;
      return { findings: [notShown('PV-3-ATOMIC', why), ...[...laggedWrites].map((c) => shown(c, `${c === 'PV-3-REMOVE' ? 'a removal' : 'a booking'} showed late after simultaneous requests at ${cert.reference}: ${lagged[0]}`))] };
    }
    return { findings: [notShown('PV-3-ATOMIC', `every trial ended in a state one serial order explains (${[...new Set(seen)].join('; ')}), whatever the losers were answered`)] };
  },
};

/** PV-1-SINGLE: booking and removing one certificate leaves every other certificate at its venue as it was, a booked one among them. */
export const otherCertificatesUnchanged: Experiment = {
  name: 'other-certificates-unchanged',
  hypothesis: 'a booking or removal of one certificate changed another',
  clauses: ['PV-1-SINGLE'],
  async run(lab) {
    const cert = await lab.fresh();
    if (!cert) return { notRun: noCert };
    const neighbours = lab.env.pool.filter((p) => p.venue === cert.venue && p.reference !== cert.reference);
    if (neighbours.length === 0) return { notRun: `no other pool certificate at ${cert.venue} to watch` };
    // One neighbour booked by this experiment, so a write that clears another booking shows too.
    const booked = await lab.bookFresh(booking('a booked neighbour'), { inside: [cert.venue] });
    const snapshot = async (why: string) => Promise.all(neighbours.map(async (n) => JSON.stringify((await lab.read(n.reference, why)).info ?? null)));
    const before = await snapshot('before the write to its neighbour');
    const b = booking('does a booking change another certificate?');
    const made = await lab.api.book(cert.reference, b, { label: `experiment: book ${cert.reference}` });
    const afterBooking = await snapshot('after its neighbour was booked');
    const removed = await lab.api.removeBooking(cert.reference, { label: `experiment: remove ${cert.reference}'s booking` });
    const afterRemoval = await snapshot("after its neighbour's booking was removed");
    const findings: ClauseFinding[] = [];
    for (const [i, n] of neighbours.entries()) {
      if (afterBooking[i] !== before[i]) findings.push(shown('PV-1-SINGLE', `booking ${cert.reference} (HTTP ${made.status}) changed ${n.reference}'s bookingInfo from ${before[i]!.slice(0, 120)} to ${afterBooking[i]!.slice(0, 120)}`));
      else if (afterRemoval[i] !== before[i]) findings.push(shown('PV-1-SINGLE', `removing ${cert.reference}'s booking (HTTP ${removed.status}) changed ${n.reference}'s bookingInfo from ${before[i]!.slice(0, 120)} to ${afterRemoval[i]!.slice(0, 120)}`));
      if (findings.length > 0) return { findings };
    }
    return { findings: [notShown('PV-1-SINGLE', `booking ${cert.reference} (HTTP ${made.status}) and removing it (HTTP ${removed.status}) left the ${neighbours.length} other certificates at ${cert.venue}${booked.cert ? `, ${booked.cert.reference} booked among them,` : ''} as they were`)] };
  },
};
