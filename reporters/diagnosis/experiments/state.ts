/**
 * Experiments of state: a write's effect read back alone, through each identifier. Whether a
 * refused write was written anyway, whether a removal or a booking shows (and after how long).
 * Writes that meet each other (a second booking, concurrent ones, neighbours) are in writes.ts.
 */
import { dateAhead, NEAR_FUTURE_DAYS } from '../../../fixtures/contract/booking-dates.ts';
import type { PoolCertificate } from '../../../fixtures/environments/types.ts';
import { LegacyInterface } from '../../../fixtures/harness/legacy-interface.ts';
import { bookingReference, validBooking } from '../../../fixtures/harness/pool.ts';
import { is2xx } from '../../../fixtures/harness/properties/responses.ts';
import type { ApiUserRole } from '../../../fixtures/harness/partner-api.ts';
import { notShown, seconds, shown, type ClauseFinding, type Experiment } from './experiment.ts';
import { readsUnbooked, shows, type Lab } from './lab.ts';

/** The longest a state experiment waits for a write to show, within the lab's time. */
export const MAX_STALE_WAIT_MS = 10_000;
/** Half the time left at most: the experiments after this one (a cheap one may explain another candidate) keep the rest. */
export const waitFor = (lab: Lab) => Math.max(0, Math.min(MAX_STALE_WAIT_MS, (lab.leftMs() - 1000) / 2));
let made = 0;
/**
 * An experiment's booking, every field its own: each one's date and time differ from the last
 * one's too (within the near future and ordinary hours every target takes), so a conflict rule
 * that compares one field of two bookings cannot pass for one that refuses every second booking.
 */
export const booking = (what: string) => {
  const ref = bookingReference('exp');
  made += 1;
  const time = `${String(10 + (made % 9)).padStart(2, '0')}:${String((made * 7) % 60).padStart(2, '0')}:00`;
  return validBooking({ notes: `experiment: ${what} (${ref})`, bookingReference: ref, bookingDate: dateAhead(NEAR_FUTURE_DAYS.min + (made % 40)), bookingTime: time });
};
export const noCert = 'no writable pool certificate was left for it';
/** The identifiers a certificate can be written through: its reference, and its legacy number where the pool names one. */
export const idsOf = (c: PoolCertificate) => [{ id: c.reference, via: 'by reference' }, ...(c.legacyNumber ? [{ id: c.legacyNumber, via: 'by legacy number' }] : [])];

/** PV-1-PERMISSION: the read-only user's booking and removal are refused, and write nothing, through either identifier. */
export const readOnlyWriteWritten: Experiment = {
  name: 'refused-write-written (read-only user)',
  hypothesis: 'a booking or removal refused to the user without booking permission was carried out anyway',
  clauses: ['PV-1-PERMISSION'],
  async run(lab) {
    if (!lab.env.credentials.readOnly) return { notRun: 'no read-only API user is configured' };
    const first = await lab.fresh();
    if (!first) return { notRun: noCert };
    const seen: string[] = [];
    // A certificate of its own for each identifier: the first one's removal must not decide the second's booking.
    for (const [i, { via }] of idsOf(first).entries()) {
      const cert = i === 0 ? first : await lab.fresh({ legacy: true });
      if (!cert) break;
      const id = i === 0 ? cert.reference : cert.legacyNumber!;
      const b = booking('a booking by the read-only user must be refused');
      const res = await lab.api.book(id, b, { as: 'readOnly', label: `experiment: book ${id} as the read-only user` });
      const after = await lab.read(cert.reference, 'did the refused booking write anything?');
      if (is2xx(res.status) || shows(after.info, b.bookingReference)) return { findings: [shown('PV-1-PERMISSION', `the read-only user's booking of ${cert.reference} ${via} answered HTTP ${res.status} and ${shows(after.info, b.bookingReference) ? 'the certificate then showed it' : 'was accepted'}`)] };
      const mine = booking('a removal by the read-only user must be refused');
      const made = await lab.api.book(cert.reference, mine, { label: `experiment: book ${cert.reference} as the primary user` });
      if (!is2xx(made.status)) return { notRun: `the primary user's booking for the removal step was refused (HTTP ${made.status})` };
      // The refused removal is judged against a booking the target shows: one that shows late (a
      // read cache) is waited for; one that never shows is booking-shows' question, not a permission's.
      const shownFirst = await lab.readUntil(cert.reference, 'does the primary user\'s booking show?', (info) => shows(info, mine.bookingReference), waitFor(lab));
      if (!shownFirst.held) return { notRun: `the primary user's booking of ${cert.reference} answered HTTP ${made.status}, but reads did not show it in ${seconds(shownFirst.afterMs)} (whether a booking shows is booking-shows' question)` };
      const removal = await lab.api.removeBooking(id, { as: 'readOnly', label: `experiment: remove ${id}'s booking as the read-only user` });
      const kept = await lab.read(cert.reference, 'did the refused removal remove anything?');
      if (is2xx(removal.status) || !shows(kept.info, mine.bookingReference)) return { findings: [shown('PV-1-PERMISSION', `the read-only user's removal of ${cert.reference}'s booking ${via} answered HTTP ${removal.status} and the booking ${shows(kept.info, mine.bookingReference) ? 'stayed' : 'was gone'}`)] };
      seen.push(`${via}: booking HTTP ${res.status}, removal HTTP ${removal.status}`);
    }
    return { findings: [notShown('PV-1-PERMISSION', `the read-only user's bookings and removals were refused and changed nothing (${seen.join('; ')})`)] };
  },
};

/** PV-1-VENUE: the venue-limited user is served inside its venues, and cannot read or book outside them, through either identifier. */
export const outsideVenueWritten: Experiment = {
  name: 'refused-write-written (venue-limited user)',
  hypothesis: 'a booking refused to a user outside its venues was carried out anyway, the certificate was shown to it, or it was refused inside its venues',
  clauses: ['PV-1-VENUE'],
  async run(lab) {
    const limited = lab.env.credentials.limitedVenue;
    if (!limited) return { notRun: 'no venue-limited API user is configured' };
    const own = lab.env.pool.find((p) => limited.venues.includes(p.venue));
    if (own) {
      const read = await lab.read(own.reference, 'as the venue-limited user, at its own venue', 'limitedVenue');
      if (!is2xx(read.status)) return { findings: [shown('PV-1-VENUE', `the venue-limited user was refused ${own.reference} at its own venue ${own.venue}: HTTP ${read.status}`)] };
    }
    const cert = await lab.fresh({ outside: limited.venues });
    if (!cert) return { notRun: `no writable pool certificate outside ${limited.venues.join(', ')} was left for it` };
    const seen: string[] = [];
    for (const { id, via } of idsOf(cert)) {
      const read = await lab.read(id, 'as the venue-limited user, outside its venues', 'limitedVenue');
      if (is2xx(read.status)) return { findings: [shown('PV-1-VENUE', `the venue-limited user read ${cert.reference} ${via} at ${cert.venue}, outside its venues: HTTP ${read.status}`)] };
      const b = booking('a booking outside the user\'s venues must be refused');
      const res = await lab.api.book(id, b, { as: 'limitedVenue', label: `experiment: book ${id} as the venue-limited user` });
      const after = await lab.read(cert.reference, 'did the refused booking write anything?');
      if (is2xx(res.status) || shows(after.info, b.bookingReference)) return { findings: [shown('PV-1-VENUE', `the venue-limited user's booking of ${cert.reference} ${via} at ${cert.venue} answered HTTP ${res.status} and ${shows(after.info, b.bookingReference) ? 'the certificate then showed it' : 'was accepted'}`)] };
      seen.push(`${via}: read HTTP ${read.status}, booking HTTP ${res.status}`);
    }
    return { findings: [notShown('PV-1-VENUE', `inside its venues the venue-limited user was served; outside them its reads and bookings were refused and wrote nothing (${seen.join('; ')})`)] };
  },
};

interface Removal {
  via: string;
  /**
   * Books `cert` and names what the booking shows; undefined when the booking was refused, `unseen`
   * when it answered success but the next read did not show it (booking-shows' question, not a removal's).
   */
  book(lab: Lab, cert: PoolCertificate): Promise<{ marker: string; status: number } | { unseen: number } | undefined>;
  removeId(cert: PoolCertificate): string;
  usable(lab: Lab, cert: PoolCertificate): boolean;
}

const REMOVALS: Removal[] = [
  {
    via: 'booked and removed by reference',
    usable: () => true,
    removeId: (c) => c.reference,
    async book(lab, cert) {
      const b = booking('does a removal show?');
      const res = await lab.api.book(cert.reference, b, { label: `experiment: book ${cert.reference}` });
      return is2xx(res.status) ? { marker: b.notes!, status: res.status } : undefined;
    },
  },
  {
    via: 'booked by reference, removed by legacy number',
    usable: (_lab, c) => c.legacyNumber !== undefined,
    removeId: (c) => c.legacyNumber!,
    async book(lab, cert) {
      const b = booking('does a removal by legacy number show?');
      const res = await lab.api.book(cert.reference, b, { label: `experiment: book ${cert.reference}` });
      return is2xx(res.status) ? { marker: b.notes!, status: res.status } : undefined;
    },
  },
  {
    via: 'booked through the old interface, removed through the new API',
    usable: (lab, c) => c.legacyNumber !== undefined && lab.env.legacyBaseUrl !== undefined && lab.env.credentials.legacy !== undefined,
    removeId: (c) => c.reference,
    async book(lab, cert) {
      const notes = booking('does the new API remove an old interface booking?').notes!;
      const res = await new LegacyInterface(lab.env, lab.http).book(cert.legacyNumber!, notes, 'unless-told');
      const read = await lab.read(cert.reference, 'does the old interface booking show?');
      if (!is2xx(res.status)) return undefined;
      return shows(read.info, notes) ? { marker: notes, status: res.status } : { unseen: res.status };
    },
  },
];

/** PV-3-REMOVE: a removal that answered success frees the certificate, through every way: reads show it unbooked, and it books again with nothing of the removed booking. */
export const removalShows: Experiment = {
  name: 'removal-shows',
  hypothesis: 'a removal that answered success did not free the certificate (or reads kept showing the booking for a while)',
  clauses: ['PV-3-REMOVE'],
  async run(lab) {
    const seen: string[] = [];
    const unbookedRefused: string[] = [];
    for (const way of REMOVALS) {
      const cert = await lab.fresh();
      if (!cert) break;
      if (!way.usable(lab, cert)) continue;
      const made = await way.book(lab, cert);
      if (made && 'unseen' in made) {
        seen.push(`${way.via}: the booking answered HTTP ${made.unseen} and the next read did not show it (whether a booking shows, not a removal)`);
        continue;
      }
      if (!made) {
        // Reads with no booking, yet refused as booked: a booking removed earlier still counts.
        if ((await lab.api.book(cert.reference, booking('is it bookable at all?'), { label: `experiment: book ${cert.reference}` })).status === 409 && readsUnbookedNow(await lab.read(cert.reference, 'refused as booked: does it read booked?'))) unbookedRefused.push(cert.reference);
        continue;
      }
      const id = way.removeId(cert);
      // Read while booked, as a client reads its booking back before removing it: a read cache the
      // removal forgets to invalidate holds only what was read.
      for (const readId of new Set([cert.reference, id])) await lab.read(readId, 'the booking, read back before the removal');
      const removal = await lab.api.removeBooking(id, { label: `experiment: remove ${id}'s booking` });
      if (!is2xx(removal.status)) return { findings: [shown('PV-3-REMOVE', `${way.via}: removing the booking this experiment made of ${cert.reference} answered HTTP ${removal.status}`)] };
      const gone = await lab.readUntil(cert.reference, 'is the removed booking gone?', (info) => !shows(info, made.marker), waitFor(lab));
      if (!gone.held) return { findings: [shown('PV-3-REMOVE', `${way.via}: the removal of ${cert.reference}'s booking answered HTTP ${removal.status}, but reads still showed the booking ${seconds(gone.afterMs)} later (${gone.reads} reads)`)] };
      // Booked again with notes left out: nothing of the removed booking may come back.
      const { notes: _left, ...again } = booking('booked again after the removal');
      const rebook = await lab.api.book(cert.reference, again, { label: `experiment: book ${cert.reference} again, notes left out` });
      if (rebook.status === 409) return { findings: [shown('PV-3-REMOVE', `${way.via}: the removal of ${cert.reference}'s booking answered HTTP ${removal.status} and reads showed it gone, but booking ${cert.reference} again was refused as already booked (HTTP 409)`)] };
      const after = await lab.read(cert.reference, 'does anything of the removed booking come back?');
      if (is2xx(rebook.status) && shows(after.info, made.marker)) return { findings: [shown('PV-3-REMOVE', `${way.via}: booked again after the removal, ${cert.reference} shows the removed booking's notes ${JSON.stringify(made.marker)} again`)] };
      if (gone.reads > 1) return { findings: [shown('PV-3-REMOVE', `${way.via}: the removal of ${cert.reference}'s booking answered HTTP ${removal.status}, but reads kept showing the removed booking for ${seconds(gone.afterMs)} (${gone.reads - 1} reads) before it was gone`)] };
      seen.push(`${way.via}: removal HTTP ${removal.status}, gone at the next read, booked again HTTP ${rebook.status}`);
    }
    // No certificate read unbooked: remove a booking the run left, and see whether it goes.
    if (seen.length === 0 && unbookedRefused.length === 0) {
      const left = await lab.leftover();
      if (left) {
        const removal = await lab.api.removeBooking(left.reference, { label: `experiment: remove ${left.reference}'s booking, left booked by the run` });
        const gone = is2xx(removal.status) ? await lab.readUntil(left.reference, 'is the booking gone?', (info) => readsUnbooked(info), waitFor(lab)) : undefined;
        if (gone && !gone.held) return { findings: [shown('PV-3-REMOVE', `every writable certificate read booked after the suites, which removed their bookings; removing ${left.reference}'s booking answered HTTP ${removal.status}, but reads still showed it booked ${seconds(gone.afterMs)} later (${gone.reads} reads)`)] };
      }
    }
    if (unbookedRefused.length > 0) return { findings: [shown('PV-3-REMOVE', `${unbookedRefused.join(', ')} read${unbookedRefused.length === 1 ? 's' : ''} with no booking, yet a booking of ${unbookedRefused.length === 1 ? 'it' : 'each'} was refused as already booked (HTTP 409): a booking removed earlier still counts`)] };
    if (seen.length === 0) return { notRun: noCert };
    return { findings: [notShown('PV-3-REMOVE', seen.join('; '))] };
  },
};

const readsUnbookedNow = (r: { status: number; info: unknown }) => r.status === 200 && readsUnbooked(r.info);

/**
 * The clauses of how a booking is shown, which a booking not showing at all explains (bookingShows):
 * its data (PV-2.1-BOOKINGINFO, PV-2.3-ROUNDTRIP), and a booking made beside others not showing as its own (PV-3-ISOLATED).
 */
const SHOWN_BOOKING = ['PV-2.1-BOOKINGINFO', 'PV-2.3-ROUNDTRIP', 'PV-3-ISOLATED'] as const;
/**
 * A booking the old interface made not shown on the new API, or the old interface booking over a new
 * API booking it does not see: what any other writer's booking not shown to a reader looks like too.
 */
const OTHER_WRITER = ['PV-2.6-LEGACY-CONFLICT', 'PV-2.6-LEGACY-REFUSES'] as const;
/**
 * What a booking not showing through the very identifier it was made by explains besides: that
 * the other identifier or the old interface did not show one either (a read cache that no write
 * invalidates, met in a clean-room C++ build, looks like an identifier split from those checks alone).
 */
const ELSEWHERE = ['PV-2.2-LEGACY-BOOKING', ...OTHER_WRITER] as const;

/**
 * After a booking by reference that shows there: do the views read before it, by legacy number and
 * as the other API users, show it too? A view kept per identifier or per user (a cache keyed so)
 * shows only here; a failure met beside other requests, or through the old interface, follows from it.
 */
async function otherViews(lab: Lab, cert: PoolCertificate, ref: string, readers: readonly ApiUserRole[]): Promise<ClauseFinding[] | undefined> {
  const views = [
    ...(cert.legacyNumber ? [{ id: cert.legacyNumber, as: 'primary' as const, clause: 'PV-2.2-LEGACY-BOOKING' as const, made: 'by reference, shown there at once', where: `by legacy number ${cert.legacyNumber}`, before: 'read by legacy number before the booking' }] : []),
    ...readers.map((as) => ({ id: cert.reference, as, clause: 'PV-3-CREATE' as const, made: 'by the primary user, shown to it at once', where: `to the ${as} user`, before: 'that user read the certificate before the booking' })),
  ];
  for (const v of views) {
    const seen = await lab.readUntil(v.id, `does the booking show ${v.where}?`, (info) => shows(info, ref), waitFor(lab), v.as);
    if (seen.held && seen.reads === 1) continue;
    const stale = `a booking of ${cert.reference} ${v.made}, ${seen.held ? `showed ${v.where} only after ${seconds(seen.afterMs)}` : `did not show ${v.where} in ${seconds(seen.afterMs)}`} (${seen.reads} reads; ${v.before})`;
    return [shown(v.clause, stale), ...[...SHOWN_BOOKING, ...OTHER_WRITER].map((c) => notShown(c, `${stale}: a view kept apart, not how a booking is shown, concurrency or the old interface`))];
  }
  return undefined;
}

/**
 * PV-3-CREATE: a booking that answered success shows in the next read. When reads show the
 * certificate unbooked for a while (or for the whole wait, saying so), the failures of how a
 * booking is shown (PV-2.1-BOOKINGINFO, PV-2.3-ROUNDTRIP) follow from that, not from its rendering.
 */
export const bookingShows: Experiment = {
  name: 'booking-shows',
  hypothesis: 'a booking that answered success was not kept (or reads kept showing the certificate unbooked for a while)',
  clauses: ['PV-3-CREATE'],
  explains: [...SHOWN_BOOKING, ...ELSEWHERE],
  async run(lab) {
    // Read first through every view the suites' requests had: by legacy number, and as the other users.
    const limited = lab.env.credentials.limitedVenue;
    const readers = [...(lab.env.credentials.readOnly ? ['readOnly' as const] : []), ...(limited ? ['limitedVenue' as const] : [])];
    const cert = (limited ? await lab.fresh({ legacy: true, inside: limited.venues, readAs: readers }) : undefined) ?? (await lab.fresh({ legacy: true, readAs: readers.filter((r) => r !== 'limitedVenue') })) ?? (await lab.fresh());
    if (!cert) return { notRun: noCert };
    if (cert.legacyNumber) await lab.read(cert.legacyNumber, 'by legacy number, before the experiment');
    const canRead = readers.filter((r) => r !== 'limitedVenue' || limited!.venues.includes(cert.venue));
    const b = booking('does a booking show?');
    const res = await lab.api.book(cert.reference, b, { label: `experiment: book ${cert.reference}` });
    if (res.status === 409) return { notRun: `${cert.reference} was refused as already booked (HTTP 409)` };
    if (!is2xx(res.status)) return { findings: [shown('PV-3-CREATE', `a valid booking of ${cert.reference}, readable just before, answered HTTP ${res.status}`)] };
    const seen = await lab.readUntil(cert.reference, 'does the booking show?', (info) => shows(info, b.bookingReference), waitFor(lab));
    const explained = (why: string) => [...SHOWN_BOOKING.map((c) => notShown(c, why)), ...ELSEWHERE.map((c) => notShown(c, `${why}, by the identifier it was made through: not another identifier's view or the old interface`))];
    if (!seen.held && seen.lastBooked === true) {
      return { findings: [notShown('PV-3-CREATE', `the certificate reads booked (isBooked true) ${seconds(seen.afterMs)} after the booking, without the booking's data: how a booking is shown, not whether it was kept`)] };
    }
    if (!seen.held) {
      const stale = `reads kept showing ${cert.reference} unbooked${seen.lastBooked === false ? ' (read as not booked)' : ''} for ${seconds(seen.afterMs)} after its booking answered HTTP ${res.status} (${seen.reads} reads)`;
      return { findings: [shown('PV-3-CREATE', `a booking of ${cert.reference} answered HTTP ${res.status}, but reads did not show it ${seconds(seen.afterMs)} later (${seen.reads} reads)`), ...(seen.lastBooked === false ? explained(`${stale}: a booking that does not show yet, not how a booking is shown`) : [])] };
    }
    if (seen.reads > 1) return { findings: [shown('PV-3-CREATE', `a booking of ${cert.reference} answered HTTP ${res.status}, but reads kept showing the certificate without it for ${seconds(seen.afterMs)} (${seen.reads - 1} reads)`), ...explained(`reads showed ${cert.reference} without its booking for ${seconds(seen.afterMs)}, then with it: a stale read, not how a booking is shown`)] };
    const apart = await otherViews(lab, cert, b.bookingReference, canRead);
    if (apart) return { findings: apart.some((f) => f.clause === 'PV-3-CREATE') ? apart : [notShown('PV-3-CREATE', `the booking answered HTTP ${res.status} and the next read by reference showed it`), ...apart] };
    return { findings: [notShown('PV-3-CREATE', `the booking answered HTTP ${res.status} and the next read showed it${cert.legacyNumber ? ', by legacy number too' : ''}${canRead.length ? `, and to the ${canRead.join(' and ')} user${canRead.length > 1 ? 's' : ''}` : ''}`)] };
  },
};
