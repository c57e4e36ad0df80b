/**
 * Token endpoint under a bounded rate (`issue`), plus, when a short-lived API user is configured,
 * `keeper`: VUs that hold one short-lived token each and refresh it shortly before expiry while
 * reading, so a refresh that comes too late shows up as 401s (auth_failures) under load.
 */
import { check } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import { certificateUrl, params } from '../lib/api.ts';
import { fetchToken, heldTokenFrom, requestToken, TokenKeeper, type HeldToken } from '../lib/auth.ts';
import { loadConfig, primaryCredential, shortLivedCredential, networkOptions } from '../lib/k6-config.ts';
import { planFor } from '../lib/profiles.ts';
import { jsonBody } from '../lib/shapes.ts';
import { summaryOutputs, type SummaryData } from '../lib/summary.ts';

const cfg = loadConfig();
const shortLived = shortLivedCredential();
const plan = planFor('token', cfg.profile, { ...cfg, hasShortLived: !!shortLived });
const tokenDuration = new Trend('token_duration', true);
const authFailures = new Counter('auth_failures');
const keeperRefreshes = new Counter('token_refreshes');
const serverErrors = new Counter('server_errors');

const thresholds: Record<string, string[]> = {
  'http_req_failed{scenario:issue}': ['rate<0.01'],
  'checks{scenario:issue}': ['rate==1'],
  token_duration: [`p(95)<${plan.p95Ms}`, `p(99)<${plan.p99Ms}`],
  server_errors: ['count==0'],
};
if (plan.scenarios.keeper) {
  thresholds.auth_failures = ['count==0'];
  thresholds.token_refresh_failures = ['count==0'];
}

export const options = {
  ...networkOptions(),
  scenarios: plan.scenarios,
  setupTimeout: '30s',
  thresholds,
  summaryTrendStats: ['count', 'avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'],
};

interface SetupData {
  short?: HeldToken;
}

export function setup(): SetupData {
  return shortLived && plan.scenarios.keeper ? { short: fetchToken(cfg.authUrl, shortLived) } : {};
}

export function issue(): void {
  serverErrors.add(0);
  const res = requestToken(cfg.authUrl, primaryCredential());
  tokenDuration.add(res.timings.duration);
  if (res.status >= 500 || res.status === 0) serverErrors.add(1);
  const body = jsonBody(res);
  const cacheControl = String(res.headers['Cache-Control'] ?? '').toLowerCase();
  check(res, {
    'token: status 200': (r) => r.status === 200,
    'token: usable token (access_token, expires_in)': (r) => heldTokenFrom(r) !== undefined,
    'token: token_type bearer': () =>
      typeof body?.token_type === 'string' && body.token_type.toLowerCase() === 'bearer',
    'token: Cache-Control no-store': () => cacheControl.includes('no-store'),
  });
}

let holder: TokenKeeper | undefined;
let seen = 0;

export function keeper_(data: SetupData): void {
  if (!shortLived || !data.short) return;
  authFailures.add(0);
  holder ??= new TokenKeeper(cfg.authUrl, shortLived, data.short);
  const cert = cfg.pool[exec.scenario.iterationInTest % cfg.pool.length]!;
  const res = http.get(certificateUrl(cfg.baseUrl, cert.reference), params(holder.bearer(), 'read', 'reference'));
  if (res.status === 401) authFailures.add(1);
  if (res.status >= 500 || res.status === 0) serverErrors.add(1);
  if (holder.refreshes > seen) {
    keeperRefreshes.add(holder.refreshes - seen);
    seen = holder.refreshes;
  }
}
export { keeper_ as keeper };

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryOutputs(data, cfg);
}
