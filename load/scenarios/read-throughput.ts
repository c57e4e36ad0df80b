/**
 * Read throughput: an open-model (arrival-rate) stream of GETs of pool certificates, alternating
 * reference and legacy number, each checked for status and body shape.
 */
import { check } from 'k6';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import { certificateUrl, identifier, params, type IdKind } from '../lib/api.ts';
import { fetchToken, TokenKeeper, type HeldToken } from '../lib/auth.ts';
import { loadConfig, primaryCredential } from '../lib/config.ts';
import { planFor } from '../lib/profiles.ts';
import { certificateViolation } from '../lib/shapes.ts';
import { summaryOutputs, type SummaryData } from '../lib/summary.ts';

const cfg = loadConfig();
const plan = planFor('read-throughput', cfg.profile, cfg);
const readDuration = new Trend('read_duration', true);
const serverErrors = new Counter('server_errors');

export const options = {
  scenarios: plan.scenarios,
  setupTimeout: '30s',
  // No response bodies are kept beyond the check, but bodies must be read to check their shape.
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    read_duration: [`p(95)<${plan.p95Ms}`, `p(99)<${plan.p99Ms}`],
    'read_duration{id_kind:reference}': [`p(95)<${plan.p95Ms}`],
    'read_duration{id_kind:legacy}': [`p(95)<${plan.p95Ms}`],
    server_errors: ['count==0'],
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

let keeper: TokenKeeper | undefined;
let counter = 0;

export function reads(data: SetupData): void {
  keeper ??= new TokenKeeper(cfg.authUrl, primaryCredential(), data.token);
  serverErrors.add(0);
  counter += 1;
  const cert = cfg.pool[Math.floor(Math.random() * cfg.pool.length)]!;
  const wanted: IdKind = counter % 2 === 0 && cert.legacyNumber ? 'legacy' : 'reference';
  const { id, kind } = identifier(cert, wanted);
  const res = http.get(certificateUrl(cfg.baseUrl, id), params(keeper.bearer(), 'read', kind));
  readDuration.add(res.timings.duration, { id_kind: kind });
  if (res.status >= 500 || res.status === 0) serverErrors.add(1);
  const violation = res.status === 200 ? certificateViolation(res, cert.reference, kind === 'legacy' ? cert.legacyNumber : undefined) : `HTTP ${res.status}`;
  check(res, {
    'status 200': (r) => r.status === 200,
    [`body is the certificate (${kind})`]: () => violation === undefined,
  });
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryOutputs(data, cfg);
}
