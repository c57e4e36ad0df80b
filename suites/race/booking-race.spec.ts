import type { TestInfo } from '@playwright/test';
import { expect, test } from '../../fixtures/harness/test.ts';
import type { PartnerApi } from '../../fixtures/harness/api/partner-api.ts';
import type { PoolCertificate } from '../../fixtures/harness/environment.ts';
import type { ResolvedEnvironment } from '../../fixtures/harness/environment.ts';
import { apiRaceTarget } from '../../fixtures/harness/race/targets.ts';
import { raceReplayScript, TRIAL_FILE, trialRecord } from '../../fixtures/harness/race/replay.ts';
import { replayTargetOf } from '../../fixtures/harness/http/reproducer.ts';
import { validBooking, type CertificatePool } from '../../fixtures/harness/pool/pool.ts';
import { is2xx } from '../../fixtures/harness/properties/responses.ts';
import {
  askedRaceRequests,
  probeUnbookedRemove,
  RaceSetupError,
  requestsPerTrial,
  startsBooked,
  trialsSideBySide,
  type RaceScenario,
  type TrialReport,
} from '../../fixtures/harness/race/trial.ts';
import { runTrial } from '../../fixtures/harness/race/run-trial.ts';
import { targetIsFar } from '../../fixtures/harness/run/distance.ts';
import { ms, summarise } from '../../fixtures/harness/race/trial-summary.ts';
import {
  because,
  clauseTest,
  covers,
  inconclusive,
  legacyNumberOf,
  needs,
  observe,
} from '../../fixtures/harness/verdicts.ts';

/** Trials per test (PVH_RACE_TRIALS) and requests per trial (PVH_RACE_REQUESTS, capped by the environment's race and
 * certify settings). */
const TRIALS = Number(process.env.PVH_RACE_TRIALS ?? 10);
const REQUESTS = askedRaceRequests();
/**
 * Trials run in place of ones that could not be judged (requests cut off unanswered by a server
 * closing its connections): such a trial shows nothing either way.
 */
const SPARE_TRIALS = 3;
/**
 * Trials run again after a rate limit refused nearly all their requests: the worker waits out the
 * Retry-After (the bucket has refilled) and has slowed its pace, so the next trial fits.
 */
const RATE_LIMITED_RERUNS = TRIALS;

interface RaceFixtures {
  api: PartnerApi;
  bookable: PoolCertificate;
  environment: ResolvedEnvironment;
  pool: CertificatePool;
}

const raceCertificate = (c: PoolCertificate) => ({
  reference: c.reference,
  ...(c.legacyNumber ? { legacyNumber: c.legacyNumber } : {}),
});

async function raceTrials(
  scenario: RaceScenario,
  { api, bookable, environment, pool }: RaceFixtures,
  testInfo: TestInfo,
): Promise<void> {
  // At a distance two trials at once, each on a certificate of its own and as strong as alone.
  const side = trialsSideBySide(targetIsFar(), REQUESTS, environment.raceMaxConcurrency, api.pacer);
  const certs = (side > 1 ? pool.spread(side, bookable) : [bookable]).filter(
    (c) => c === bookable || scenario !== 'book-both-identifiers' || c.legacyNumber !== undefined,
  );
  if (scenario === 'book-both-identifiers')
    for (const cert of certs) {
      // Racing through two identifiers means nothing when one of them names another certificate: a
      // broken legacy lookup is PV-2.2-LEGACY's failure, not a race result.
      const byLegacy = await api.getCertificate(legacyNumberOf(cert), {
        label: 'the legacy number names this certificate (precondition)',
      });
      expect(
        byLegacy.json<{ certificateReferenceNumber?: unknown }>()?.certificateReferenceNumber,
        because(
          'PV-2.2-LEGACY',
          `precondition of the race: legacy number ${cert.legacyNumber} resolves to ${cert.reference}, ` +
            `got HTTP ${byLegacy.status} ${byLegacy.text.slice(0, 160)}`,
        ),
      ).toBe(cert.reference);
    }
  const target = apiRaceTarget(api);
  // The certificate is unbooked now: learn this target's "nothing to remove" answer first.
  const unbookedRemoveStatus = await probeUnbookedRemove(target, bookable.reference);
  if (scenario.includes('remove'))
    observe('PV-3-REMOVE-UNBOOKED', `removing the booking of an unbooked certificate answered ${unbookedRemoveStatus}`);

  // Trials in order of their number, each with the certificate it ran on.
  const trials: Array<{ r: TrialReport; cert: PoolCertificate }> = [];
  let next = 0;
  let spares = 0;
  let reruns = 0;
  let broken = false;
  const lane = async (cert: PoolCertificate) => {
    const certificate = raceCertificate(cert);
    while (!broken && next < TRIALS + spares + reruns) {
      const i = next++;
      // Each trial within the pace as it is now: a 429 may have slowed it.
      const n = requestsPerTrial(REQUESTS, environment.raceMaxConcurrency, api.pacer);
      const report = await runTrial(target, {
        scenario,
        certificate,
        n,
        unbookedRemoveStatus,
        timeoutMs: environment.requestTimeoutMs,
      }).catch((error: unknown) => {
        broken = true;
        if (!(error instanceof RaceSetupError)) throw error;
        // The certificate is unbooked here (from the pool, or after the last trial's removal).
        expect(
          error.status,
          because(
            'PV-3-CREATE',
            `trial ${i + 1} starts by booking ${error.id}, which is unbooked, and that booking must succeed; ` +
              `got HTTP ${error.status}`,
          ),
        ).toBeLessThan(300);
        throw error;
      });
      trials[i] = { r: report, cert };
      if (report.verdict.ok && report.verdict.rateLimited && reruns < RATE_LIMITED_RERUNS) reruns += 1;
      else if (report.verdict.ok && report.verdict.incomplete && spares < SPARE_TRIALS) spares += 1;
      // The racing requests bypass the API fixture, whose booking ledger sees only a trial's setup and
      // the removal ending it: when anything was booked, the certificate was booked, then removed, by us.
      if (
        startsBooked(scenario) ||
        report.outcomes.some((o) => o.kind === 'book' && o.status !== null && is2xx(o.status))
      ) {
        pool.ledger.removedAfterUntrackedBooking(cert.reference, 'the removal that ends a race trial');
      }
      await testInfo.attach(`race-trial-${i + 1}.json`, {
        contentType: 'application/json',
        body: JSON.stringify(
          {
            scenario,
            certificate: cert.reference,
            ok: report.verdict.ok,
            distribution: report.verdict.histogram,
            violations: report.verdict.violations,
            clientReleaseSpread: ms(report.releaseSpreadNs),
            serverArrivalSpread: report.serverSpreadNs === undefined ? 'not reported' : ms(report.serverSpreadNs),
            synchronised: report.synchronised,
            outcomes: report.outcomes,
          },
          null,
          2,
        ),
      });
    }
  };
  // A failed lane (broken) stops the other's next trial, not the one it is in: that trial's removal must run.
  const ran = await Promise.allSettled(certs.map(lane));
  const broke = ran.find((r) => r.status === 'rejected');
  if (broke) throw broke.reason;
  const reports = trials.map((t) => t.r);
  testInfo.annotations.push({ type: 'race-summary', description: summarise(reports) });

  const failed = trials.map(({ r, cert }, i) => ({ r, i, cert })).filter(({ r }) => !r.verdict.ok);
  const first = failed[0];
  if (first) {
    // The evidence of a race is the trial that broke and a concurrent replay of it, not the setup requests one after
    // another.
    const about = `trial ${first.i + 1} of ${reports.length} of "${testInfo.title.replace(/\s*\([^)]*\)$/, '')}"`;
    await testInfo.attach(TRIAL_FILE, {
      contentType: 'application/json',
      body: JSON.stringify(trialRecord(first.r, raceCertificate(first.cert), environment.baseUrl, about), null, 2),
    });
    await testInfo.attach('reproduce.sh', {
      contentType: 'text/plain',
      body: raceReplayScript(replayTargetOf(environment), about),
    });
  }
  // Every booking of a trial refused as already booked, none winning: contention, or a target that
  // refuses even a lone booking? The second is PV-3-CREATE (the ledger's PV-3-REMOVE after our own
  // removal), not a race.
  const refused = startsBooked(scenario)
    ? undefined
    : failed.find(({ r }) => r.outcomes.every((o) => o.kind === 'book' && o.status === 409));
  if (refused) {
    const lone = await api.book(refused.cert.reference, validBooking(), {
      label: 'a lone booking after the race trials',
    });
    expect(
      lone.status,
      because(
        'PV-3-CREATE',
        `in a trial every synchronised booking of ${refused.cert.reference}, a pool certificate no one else ` +
          (`books, was refused as already booked with none winning, and a lone booking now is refused too ` +
            `(HTTP ${lone.status} `) +
          `${lone.text.slice(0, 120)}): the target refuses to book it at all, so atomicity cannot be judged`,
      ),
    ).toBeLessThan(300);
  }
  // More than one booking won: a race, or a target that lets a second booking through even one
  // after the other on that route? The second is PV-3-CONFLICT, not a race result.
  const winners = (r: TrialReport) =>
    r.outcomes.filter((o) => o.kind === 'book' && o.status !== null && is2xx(o.status));
  const doubled = startsBooked(scenario) ? undefined : failed.find(({ r }) => winners(r).length > 1)?.cert;
  if (doubled) {
    const made = await api.book(doubled.reference, validBooking(), {
      label: 'a booking one at a time after the race trials',
    });
    expect(
      made.status,
      because(
        'PV-3-CREATE',
        `after the race trials a lone booking of ${doubled.reference} succeeds, ` +
          `got HTTP ${made.status} ${made.text.slice(0, 120)}`,
      ),
    ).toBeLessThan(300);
    const on = failed.filter(({ cert }) => cert === doubled);
    for (const via of new Set(on.flatMap(({ r }) => winners(r).map((o) => o.via ?? 'reference')))) {
      const id = via === 'legacy' ? legacyNumberOf(doubled) : doubled.reference;
      const again = await api.book(id, validBooking(), {
        label: `a second booking by ${via === 'legacy' ? 'legacy number' : 'reference'}, one at a time`,
      });
      expect(
        again.status,
        because(
          'PV-3-CONFLICT',
          `a trial had ${Math.max(...on.map(({ r }) => winners(r).length))} winners, and a second booking ` +
            `of ${doubled.reference} by ${via === 'legacy' ? `legacy number ${id}` : 'reference'}, sent alone ` +
            `after the first, is not refused either (HTTP ${again.status}): the target does not refuse second ` +
            `bookings on that route, race or not`,
        ),
      ).toBe(409);
    }
  }
  const detail = first
    ? `; trial ${first.i + 1}: ${first.r.verdict.histogram}: ${first.r.verdict.violations.join('; ')}`
    : '';
  const unjudged = reports.filter((r) => r.verdict.ok && r.verdict.incomplete);
  if (failed.length === 0 && reports.length - unjudged.length < TRIALS)
    inconclusive(
      `${unjudged.length}/${reports.length} race trials could not be judged: ${unjudged[0]!.verdict.incomplete}`,
    );
  const sizes = [...new Set(reports.map((r) => r.n))].sort((a, b) => a - b);
  const sizeRange = sizes.length > 1 ? `${sizes[0]} to ${sizes.at(-1)}` : sizes[0];
  expect(
    failed.length,
    because(
      'PV-3-ATOMIC',
      `${failed.length}/${reports.length} trials of ${sizeRange} synchronised requests broke atomicity${detail}`,
    ),
  ).toBe(0);
  // A losing 409 that is not the ItemAlreadyBooked problem breaks the conflict body, not atomicity.
  const bodyIssues = [...new Set(reports.flatMap((r) => r.verdict.bodyIssues))];
  expect(
    bodyIssues,
    because('PV-7-CONFLICT-BODY', `the bookings that lost a race are the 409 ItemAlreadyBooked problem`),
  ).toEqual([]);
}

test.describe('Booking race: synchronised concurrent requests on one certificate', () => {
  test(
    ...clauseTest(
      'concurrent bookings of one certificate yield exactly one winner and 409 ItemAlreadyBooked for the rest',
      covers('PV-3-ATOMIC'),
    ),
    async ({ api, bookable, environment, pool }, testInfo) => {
      await raceTrials('book', { api, bookable, environment, pool }, testInfo);
    },
  );

  test(
    ...clauseTest(
      'concurrent bookings through the reference and the legacy number yield exactly one winner',
      covers('PV-3-ATOMIC'),
      needs('writableLegacyNumber'),
    ),
    async ({ api, bookable, environment, pool }, testInfo) => {
      await raceTrials('book-both-identifiers', { api, bookable, environment, pool }, testInfo);
    },
  );

  test(
    ...clauseTest(
      'bookings racing removals of a booked certificate end in a state some serial order explains',
      covers('PV-3-ATOMIC'),
    ),
    async ({ api, bookable, environment, pool }, testInfo) => {
      await raceTrials('book-vs-remove', { api, bookable, environment, pool }, testInfo);
    },
  );

  test(
    ...clauseTest(
      'concurrent removals of one booking remove it exactly once and leave the certificate unbooked',
      covers('PV-3-ATOMIC'),
    ),
    async ({ api, bookable, environment, pool }, testInfo) => {
      await raceTrials('remove-vs-remove', { api, bookable, environment, pool }, testInfo);
    },
  );
});
