import fc from 'fast-check';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { carriesCertificate } from '../../fixtures/contract/certificate-body.ts';
import type { PoolCertificate } from '../../fixtures/harness/environment.ts';
import type { Cmd, CommandChecks, Real } from '../../fixtures/harness/properties/booking-commands.ts';
import { BookingModel, DISTINCTIVE, refusalClause } from '../../fixtures/harness/properties/booking-model.ts';
import { bookingCommands, cleanUp, needsOf, slotOrder } from '../../fixtures/harness/properties/booking-sequences.ts';
import { OnceNotes } from '../../fixtures/harness/properties/notes.ts';
import { FailingRunRecorder } from '../../fixtures/harness/properties/recorder.ts';
import { bookingInfoOf, describe, is2xx, is4xx } from '../../fixtures/harness/properties/responses.ts';
import { checkProperty, laneCount, type ExampleRun } from '../../fixtures/harness/properties/runner.ts';
import { SlotCertificates } from '../../fixtures/harness/properties/slot-certificates.ts';
import { numRunsFor, propertySettings, seedLabel, testTimeoutFor } from '../../fixtures/harness/properties/settings.ts';
import { exampleExpect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, needs, notTested, touches } from '../../fixtures/harness/verdicts.ts';
import { thinSlice } from '../../fixtures/contract/needs.ts';

const settings = propertySettings();
const SLOTS = 2;
/** Pool certificates drawn per test: spares replace certificates a failing run could not clean. */
const CANDIDATES = 8;

/** Each command's answer against the model's prediction (fixtures/harness/properties/booking-commands.ts). */
const checks: CommandChecks = {
  get(cmd, m, res) {
    if (m.predictGet(cmd.slot, cmd.as) === 'refused') {
      exampleExpect(
        is4xx(res.status),
        because('PV-1-VENUE', `${cmd} is refused with a 4xx, got ${describe(res)}`),
      ).toBe(true);
      exampleExpect(
        carriesCertificate(res.json()),
        because('PV-1-VENUE', `${cmd}: the refusal carries no certificate`),
      ).toBe(false);
      return;
    }
    exampleExpect(
      res.status,
      because(
        cmd.as === 'limitedVenue' ? 'PV-1-VENUE' : cmd.via === 'legacy' ? 'PV-2.2-LEGACY-BOOKING' : 'PV-4.2-GET',
        `${cmd} answers 200, got ${describe(res)}`,
      ),
    ).toBe(200);
    const info = bookingInfoOf(res);
    const view = m.expectedView(cmd.slot, cmd.via);
    // A refused or removed booking's value first: when it shows, it is why the current one's do not.
    for (const h of view.hidden)
      exampleExpect(
        containsValue(info, h.value),
        because(
          h.clause,
          `${cmd} shows nothing of the ${h.clause === 'PV-3-REMOVE' ? 'removed' : 'refused'} booking, but ` +
            `its ${h.field} ${JSON.stringify(h.value)} is there`,
        ),
      ).toBe(false);
    for (const s of view.shows)
      exampleExpect(
        containsValue(info, s.value),
        because(s.clause, `${cmd} shows the ${s.field} ${JSON.stringify(s.value)} of the current booking`),
      ).toBe(true);
  },
  book(cmd, predicted, res, via, as) {
    if (predicted === 'refused') {
      exampleExpect(
        is4xx(res.status),
        because(refusalClause(as), `${cmd} is refused with a 4xx, got ${describe(res)}`),
      ).toBe(true);
    } else if (predicted === 'created') {
      // A venue-limited user refused inside its own venues breaks the venue rule, not booking itself.
      const clause = as === 'limitedVenue' ? 'PV-1-VENUE' : via === 'legacy' ? 'PV-2.2-LEGACY-BOOKING' : 'PV-3-CREATE';
      exampleExpect(
        is2xx(res.status),
        because(clause, `${cmd} on an unbooked certificate succeeds, got ${describe(res)}`),
      ).toBe(true);
    } else {
      // A second booking answered 2xx breaks the conflict rule on that way in (booking-conflict{id}),
      // whichever identifier the first booking used.
      exampleExpect(
        res.status,
        because('PV-3-CONFLICT', `${cmd} on a booked certificate is 409 ItemAlreadyBooked, got ${describe(res)}`),
      ).toBe(409);
      const type = String(res.json<Record<string, unknown>>()?.type ?? '');
      exampleExpect(type, because('PV-3-CONFLICT', `${cmd}: the 409 names the error ItemAlreadyBooked`)).toMatch(
        /ItemAlreadyBooked$/,
      );
    }
  },
  remove(cmd, predicted, res) {
    if (predicted === 'refused') {
      exampleExpect(
        is4xx(res.status),
        because(refusalClause(cmd.as), `${cmd} is refused with a 4xx, got ${describe(res)}`),
      ).toBe(true);
    } else if (predicted === 'removed') {
      exampleExpect(
        is2xx(res.status),
        because(
          cmd.as === 'limitedVenue' ? 'PV-1-VENUE' : 'PV-3-REMOVE',
          `${cmd} of a booked certificate succeeds, got ${describe(res)}`,
        ),
      ).toBe(true);
    } else {
      // Spec-silent ("not shown"): a 2xx, or any 4xx (404, 409, a framework's 400, ...); only a 5xx breaks a MUST.
      exampleExpect(
        res.status,
        because(
          'PV-4-NO-5XX',
          `${cmd} of an unbooked certificate is a client mistake at worst, never a 5xx, got ${describe(res)}`,
        ),
      ).toBeLessThan(500);
    }
  },
};

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
      const commands = bookingCommands(slots, environment, settings);

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
          checks,
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
            exampleExpect(
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
