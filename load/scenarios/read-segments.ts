/**
 * A fixed amount of read work (shared-iterations), for showing that execution segments split it:
 * `npm run load:segments` runs it whole and as two halves ("0:1/2" and "1/2:1") and compares totals.
 */
import { check } from 'k6';
import http from 'k6/http';
import { certificateUrl, params } from '../lib/api.ts';
import { fetchToken, type HeldToken } from '../lib/auth.ts';
import { loadConfig, primaryCredential, networkOptions } from '../lib/k6-config.ts';
import { planFor } from '../lib/profiles.ts';
import { summaryOutputs, type SummaryData } from '../lib/summary.ts';

const cfg = loadConfig();
const plan = planFor('read-segments', cfg.profile, cfg);

export const options = {
  ...networkOptions(),
  scenarios: plan.scenarios,
  thresholds: { checks: ['rate==1'], http_req_failed: ['rate==0'] },
};

export function setup(): { token: HeldToken } {
  return { token: fetchToken(cfg.authUrl, primaryCredential()) };
}

let i = 0;
export function fixed(data: { token: HeldToken }): void {
  const cert = cfg.pool[i++ % cfg.pool.length]!;
  const res = http.get(
    certificateUrl(cfg.baseUrl, cert.reference),
    params(data.token.accessToken, 'read', 'reference'),
  );
  check(res, { 'status 200': (r) => r.status === 200 });
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryOutputs(data, cfg);
}
