import fc from 'fast-check';
import { containsValue } from '../../fixtures/booking-view.ts';
import type { PoolCertificate } from '../../fixtures/environments/types.ts';
import type { PartnerApi } from '../../fixtures/partner-api.ts';
import { bookingReference, validBooking } from '../../fixtures/pool.ts';
import { BookingModel, type Via } from '../../fixtures/properties/booking-model.ts';
import { OnceNotes } from '../../fixtures/properties/notes.ts';
import { FailingRunRecorder } from '../../fixtures/properties/recorder.ts';
import { bookingInfoOf, describe, is2xx, is4xx } from '../../fixtures/properties/responses.ts';
import { checkProperty } from '../../fixtures/properties/runner.ts';
import { numRunsFor, propertySettings, seedLabel, testTimeoutFor } from '../../fixtures/properties/settings.ts';
import { expect, test } from '../../fixtures/test.ts';
import { because, covers, skipForWrites } from '../../fixtures/verdicts.ts';

const settings = propertySettings();
const SLOTS = 2;
/** Pool certificates drawn per test: spares replace certificates a failing run could not clean. */
const CANDIDATES = 8;

interface Real {
  api: PartnerApi;
  certs: PoolCertificate[];
  /** Slots a booking may exist on (removed in the run's finally). */
  maybeBooked: Set<number>;
  /** Slots addressed by legacy number (cleanup removes through both identifiers). */
  legacyUsed: Set<number>;
  notes: OnceNotes;
}

type Cmd = fc.AsyncCommand<BookingModel, Real>;

const idFor = (r: Real, slot: number, via: Via) => (via === 'legacy' ? r.certs[slot]!.legacyNumber! : r.certs[slot]!.reference);

class Get implements Cmd {
  constructor(readonly slot: number, readonly via: Via) {}
  check(m: Readonly<BookingModel>) {
    return this.via === 'reference' || m.slot(this.slot).hasLegacy;
  }
  async run(m: BookingModel, r: Real) {
    const res = await r.api.getCertificate(idFor(r, this.slot, this.via), { label: this.toString() });
    expect(res.status, because(this.via === 'legacy' ? 'PV-2.2-LEGACY-BOOKING' : 'PV-3-CREATE', `${this} answers 200, got ${describe(res)}`)).toBe(200);
    const info = bookingInfoOf(res);
    const view = m.expectedView(this.slot, this.via);
    if (view.shows) expect(containsValue(info, view.shows.reference), because(view.shows.clause, `${this} shows the current booking ${view.shows.reference}`)).toBe(true);
    for (const h of view.hidden) expect(containsValue(info, h.reference), because(h.clause, `${this} no longer shows the ${h.clause === 'PV-3-REMOVE' ? 'removed' : 'refused'} booking ${h.reference}`)).toBe(false);
  }
  toString() {
    return `${this.via === 'legacy' ? 'GetByLegacyNumber' : 'Get'}(#${this.slot})`;
  }
}

class Book implements Cmd {
  constructor(readonly slot: number, readonly via: Via) {}
  check(m: Readonly<BookingModel>) {
    return this.via === 'reference' || m.slot(this.slot).hasLegacy;
  }
  async run(m: BookingModel, r: Real) {
    const body: Record<string, unknown> = { ...validBooking({ bookingReference: bookingReference('sm') }) };
    await send(this, m, r, body, this.via);
  }
  toString() {
    return `${this.via === 'legacy' ? 'BookByLegacyNumber' : 'Book'}(#${this.slot})`;
  }
}

/** Sends the current booking's very body again: a retry is still a conflict, not an idempotent success. */
class BookAgain implements Cmd {
  constructor(readonly slot: number) {}
  check(m: Readonly<BookingModel>) {
    return m.slot(this.slot).current !== null;
  }
  async run(m: BookingModel, r: Real) {
    await send(this, m, r, m.slot(this.slot).current!.body, 'reference');
  }
  toString() {
    return `BookAgain(#${this.slot})`;
  }
}

async function send(cmd: Cmd, m: BookingModel, r: Real, body: Record<string, unknown>, via: Via) {
  const slot = (cmd as Book | BookAgain).slot;
  const predicted = m.predictBook(slot);
  const res = await r.api.book(idFor(r, slot, via), body, { label: cmd.toString() });
  if (via === 'legacy') r.legacyUsed.add(slot);
  if (!is4xx(res.status)) r.maybeBooked.add(slot);
  if (predicted === 'created') {
    const clause = via === 'legacy' ? 'PV-2.2-LEGACY-BOOKING' : 'PV-3-CREATE';
    expect(is2xx(res.status), because(clause, `${cmd} on an unbooked certificate succeeds, got ${describe(res)}`)).toBe(true);
  } else {
    const clause = via === 'legacy' || m.slot(slot).current!.via === 'legacy' ? 'PV-2.2-LEGACY-BOOKING' : 'PV-3-CONFLICT';
    expect(res.status, because(clause, `${cmd} on a booked certificate is 409 ItemAlreadyBooked, got ${describe(res)}`)).toBe(409);
    const type = String(res.json<Record<string, unknown>>()?.type ?? '');
    expect(type, because('PV-3-CONFLICT', `${cmd}: the 409 names the error ItemAlreadyBooked`)).toMatch(/ItemAlreadyBooked$/);
  }
  m.applyBook(slot, String(body.bookingReference), body, via);
}

class Remove implements Cmd {
  constructor(readonly slot: number) {}
  check() {
    return true;
  }
  async run(m: BookingModel, r: Real) {
    const predicted = m.predictRemove(this.slot);
    const res = await r.api.removeBooking(r.certs[this.slot]!.reference, { label: this.toString() });
    if (predicted === 'removed') {
      expect(is2xx(res.status), because('PV-3-REMOVE', `${this} of a booked certificate succeeds, got ${describe(res)}`)).toBe(true);
      r.maybeBooked.delete(this.slot);
    } else {
      // Spec-silent: removing the booking of an unbooked certificate may be 2xx, 404 or 409.
      expect(is2xx(res.status) || [404, 409, 410].includes(res.status), because('PV-3-REMOVE', `${this} of an unbooked certificate answers 2xx, 404, 409 or 410, got ${describe(res)}`)).toBe(true);
      r.notes.observe('PV-3-REMOVE-UNBOOKED', `removing the booking of an unbooked certificate answered ${res.status}`);
    }
    m.applyRemove(this.slot);
  }
  toString() {
    return `Remove(#${this.slot})`;
  }
}

test.describe('Property: the booking state machine', () => {
  test(`follows the model through any sequence of get, book, book again and remove by either identifier, ${seedLabel(settings)} (PV-3-CREATE, PV-3-CONFLICT, PV-3-REMOVE, PV-2.2-LEGACY-BOOKING)`, covers('PV-3-CREATE', 'PV-3-CONFLICT', 'PV-3-REMOVE', 'PV-2.2-LEGACY-BOOKING', 'PV-3-REMOVE-UNBOOKED'), async ({ api, pool, environment, exchanges }) => {
    test.setTimeout(testTimeoutFor(settings));
    const drawn = new Map<string, PoolCertificate>();
    for (let i = 0; i < CANDIDATES; i++) {
      const c = pool.bookable();
      if (c) drawn.set(c.reference, c);
    }
    if (environment.writable.length === 0) skipForWrites(environment.name);
    test.skip(drawn.size === 0, `no writable pool certificate is left for this worker on ${environment.name}: add bookable certificates to its pool`);
    const candidates = [...drawn.values()];
    const slots = Math.min(SLOTS, candidates.length);
    const recorder = new FailingRunRecorder(exchanges);
    const notes = new OnceNotes();
    /** Every reference sent in this test, to recognise a certificate an earlier run could not clean. */
    const everSent = new Set<string>();
    const unusable = new Set<string>();

    /** Which of `refs` a read by reference or by legacy number still shows. */
    const tracesOf = async (c: PoolCertificate, refs: string[]) => {
      const ids = c.legacyNumber ? [c.reference, c.legacyNumber] : [c.reference];
      const found: string[] = [];
      for (const id of ids) {
        const info = bookingInfoOf(await api.getCertificate(id, { label: `check ${id} for leftovers` }));
        for (const ref of refs) if (containsValue(info, ref)) found.push(`${id} shows ${ref}`);
      }
      return found;
    };

    const slot = fc.nat({ max: slots - 1 });
    const commands = fc.commands(
      [
        slot.map((s) => new Get(s, 'reference')),
        slot.map((s) => new Get(s, 'legacy')),
        slot.map((s) => new Book(s, 'reference')),
        slot.map((s) => new Book(s, 'legacy')),
        slot.map((s) => new BookAgain(s)),
        slot.map((s) => new Remove(s)),
      ],
      { maxCommands: settings.profile === 'nightly' ? 30 : 12, ...(settings.replayPath ? { replayPath: settings.replayPath } : {}) },
    );

    const property = fc.asyncProperty(commands, async (cmds) => {
      // Start from certificates that carry nothing of an earlier run (a failed removal leaves traces).
      const certs: PoolCertificate[] = [];
      for (const c of candidates) {
        if (certs.length === slots) break;
        if (unusable.has(c.reference)) continue;
        if (everSent.size > 0 && (await tracesOf(c, [...everSent])).length > 0) {
          unusable.add(c.reference);
          continue;
        }
        certs.push(c);
      }
      // Not enough clean certificates left (only after a failure): skip the run rather than blame the next sequence.
      fc.pre(certs.length === slots);
      return recorder.run(async () => {
        const real: Real = { api, certs, maybeBooked: new Set(), legacyUsed: new Set(), notes };
        const model = new BookingModel(certs.map((c) => c.legacyNumber !== undefined));
        let completed = false;
        try {
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          completed = true;
        } finally {
          for (const s of model.slots) for (const ref of s.fates.keys()) everSent.add(ref);
          for (const i of real.maybeBooked) {
            await api.removeBooking(certs[i]!.reference, { label: 'remove (run cleanup)' });
            if (real.legacyUsed.has(i)) await api.removeBooking(certs[i]!.legacyNumber!, { label: 'remove by legacy number (run cleanup)' });
          }
        }
        if (!completed) return;
        // The run's own removals must leave no trace, or the next run would start from a booked certificate.
        for (const [i, s] of model.slots.entries()) {
          if (s.fates.size === 0) continue;
          const traces = await tracesOf(certs[i]!, [...s.fates.keys()]);
          expect(traces, because('PV-3-REMOVE', `after removing every booking of the run, ${certs[i]!.reference} still shows them`)).toEqual([]);
        }
      });
    });
    await checkProperty(property, { settings, numRuns: numRunsFor(settings, { quick: 30, nightly: 500 }), recorder });
    if (unusable.size > 0) test.info().annotations.push({ type: 'cleanup-failed', description: `earlier runs left traces on ${[...unusable].join(', ')}` });
  });
});
