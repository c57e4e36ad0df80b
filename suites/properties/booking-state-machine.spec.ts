import fc from 'fast-check';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { WAYS } from '../../fixtures/contract/ways-in.ts';
import { carriesCertificate } from '../../fixtures/contract/certificate-body.ts';
import type { ResolvedEnvironment } from '../../fixtures/harness/environment.ts';
import type { PoolCertificate } from '../../fixtures/harness/environment.ts';
import type { PartnerApi } from '../../fixtures/harness/api/partner-api.ts';
import { dateAhead, NEAR_FUTURE_DAYS } from '../../fixtures/contract/booking-dates.ts';
import { beyondPromise } from '../../fixtures/harness/arbitraries/booking-rules.ts';
import { bookingReference } from '../../fixtures/harness/pool/pool.ts';
import {
  BookingModel,
  DISTINCTIVE,
  refusalClause,
  type Actor,
  type Via,
} from '../../fixtures/harness/properties/booking-model.ts';
import { OnceNotes } from '../../fixtures/harness/properties/notes.ts';
import { FailingRunRecorder } from '../../fixtures/harness/properties/recorder.ts';
import { bookingInfoOf, describe, is2xx, is4xx } from '../../fixtures/harness/properties/responses.ts';
import { checkProperty, laneCount, type ExampleRun } from '../../fixtures/harness/properties/runner.ts';
import { EVERY_NEED, SlotCertificates, type SlotNeed } from '../../fixtures/harness/properties/slot-certificates.ts';
import { numRunsFor, propertySettings, seedLabel, testTimeoutFor } from '../../fixtures/harness/properties/settings.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, needs, notTested, touches } from '../../fixtures/harness/verdicts.ts';
import { thinSlice } from '../../fixtures/contract/needs.ts';

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
  rules: ResolvedEnvironment['booking'];
}

type Cmd = fc.AsyncCommand<BookingModel, Real>;

const idFor = (r: Real, slot: number, via: Via) =>
  via === 'legacy' ? r.certs[slot]!.legacyNumber! : r.certs[slot]!.reference;
const actorName = (as: Actor) => (as === 'primary' ? '' : `, as ${as}`);

/** Whether a command may run: legacy numbers only where the slot has one. */
const reachable = (m: Readonly<BookingModel>, slot: number, via: Via) => via === 'reference' || m.slot(slot).hasLegacy;

class Get implements Cmd {
  constructor(
    readonly slot: number,
    readonly via: Via,
    readonly as: Actor,
  ) {}
  check(m: Readonly<BookingModel>) {
    return reachable(m, this.slot, this.via);
  }
  async run(m: BookingModel, r: Real) {
    const res = await r.api.getCertificate(idFor(r, this.slot, this.via), { as: this.as, label: this.toString() });
    if (m.predictGet(this.slot, this.as) === 'refused') {
      expect(is4xx(res.status), because('PV-1-VENUE', `${this} is refused with a 4xx, got ${describe(res)}`)).toBe(
        true,
      );
      expect(carriesCertificate(res.json()), because('PV-1-VENUE', `${this}: the refusal carries no certificate`)).toBe(
        false,
      );
      return;
    }
    expect(
      res.status,
      because(
        this.as === 'limitedVenue' ? 'PV-1-VENUE' : this.via === 'legacy' ? 'PV-2.2-LEGACY-BOOKING' : 'PV-4.2-GET',
        `${this} answers 200, got ${describe(res)}`,
      ),
    ).toBe(200);
    const info = bookingInfoOf(res);
    const view = m.expectedView(this.slot, this.via);
    // A refused or removed booking's value first: when it shows, it is why the current one's do not.
    for (const h of view.hidden)
      expect(
        containsValue(info, h.value),
        because(
          h.clause,
          `${this} shows nothing of the ${h.clause === 'PV-3-REMOVE' ? 'removed' : 'refused'} booking, but ` +
            `its ${h.field} ${JSON.stringify(h.value)} is there`,
        ),
      ).toBe(false);
    for (const s of view.shows)
      expect(
        containsValue(info, s.value),
        because(s.clause, `${this} shows the ${s.field} ${JSON.stringify(s.value)} of the current booking`),
      ).toBe(true);
  }
  toString() {
    return `Get(#${this.slot}${this.via === 'legacy' ? ', by legacy number' : ''}${actorName(this.as)})`;
  }
}

/** How a body carries each optional field: present, left out or null (bookingReference is always sent). */
type Shape = Readonly<Record<(typeof OPTIONAL)[number], 'present' | 'absent' | 'null'>>;
const OPTIONAL = ['notes', 'bookingDate', 'bookingTime'] as const;
const COMPLETE: Shape = { notes: 'present', bookingDate: 'present', bookingTime: 'present' };

let bookings = 0;
/** Values of their own for each booking (a near-future date, an ordinary time), so a leftover is recognisable. */
function bookingValues(): Record<string, string> {
  const n = (bookings += 1);
  const reference = bookingReference('sm');
  const pad = (v: number) => String(v).padStart(2, '0');
  return {
    notes: `sm notes ${reference}`,
    bookingDate: dateAhead(NEAR_FUTURE_DAYS.min + (n % 50)),
    bookingTime: `${pad(10 + (n % 10))}:${pad(n % 60)}:${pad((n * 7) % 60)}`,
    bookingReference: reference,
  };
}

class Book implements Cmd {
  constructor(
    readonly slot: number,
    readonly via: Via,
    readonly as: Actor,
    readonly shape: Shape,
  ) {}
  check(m: Readonly<BookingModel>) {
    return reachable(m, this.slot, this.via);
  }
  async run(m: BookingModel, r: Real) {
    const values = bookingValues();
    const body: Record<string, unknown> = { bookingReference: values.bookingReference };
    for (const f of OPTIONAL) if (this.shape[f] !== 'absent') body[f] = this.shape[f] === 'null' ? null : values[f];
    await send(this, m, r, body, this.via, this.as);
  }
  toString() {
    const partial = OPTIONAL.filter((f) => this.shape[f] !== 'present').map(
      (f) => `${f} ${this.shape[f] === 'null' ? 'null' : 'left out'}`,
    );
    return (
      `Book(#${this.slot}${this.via === 'legacy' ? ', by legacy number' : ''}${actorName(this.as)}${partial.length ? `, ${partial.join(', ')}` : ''}` +
      `)`
    );
  }
}

/** Sends the current booking's very body again: a retry is still a conflict, not an idempotent success. */
class BookAgain implements Cmd {
  constructor(readonly slot: number) {}
  check(m: Readonly<BookingModel>) {
    return m.slot(this.slot).current !== null;
  }
  async run(m: BookingModel, r: Real) {
    await send(this, m, r, m.slot(this.slot).current!.body, 'reference', 'primary');
  }
  toString() {
    return `BookAgain(#${this.slot})`;
  }
}

async function send(cmd: Cmd, m: BookingModel, r: Real, body: Record<string, unknown>, via: Via, as: Actor) {
  const slot = (cmd as Book | BookAgain).slot;
  const predicted = m.predictBook(slot, as);
  const res = await r.api.book(idFor(r, slot, via), body, { as, label: cmd.toString() });
  if (via === 'legacy') r.legacyUsed.add(slot);
  if (!is4xx(res.status)) r.maybeBooked.add(slot);
  // A body beyond what the config promises may be refused with a 4xx (recorded); accepted, it is held to every promise.
  const beyond = beyondPromise(body, r.rules);
  if (predicted !== 'refused' && beyond.length > 0 && is4xx(res.status) && res.status !== 409) {
    for (const b of beyond)
      r.notes.observe(
        'PV-2.3-LIMITS',
        `a booking with ${b.field} ${b.kind === 'null' ? 'sent as null' : 'left out'}${beyond.length > 1 ? ' (among others)' : ''} ` +
          `answered ${res.status}`,
      );
    if (predicted === 'conflict') m.applyBook(slot, as, String(body.bookingReference), body, via);
    return;
  }
  if (predicted === 'refused') {
    expect(is4xx(res.status), because(refusalClause(as), `${cmd} is refused with a 4xx, got ${describe(res)}`)).toBe(
      true,
    );
  } else if (predicted === 'created') {
    // A venue-limited user refused inside its own venues breaks the venue rule, not booking itself.
    const clause = as === 'limitedVenue' ? 'PV-1-VENUE' : via === 'legacy' ? 'PV-2.2-LEGACY-BOOKING' : 'PV-3-CREATE';
    expect(is2xx(res.status), because(clause, `${cmd} on an unbooked certificate succeeds, got ${describe(res)}`)).toBe(
      true,
    );
  } else {
    // A second booking answered 2xx breaks the conflict rule on that way in (booking-conflict{id}),
    // whichever identifier the first booking used.
    expect(
      res.status,
      because('PV-3-CONFLICT', `${cmd} on a booked certificate is 409 ItemAlreadyBooked, got ${describe(res)}`),
    ).toBe(409);
    const type = String(res.json<Record<string, unknown>>()?.type ?? '');
    expect(type, because('PV-3-CONFLICT', `${cmd}: the 409 names the error ItemAlreadyBooked`)).toMatch(
      /ItemAlreadyBooked$/,
    );
  }
  m.applyBook(slot, as, String(body.bookingReference), body, via);
}

class Remove implements Cmd {
  constructor(
    readonly slot: number,
    readonly via: Via,
    readonly as: Actor,
  ) {}
  check(m: Readonly<BookingModel>) {
    return reachable(m, this.slot, this.via);
  }
  async run(m: BookingModel, r: Real) {
    const predicted = m.predictRemove(this.slot, this.as);
    const res = await r.api.removeBooking(idFor(r, this.slot, this.via), { as: this.as, label: this.toString() });
    if (predicted === 'refused') {
      expect(
        is4xx(res.status),
        because(refusalClause(this.as), `${this} is refused with a 4xx, got ${describe(res)}`),
      ).toBe(true);
    } else if (predicted === 'removed') {
      expect(
        is2xx(res.status),
        because(
          this.as === 'limitedVenue' ? 'PV-1-VENUE' : 'PV-3-REMOVE',
          `${this} of a booked certificate succeeds, got ${describe(res)}`,
        ),
      ).toBe(true);
      r.maybeBooked.delete(this.slot);
    } else {
      // Spec-silent ("not shown"): a 2xx, or any 4xx (404, 409, a framework's 400, ...); only a 5xx breaks a MUST.
      expect(
        res.status,
        because(
          'PV-4-NO-5XX',
          `${this} of an unbooked certificate is a client mistake at worst, never a 5xx, got ${describe(res)}`,
        ),
      ).toBeLessThan(500);
      r.notes.observe('PV-3-REMOVE-UNBOOKED', `removing the booking of an unbooked certificate answered ${res.status}`);
    }
    m.applyRemove(this.slot, this.as);
  }
  toString() {
    return `Remove(#${this.slot}${this.via === 'legacy' ? ', by legacy number' : ''}${actorName(this.as)})`;
  }
}

/** The API users of the config that the commands act as (the matrix's user dimension). */
function actorsOf(env: ResolvedEnvironment): Actor[] {
  return [
    'primary',
    ...(env.credentials.readOnly ? (['readOnly'] as const) : []),
    ...(env.credentials.limitedVenue ? (['limitedVenue'] as const) : []),
  ];
}

/**
 * How bodies carry the optional fields: mostly present, sometimes left out or null, whatever the
 * config requires (a body it does not promise may be refused, but one the target accepts must keep
 * every promise of a booking).
 */
function bodyShapes(): fc.Arbitrary<Shape> {
  const way = fc.oneof(
    { weight: 3, arbitrary: fc.constant('present' as const) },
    fc.constant('absent' as const),
    fc.constant('null' as const),
  );
  return fc.record({ notes: way, bookingDate: way, bookingTime: way });
}

/** Removes what a run may have booked: certificates side by side, a certificate's two identifiers one after the other.
 * */
async function cleanUp(r: Real): Promise<void> {
  await Promise.all(
    [...r.maybeBooked].map(async (i) => {
      await r.api.removeBooking(r.certs[i]!.reference, { label: 'remove (run cleanup)' });
      if (r.legacyUsed.has(i))
        await r.api.removeBooking(r.certs[i]!.legacyNumber!, { label: 'remove by legacy number (run cleanup)' });
    }),
  );
}

/**
 * What a run's commands depend on in each slot's certificate: its venue when a command acts as the
 * venue-limited user there, its legacy number when a command goes by legacy number. (fast-check
 * wraps each command, keeping it as `cmd`; an unknown one is taken to depend on everything.)
 */
function needsOf(cmds: Iterable<Cmd>, slots: number): SlotNeed[] {
  const needs = Array.from({ length: slots }, () => ({ venue: false, legacy: false }));
  for (const wrapped of cmds) {
    const cmd = ((wrapped as { cmd?: unknown }).cmd ?? wrapped) as Partial<Pick<Get, 'slot' | 'via' | 'as'>>;
    if (typeof cmd.slot !== 'number' || !needs[cmd.slot]) return needs.map(() => ({ ...EVERY_NEED }));
    if (cmd.as === 'limitedVenue') needs[cmd.slot]!.venue = true;
    if (cmd.via === 'legacy') needs[cmd.slot]!.legacy = true;
  }
  return needs;
}

/** Candidates in the order slots are filled: one inside and one outside the venue-limited user's venues first. */
function slotOrder(candidates: PoolCertificate[], env: ResolvedEnvironment): PoolCertificate[] {
  const venues = env.credentials.limitedVenue?.venues ?? [];
  const spread = [
    candidates.find((c) => venues.includes(c.venue)),
    candidates.find((c) => !venues.includes(c.venue)),
    ...candidates,
  ].filter((c): c is PoolCertificate => c !== undefined);
  return [...new Map(spread.map((c) => [c.reference, c])).values()];
}

test.describe('Property: the booking state machine', () => {
  test(
    ...clauseTest(
      `follows the model through any sequence of get, book, book again and remove, by either identifier and ` +
        `as every configured API user, ${seedLabel(settings)}`,
      touches(
        'PV-3-CREATE',
        'PV-3-CONFLICT',
        'PV-3-REMOVE',
        'PV-2.2-LEGACY-BOOKING',
        'PV-2.3-ROUNDTRIP',
        'PV-1-VENUE',
        'PV-1-PERMISSION',
        'PV-3-REMOVE-UNBOOKED',
        'PV-4-NO-5XX',
      ),
      needs('writes'),
    ),
    async ({ api, pool, environment, exchanges }) => {
      test.setTimeout(testTimeoutFor(settings));
      const sideBySide = laneCount(settings, api.pacer);
      const drawn = new Map<string, PoolCertificate>();
      for (let i = 0; i < CANDIDATES + SLOTS * (sideBySide - 1); i++) {
        const c = pool.bookable();
        if (c) drawn.set(c.reference, c);
      }
      if (drawn.size === 0) notTested(thinSlice(`writable certificate left for this test on ${environment.name}`));
      const candidates = slotOrder([...drawn.values()], environment);
      const slots = Math.min(SLOTS, candidates.length);
      const recorder = new FailingRunRecorder(exchanges);
      const notes = new OnceNotes();
      /** Every distinctive value sent in this test, to recognise a certificate an earlier run could not clean. */
      const everSent = new Set<string>();
      const venues = environment.credentials.limitedVenue?.venues;
      const insideLimited = (c: PoolCertificate) => venues?.includes(c.venue) ?? false;

      /** Which of `values` a read by reference or by legacy number still shows (the two reads side by side). */
      const tracesOf = async (c: PoolCertificate, values: string[]) => {
        const ids = c.legacyNumber ? [c.reference, c.legacyNumber] : [c.reference];
        const infos = await Promise.all(
          ids.map(async (id) => ({
            id,
            info: bookingInfoOf(await api.getCertificate(id, { label: `check ${id} for leftovers` })),
          })),
        );
        return infos.flatMap(({ id, info }) =>
          values.filter((v) => containsValue(info, v)).map((v) => `${id} shows ${v}`),
        );
      };
      // Runs start from certificates that carry nothing of an earlier run (a failed removal leaves traces).
      const certificates = new SlotCertificates({
        candidates,
        slots,
        shapeOf: (c) => ({ inside: insideLimited(c), legacy: c.legacyNumber !== undefined }),
        carriesNothing: async (c) => everSent.size === 0 || (await tracesOf(c, [...everSent])).length === 0,
      });
      const lanes = Array.from({ length: Math.min(sideBySide, certificates.capacity) }, (_, i) => i);

      const slot = fc.nat({ max: slots - 1 });
      const via = fc.constantFrom<Via>(...WAYS.id);
      const as = fc.constantFrom<Actor>(...actorsOf(environment));
      const commands = fc.commands(
        [
          fc.tuple(slot, via, as).map(([s, v, a]) => new Get(s, v, a)),
          fc.tuple(slot, via, as, bodyShapes()).map(([s, v, a, f]) => new Book(s, v, a, f)),
          fc.tuple(slot, via).map(([s, v]) => new Book(s, v, 'primary', COMPLETE)),
          slot.map((s) => new BookAgain(s)),
          fc.tuple(slot, via, as).map(([s, v, a]) => new Remove(s, v, a)),
        ],
        {
          maxCommands: settings.profile === 'nightly' ? 30 : 12,
          ...(settings.replayPath ? { replayPath: settings.replayPath } : {}),
        },
      );

      const run = async (cmds: Iterable<Cmd>, _lane: number, { alone }: ExampleRun) => {
        const certs = await certificates.take(needsOf(cmds, slots), alone);
        if (certs.length < slots) {
          certificates.release(certs, false);
          // Not enough clean certificates left (only after a failure): skip the run rather than blame the next
          // sequence.
          fc.pre(false);
        }
        const real: Real = {
          api,
          certs,
          maybeBooked: new Set(),
          legacyUsed: new Set(),
          notes,
          rules: environment.booking,
        };
        const model = new BookingModel(
          certs.map((c) => ({ hasLegacy: c.legacyNumber !== undefined, insideLimitedVenues: insideLimited(c) })),
        );
        let ended = false;
        try {
          try {
            await fc.asyncModelRun(() => ({ model, real }), cmds);
          } finally {
            for (const s of model.slots)
              for (const { body } of s.fates.values())
                for (const f of DISTINCTIVE) if (typeof body[f] === 'string') everSent.add(body[f] as string);
            await cleanUp(real);
          }
          // The run's own removals must leave no trace, or the next run would start from a booked certificate.
          const traces = await Promise.all(
            model.slots.map((s, i) => {
              const values = [...s.fates.values()].flatMap(({ body }) =>
                DISTINCTIVE.map((f) => body[f]).filter((v): v is string => typeof v === 'string'),
              );
              return values.length === 0 ? Promise.resolve([]) : tracesOf(certs[i]!, values);
            }),
          );
          for (const [i, found] of traces.entries())
            expect(
              found,
              because(
                'PV-3-REMOVE',
                `after removing every booking of the run, ${certs[i]!.reference} still shows them`,
              ),
            ).toEqual([]);
          ended = true;
        } finally {
          certificates.release(certs, ended);
        }
      };
      await checkProperty(commands, run, {
        settings,
        numRuns: numRunsFor(settings, { quick: 30, nightly: 500 }),
        recorder,
        lanes,
      });
      if (certificates.unusable.size > 0)
        test.info().annotations.push({
          type: 'cleanup-failed',
          description: `earlier runs left traces on ${[...certificates.unusable].join(', ')}`,
        });
    },
  );
});
