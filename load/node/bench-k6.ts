/**
 * The k6 runs of load:bench: the bare script (load/bench/bare-read.js, as k6 runs it) and our
 * scenarios exactly as `npm run load` runs them (runK6: bundle, summary, web dashboard), with a
 * warm-up that counts nowhere; each reports the measured scenario's own series.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import type { LoadConfig } from '../lib/load-config.ts';
import { k6Env, type LocatedK6 } from './k6-binary.ts';
import { runK6 } from './k6-run.ts';
import type { Target } from './target.ts';

const BARE_SCRIPT = fileURLToPath(new URL('../bench/bare-read.js', import.meta.url));
export const WARMUP = '2s';

export interface Measured {
  /** Requests of the measured scenario per second of its duration. */
  achieved: number;
  failedRate: number;
  p95: number;
  p99: number;
  requests: number;
}

/** The bare k6 script: `vus` constant VUs, each one connection, for `seconds`. */
export async function bareK6(
  k6: LocatedK6,
  url: string,
  token: string,
  vus: number,
  seconds: number,
  dir: string,
): Promise<Measured> {
  mkdirSync(dir, { recursive: true });
  const summary = path.join(dir, 'bare-summary.json');
  rmSync(summary, { force: true });
  const env = k6Env({
    BENCH_URL: url,
    BENCH_TOKEN: token,
    BENCH_VUS: String(vus),
    BENCH_DURATION: `${seconds}s`,
    BENCH_SUMMARY: summary,
  });
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(k6.bin, ['run', '--quiet', '--no-color', BARE_SCRIPT], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (c) => resolve(c ?? 1));
  });
  if (code !== 0) throw new CommandError(`the bare k6 script exited ${code}.`);
  const s = JSON.parse(readFileSync(summary, 'utf8')) as { requests: number; failed: number; p95: number; p99: number };
  return { achieved: s.requests / seconds, failedRate: s.failed, p95: s.p95, p99: s.p99, requests: s.requests };
}

/**
 * One of our scenarios for `seconds` after the warm-up; `series` names the measured scenario's
 * sub-metrics its thresholds declare (e.g. "scenario:reads"), `latency` the latency series.
 */
export async function scenarioRun(
  k6: LocatedK6,
  target: Target,
  cfg: LoadConfig,
  seconds: number,
  series: string,
  latency = series,
): Promise<Measured & { exitCode: number }> {
  const run = await runK6(k6, target, { ...cfg, duration: `${seconds}s`, warmup: WARMUP }, [], true);
  if (!run.summary) throw new CommandError(`${cfg.scenario} wrote no summary (k6 exited ${run.exitCode}).`);
  const m = run.summary.metrics;
  const d = m[`http_req_duration{${latency}}`]?.values ?? {};
  const requests = m[`http_reqs{${series}}`]?.values.count ?? m[`http_req_duration{${series}}`]?.values.count ?? 0;
  return {
    achieved: requests / seconds,
    failedRate: m[`http_req_failed{${series}}`]?.values.rate ?? m.http_req_failed?.values.rate ?? 1,
    p95: d['p(95)'] ?? 0,
    p99: d['p(99)'] ?? 0,
    requests,
    exitCode: run.exitCode,
  };
}
