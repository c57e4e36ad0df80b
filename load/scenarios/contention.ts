/**
 * Booking contention (PV-3-ATOMIC under load): many VUs race to book a small pool of writable
 * certificates, each iteration firing two bookings of one certificate at once (one by reference,
 * one by legacy number), then reading back and removing its own booking. A correct service gives
 * exactly one winner per booked period; double_bookings counts every sign of a second one.
 */
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import http, { type RefinedResponse, type ResponseType } from 'k6/http';
import { Counter } from 'k6/metrics';
import { containsValue } from '../../fixtures/contract/json-walk.ts';
import { bookingUrl, certificateUrl, identifier, params, ParamsCache, SYSTEM_TAGS, type IdKind } from '../lib/api.ts';
import { fetchToken, TokenKeeper, type HeldToken } from '../lib/auth.ts';
import { loadConfig, primaryCredential, networkOptions } from '../lib/k6-config.ts';
import { bookingReference, loadReferencePrefix, validBooking } from '../lib/payloads.ts';
import { planFor } from '../lib/profiles.ts';
import { containsPrefix, isNamedProblem, jsonBody, problemViolation } from '../lib/shapes.ts';
import { summaryOutputs, type SummaryData } from '../lib/summary.ts';

const cfg = loadConfig();
const plan = planFor('contention', cfg.profile, cfg);
const certificates = cfg.writable.slice(0, plan.contentionPoolSize);
/** One 409 in this many (each VU's first among them) gets the full problem-shape check. */
const SHAPE_SAMPLE = 25;

const bookingsWon = new Counter('bookings_won');
const bookingConflicts = new Counter('booking_conflicts');
const unexpectedStatus = new Counter('unexpected_status');
const doubleBookings = new Counter('double_bookings');
const lostRemovals = new Counter('lost_removals');
const serverErrors = new Counter('server_errors');
const leftoverBookings = new Counter('teardown_removed');
const wrongConflicts = new Counter('wrong_conflicts');

// 409 is an expected answer here, not a failed request.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 409));

export const options = {
  ...networkOptions(),
  scenarios: plan.scenarios,
  setupTimeout: '30s',
  teardownTimeout: '60s',
  systemTags: SYSTEM_TAGS,
  thresholds: {
    double_bookings: ['count==0'],
    lost_removals: ['count==0'],
    unexpected_status: ['count==0'],
    server_errors: ['count==0'],
    wrong_conflicts: ['count==0'],
    bookings_won: ['count>0'],
    checks: ['rate==1'],
    // k6's own request durations per operation (no Trend of ours: one sample less per request).
    'http_req_duration{op:book}': [`p(95)<${plan.p95Ms}`],
    'http_req_duration{op:readback}': [`p(95)<${plan.p95Ms}`],
    'http_req_duration{op:remove}': [`p(95)<${plan.p95Ms}`],
    'http_reqs{scenario:contend}': ['count>0'],
  },
  summaryTrendStats: ['count', 'avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'],
};

interface SetupData {
  token: HeldToken;
}

export function setup(): SetupData {
  if (certificates.length === 0)
    throw new Error(
      `environment ${cfg.environment} has no writable certificates: contention needs writes.allowed and ` +
        `bookable pool certificates.`,
    );
  return { token: fetchToken(cfg.authUrl, primaryCredential()) };
}

let keeper: TokenKeeper | undefined;
const paramsCache = new ParamsCache();
let conflicts = 0;

type Res = RefinedResponse<ResponseType | undefined>;

/** Counts 5xx (and transport failures, status 0) and any status outside what `ok` allows. */
function classify(res: Res, op: string, ok: (s: number) => boolean): void {
  if (res.status >= 500 || res.status === 0) serverErrors.add(1, { op });
  if (!ok(res.status)) unexpectedStatus.add(1, { op, status: String(res.status) });
}

const is2xx = (s: number) => s >= 200 && s < 300;

export function contend(data: SetupData): void {
  const started = Date.now();
  if (!keeper) {
    keeper = new TokenKeeper(cfg.authUrl, primaryCredential(), data.token);
    // One zero per VU, so every counter's threshold is evaluated even when nothing goes wrong.
    for (const c of [
      bookingsWon,
      bookingConflicts,
      unexpectedStatus,
      doubleBookings,
      lostRemovals,
      serverErrors,
      wrongConflicts,
    ])
      c.add(0);
  }
  const token = keeper.bearer();

  const cert = certificates[Math.floor(Math.random() * certificates.length)]!;
  const vu = exec.vu.idInTest;
  const iter = exec.vu.iterationInScenario;
  const racers: Array<{ kind: IdKind; id: string; ref: string }> = (['reference', 'legacy'] as const).map((k) => {
    const ident = identifier(cert, k);
    return { ...ident, ref: bookingReference(cfg.runId, vu, iter, k === 'reference' ? 'r' : 'l') };
  });

  // Both bookings leave together (http.batch runs them in parallel on two connections).
  const responses = http.batch(
    racers.map((r) => ({
      method: 'POST',
      url: bookingUrl(cfg.baseUrl, r.id),
      body: JSON.stringify(validBooking(r.ref)),
      params: paramsCache.get(token, 'book', r.kind, true),
    })),
  );
  const winners: typeof racers = [];
  responses.forEach((res, i) => {
    classify(res, 'book', (s) => is2xx(s) || s === 409);
    if (is2xx(res.status)) winners.push(racers[i]!);
    if (res.status === 409) {
      bookingConflicts.add(1);
      // Every 409 must name ItemAlreadyBooked; the whole problem shape is checked on a sample.
      if (conflicts++ % SHAPE_SAMPLE === 0) {
        const violation = problemViolation(res, 'ItemAlreadyBooked');
        if (
          !check(res, {
            [`409 is an ItemAlreadyBooked problem (1 in ${SHAPE_SAMPLE} conflicts)`]: () => violation === undefined,
          })
        )
          wrongConflicts.add(1);
      } else if (!isNamedProblem(res, 'ItemAlreadyBooked')) {
        wrongConflicts.add(1);
      }
    }
  });
  bookingsWon.add(winners.length);

  if (winners.length > 1) {
    // Two 2xx for one certificate at once: the second booked something already booked.
    doubleBookings.add(winners.length - 1, { evidence: 'two-winners' });
  } else if (winners.length === 1) {
    const w = winners[0]!;
    const back = http.get(certificateUrl(cfg.baseUrl, cert.reference), paramsCache.get(token, 'readback', 'reference'));
    classify(back, 'readback', (s) => s === 200);
    const info = jsonBody(back)?.bookingInfo;
    // The winner's bookingReference must be what the certificate now holds (field names not shown).
    if (back.status === 200 && !containsValue(info, w.ref)) doubleBookings.add(1, { evidence: 'readback' });
  }

  if (winners.length > 0) {
    const w = winners[0]!;
    // A removal lost to a 5xx would leave the certificate booked for the rest of the run, so
    // cleanup tries up to 3 times (each 5xx still counts in server_errors; this is not a check's retry).
    let del = http.del(bookingUrl(cfg.baseUrl, w.id), null, paramsCache.get(token, 'remove', w.kind));
    for (let attempt = 1; ; attempt += 1) {
      classify(del, 'remove', is2xx);
      if ((del.status !== 0 && del.status < 500) || attempt === 3) break;
      del = http.del(bookingUrl(cfg.baseUrl, w.id), null, paramsCache.get(token, 'remove', w.kind));
    }
    // Nobody else may remove our booking: a failed removal means someone else thought they held it.
    if (!is2xx(del.status)) lostRemovals.add(1, { status: String(del.status) });
  }

  if (plan.pacingMs > 0) {
    const left = plan.pacingMs - (Date.now() - started);
    if (left > 0) sleep(left / 1000); // rate cap (--max-rate), not a synchronisation wait
  }
}

/** Removes every booking this run left behind on the raced certificates (and only those). */
export function teardown(): void {
  const held = fetchToken(cfg.authUrl, primaryCredential());
  const prefix = loadReferencePrefix(cfg.runId);
  for (const cert of certificates) {
    const res = http.get(certificateUrl(cfg.baseUrl, cert.reference), params(held.accessToken, 'cleanup', 'reference'));
    if (res.status === 200 && containsPrefix(jsonBody(res)?.bookingInfo, prefix)) {
      const del = http.del(
        bookingUrl(cfg.baseUrl, cert.reference),
        null,
        params(held.accessToken, 'cleanup', 'reference'),
      );
      leftoverBookings.add(1);
      if (!is2xx(del.status))
        console.error(
          `teardown: could not remove the booking of ${cert.reference} (HTTP ${del.status}); run the janitor.`,
        );
    }
  }
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryOutputs(data, cfg);
}
