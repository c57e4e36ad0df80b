/**
 * A k6 load run in Prometheus. During the run k6 itself sends every metric with its built-in
 * `experimental-prometheus-rw` output (series `k6_*`: k6_http_reqs_total, k6_http_req_duration_p95
 * in seconds, and our counters k6_double_bookings_total, k6_booking_conflicts_total,
 * k6_wrong_certificate_total, ...), each sample tagged with the run's labels below. After it, the
 * runner adds what only the end of the run knows:
 *
 *   pvh_load_threshold_ok{...run labels, metric, expression}   1 held, 0 crossed
 *   pvh_load_p95_threshold_seconds{...run labels}              the p95 bound of the profile's latency thresholds
 *   pvh_load_exit_code{...run labels}                          k6's exit code (0 held, 99 thresholds crossed)
 *   pvh_load_duration_seconds{...run labels}                   how long k6 ran the scenario
 *   pvh_load_run_info{...run labels, harness_version}          1
 *
 * Run labels: environment, load_scenario (ours: contention, read-throughput...; k6 keeps `scenario`
 * for its own executor names), profile, testid (the run ID: the label k6's own Grafana dashboards
 * filter on) and commit.
 */
import type { LoadSummary } from '../../load/lib/summary.ts';
import type { Sample } from './remote-write-codec.ts';
import type { RemoteWriteTarget } from './send.ts';

export interface LoadRunLabels {
  environment: string;
  load_scenario: string;
  profile: string;
  testid: string;
  commit: string;
}

/** Trend statistics k6 sends as gauges (k6_<trend>_<stat>, seconds): k6's own `count` would be divided by 1000 like a
 * time. */
export const K6_TREND_STATS = 'p(50),p(90),p(95),p(99),max,avg';

/** k6's arguments and environment that turn its remote-write output on, tagging every sample with the run's labels. */
export function k6RemoteWrite(
  target: RemoteWriteTarget,
  labels: LoadRunLabels,
): { args: string[]; env: NodeJS.ProcessEnv } {
  const env: NodeJS.ProcessEnv = {
    K6_PROMETHEUS_RW_SERVER_URL: target.url,
    K6_PROMETHEUS_RW_TREND_STATS: K6_TREND_STATS,
    // Series end with the run, so a dashboard does not draw them on for Prometheus' 5-minute lookback.
    K6_PROMETHEUS_RW_STALE_MARKERS: 'true',
  };
  for (const [name, value] of Object.entries(target.headers)) env[`K6_PROMETHEUS_RW_HEADERS_${name}`] = value;
  const args = [
    '--out',
    'experimental-prometheus-rw',
    ...Object.entries(labels).flatMap(([k, v]) => ['--tag', `${k}=${v}`]),
  ];
  return { args, env };
}

export interface LoadRunEnd {
  exitCode: number;
  summary?: LoadSummary;
  p95Ms: number;
  harnessVersion: string;
}

export function loadSamples(labels: LoadRunLabels, run: LoadRunEnd, timestampMs: number): Sample[] {
  const at = (name: string, extra: Record<string, string>, value: number): Sample => ({
    name,
    labels: { ...labels, ...extra },
    value,
    timestampMs,
  });
  return [
    ...(run.summary?.thresholds ?? []).map((t) =>
      at('pvh_load_threshold_ok', { metric: t.metric, expression: t.expression }, t.ok ? 1 : 0),
    ),
    at('pvh_load_p95_threshold_seconds', {}, run.p95Ms / 1000),
    at('pvh_load_exit_code', {}, run.exitCode),
    ...(run.summary ? [at('pvh_load_duration_seconds', {}, run.summary.durationMs / 1000)] : []),
    at('pvh_load_run_info', { harness_version: run.harnessVersion }, 1),
  ];
}
