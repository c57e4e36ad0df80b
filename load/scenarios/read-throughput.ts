/**
 * Read throughput: GETs of pool certificates, alternating reference and legacy number; open loop
 * (arrival rate, the profiles and --rate) or closed loop (--vus without --rate).
 *
 * Cheap per request, so one machine can drive a real test (load:bench measures it beside a bare
 * k6 script): every response is checked for status 200 (the response callback makes anything else
 * an http_req_failed) and for being the certificate asked for (identityViolation: a substring
 * search, JSON only when that fails); the full certificate shape (check(), in `checks`) only on
 * each VU's first response and every SHAPE_SAMPLE-th after. Latency comes from k6's own
 * http_req_duration (per scenario and per identifier kind, as threshold sub-metrics), counters get
 * a sample only when something is wrong (and one zero per VU), URLs are built once per VU and
 * request params once per token.
 */
import { check } from 'k6';
import http, { type Params } from 'k6/http';
import { Counter } from 'k6/metrics';
import { certificateUrl, params, SYSTEM_TAGS, type IdKind } from '../lib/api.ts';
import { fetchToken, TokenKeeper, type HeldToken } from '../lib/auth.ts';
import { loadConfig, primaryCredential, networkOptions } from '../lib/k6-config.ts';
import { planFor } from '../lib/profiles.ts';
import { certificateViolation, identityNeedles, identityViolation } from '../lib/shapes.ts';
import { summaryOutputs, type SummaryData } from '../lib/summary.ts';

/** One response in this many (each VU's first among them) gets the full shape check; odd, so the sample alternates
 * identifier kinds. */
const SHAPE_SAMPLE = 63;

const cfg = loadConfig();
const plan = planFor('read-throughput', cfg.profile, cfg);
const wrongCertificate = new Counter('wrong_certificate');
const serverErrors = new Counter('server_errors');

// Status 200 is the only right answer to a read: anything else counts in http_req_failed.
http.setResponseCallback(http.expectedStatuses(200));

export const options = {
  ...networkOptions(),
  scenarios: plan.scenarios,
  setupTimeout: '30s',
  systemTags: SYSTEM_TAGS,
  thresholds: {
    'http_req_failed{scenario:reads}': ['rate<0.01'],
    wrong_certificate: ['count==0'],
    server_errors: ['count==0'],
    checks: ['rate==1'],
    'http_req_duration{scenario:reads}': [`p(95)<${plan.p95Ms}`, `p(99)<${plan.p99Ms}`],
    'http_req_duration{id_kind:reference}': [`p(95)<${plan.p95Ms}`],
    'http_req_duration{id_kind:legacy}': [`p(95)<${plan.p95Ms}`],
  },
  summaryTrendStats: ['count', 'avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'],
};

interface SetupData {
  token: HeldToken;
}

export function setup(): SetupData {
  if (cfg.pool.length === 0) throw new Error(`environment ${cfg.environment} has no pool certificates to read.`);
  return { token: fetchToken(cfg.authUrl, primaryCredential()) };
}

interface ReadTarget {
  url: string;
  kind: IdKind;
  reference: string;
  legacyNumber?: string;
  needles: string[];
}

/** Every read, built once per VU (pool certificate x identifier kind, with its identity needles), so an iteration only
 * picks one. */
const targets: ReadTarget[] = cfg.pool.flatMap((cert) => {
  const byReference: ReadTarget = {
    url: certificateUrl(cfg.baseUrl, cert.reference),
    kind: 'reference',
    reference: cert.reference,
    needles: identityNeedles(cert.reference),
  };
  if (!cert.legacyNumber) return [byReference];
  const legacyNumber = cert.legacyNumber;
  return [
    byReference,
    {
      url: certificateUrl(cfg.baseUrl, legacyNumber),
      kind: 'legacy',
      reference: cert.reference,
      legacyNumber,
      needles: identityNeedles(cert.reference, legacyNumber),
    },
  ];
});

let keeper: TokenKeeper | undefined;
let bearer = '';
let paramsByKind: Record<IdKind, Params> | undefined;
/** Each VU walks the targets from its own random start, so reference and legacy reads alternate. */
let n = 0;
let start = 0;

export function reads(data: SetupData): void {
  if (!keeper) {
    keeper = new TokenKeeper(cfg.authUrl, primaryCredential(), data.token);
    start = Math.floor(Math.random() * targets.length);
    // One zero per VU, so the count==0 thresholds are evaluated even when nothing goes wrong.
    wrongCertificate.add(0);
    serverErrors.add(0);
  }
  const token = keeper.bearer();
  if (token !== bearer || !paramsByKind) {
    bearer = token;
    paramsByKind = { reference: params(token, 'read', 'reference'), legacy: params(token, 'read', 'legacy') };
  }
  const t = targets[(start + n) % targets.length]!;
  const res = http.get(t.url, paramsByKind[t.kind]);
  if (res.status !== 200) {
    if (res.status >= 500 || res.status === 0) serverErrors.add(1);
  } else if (identityViolation(res, t.reference, t.legacyNumber, t.needles) !== undefined) {
    wrongCertificate.add(1, { id_kind: t.kind });
  }
  if (n % SHAPE_SAMPLE === 0) {
    const violation =
      res.status === 200 ? certificateViolation(res, t.reference, t.legacyNumber) : `HTTP ${res.status}`;
    check(res, { [`full certificate shape (1 in ${SHAPE_SAMPLE} responses)`]: () => violation === undefined });
  }
  n += 1;
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryOutputs(data, cfg);
}
