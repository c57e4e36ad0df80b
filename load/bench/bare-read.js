// The bare k6 script load:bench compares our read-throughput scenario with: the same GET as every
// other generator, nothing else (no checks, no tags, no token refresh). Plain JavaScript, run by
// k6 as is. The runner passes the URL, token, VUs and duration in the environment (never on a
// command line) and reads the summary it writes to BENCH_SUMMARY.
import http from 'k6/http';

const params = { headers: { Authorization: `Bearer ${__ENV.BENCH_TOKEN}`, Accept: 'application/json' } };

export const options = {
  scenarios: { bare: { executor: 'constant-vus', vus: Number(__ENV.BENCH_VUS), duration: __ENV.BENCH_DURATION, gracefulStop: '0s' } },
  summaryTrendStats: ['avg', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

export default function () {
  http.get(__ENV.BENCH_URL, params);
}

export function handleSummary(data) {
  const d = data.metrics.http_req_duration.values;
  const summary = { requests: data.metrics.http_reqs.values.count, failed: data.metrics.http_req_failed.values.rate, p95: d['p(95)'], p99: d['p(99)'] };
  return { [__ENV.BENCH_SUMMARY]: JSON.stringify(summary) };
}
