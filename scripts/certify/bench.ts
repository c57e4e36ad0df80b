/**
 * `npm run certify:bench`: certifies the embedded reference API at 0, 150 and 300 ms of injected
 * latency (REF_LATENCY_MS), the current code as it is. The latencies are interleaved across the
 * repetitions, in a rotating order, so a busy spell of a shared machine falls on all of them alike;
 * each latency's figure is its median suite time (certify's own "suite ran in"). Every run must end
 * CONFORMANT: a faster run that fails is no result. The checks, the HTTP exchanges the suites
 * recorded and their peak concurrency come from the Playwright report; the machine, its load
 * average and the date go with the figures into reports/certify-bench.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { writeFileAtomic } from '../../fixtures/harness/run/run-context.ts';

export const BENCH_LATENCIES = [0, 150, 300] as const;
/** Seconds each latency's suite may take (issue #27). */
export const BENCH_GOALS: Record<(typeof BENCH_LATENCIES)[number], number> = { 0: 8, 150: 30, 300: 50 };

export interface BenchRun {
  latencyMs: number;
  repetition: number;
  /** certify's "suite ran in" (s). */
  seconds: number;
  /** The whole command, preflight and embedded reference included (s). */
  commandSeconds: number;
  exitCode: number;
  verdict: string;
  workers: number;
  checks: number;
  exchanges: number;
  peakConcurrency: number;
  /** 1-minute load average before and after the run. */
  load: [number, number];
}

export interface BenchResult {
  date: string;
  machine: { cpus: number; model: string; memoryGb: number; node: string; platform: string };
  runs: BenchRun[];
  /** Median suite seconds per latency. */
  seconds: Record<string, number>;
  goals: Record<string, number>;
  goalsMet: boolean;
  checks: number;
  exchanges: number;
  peakConcurrency: number;
  /** Every run CONFORMANT. */
  ok: boolean;
}

export interface BenchOptions {
  repetitions: number;
  outFile: string;
  log: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

interface Exchange {
  startedAt: string;
  durationMs: number;
}

interface PlaywrightSuite {
  specs?: Array<{
    tests: Array<{ results: Array<{ attachments: Array<{ name: string; body?: string; path?: string }> }> }>;
  }>;
  suites?: PlaywrightSuite[];
}

/** Every exchange the suites recorded (the http-exchanges.json attachments of the Playwright report). */
export function recordedExchanges(playwrightJson: string): Exchange[] {
  const report = JSON.parse(readFileSync(playwrightJson, 'utf8')) as { suites: PlaywrightSuite[] };
  const out: Exchange[] = [];
  const walk = (s: PlaywrightSuite) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests) {
        for (const r of t.results) {
          const a = r.attachments.find((x) => x.name === 'http-exchanges.json');
          if (!a) continue;
          const text =
            a.body !== undefined
              ? Buffer.from(a.body, 'base64').toString('utf8')
              : a.path && existsSync(a.path)
                ? readFileSync(a.path, 'utf8')
                : '[]';
          out.push(...(JSON.parse(text) as Exchange[]));
        }
      }
    }
    for (const c of s.suites ?? []) walk(c);
  };
  for (const s of report.suites) walk(s);
  return out;
}

/**
 * The most exchanges in flight at once. Start and duration are recorded to the millisecond, each
 * rounded: exchanges less than 2 ms apart count as one after the other.
 */
export function peakConcurrency(exchanges: readonly Exchange[]): number {
  const events = exchanges.flatMap((e) => {
    const start = Date.parse(e.startedAt);
    return [
      [start, 1],
      [start + Math.max(0, e.durationMs - 2), -1],
    ] as const;
  });
  // Ends before starts at the same instant: back-to-back requests are not concurrent.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  for (const [, d] of events) peak = Math.max(peak, (now += d));
  return peak;
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round(((s[m - 1]! + s[m]!) / 2) * 10) / 10;
}

/** Repetition r runs the latencies rotated by r: 0 150 300, then 150 300 0, then 300 0 150, … */
export function benchOrder(repetitions: number): Array<{ latencyMs: number; repetition: number }> {
  return Array.from({ length: repetitions }, (_, r) =>
    BENCH_LATENCIES.map((_, i) => ({
      latencyMs: BENCH_LATENCIES[(i + r) % BENCH_LATENCIES.length]!,
      repetition: r + 1,
    })),
  ).flat();
}

async function certifyOnce(latencyMs: number, repetition: number, env: NodeJS.ProcessEnv): Promise<BenchRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pvh-certify-bench-'));
  const load0 = os.loadavg()[0]!;
  const t0 = performance.now();
  try {
    const output = await new Promise<{ code: number; text: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'certify.ts'), '--env', 'local'],
        {
          cwd: PROJECT_ROOT,
          env: { ...env, REF_LATENCY_MS: String(latencyMs), PVH_REPORT_DIR: dir, CI: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => (text += d.toString('utf8')));
      child.on('exit', (code) => resolve({ code: code ?? 1, text }));
    });
    const commandSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const seconds = Number(/certify: suite ran in ([\d.]+) s/.exec(output.text)?.[1] ?? NaN);
    const workers = Number(/certify: (\d+) worker\(s\)/.exec(output.text)?.[1] ?? NaN);
    const resultsFile = path.join(dir, 'certification', 'results.json');
    const results = existsSync(resultsFile)
      ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { verdict: string; tests: unknown[] })
      : undefined;
    const playwrightJson = path.join(dir, 'playwright', 'results.json');
    const exchanges = existsSync(playwrightJson) ? recordedExchanges(playwrightJson) : [];
    if (!results || Number.isNaN(seconds))
      throw new Error(
        `certify at ${latencyMs} ms produced no result (exit ${output.code}):\n` +
          output.text.split('\n').slice(-15).join('\n'),
      );
    return {
      latencyMs,
      repetition,
      seconds,
      commandSeconds,
      exitCode: output.code,
      verdict: results.verdict,
      workers,
      checks: results.tests.length,
      exchanges: exchanges.length,
      peakConcurrency: peakConcurrency(exchanges),
      load: [load0, os.loadavg()[0]!],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runCertifyBench(o: BenchOptions): Promise<BenchResult> {
  const runs: BenchRun[] = [];
  const order = benchOrder(o.repetitions);
  for (const [i, { latencyMs, repetition }] of order.entries()) {
    const run = await certifyOnce(latencyMs, repetition, o.env ?? process.env);
    runs.push(run);
    o.log(
      `certify:bench: [${i + 1}/${order.length}] ${latencyMs} ms: ${run.seconds} s (${run.workers} workers, ` +
        `${run.verdict}, ${run.exchanges} exchanges, peak ${run.peakConcurrency} at once, load ` +
        `${run.load.map((l) => l.toFixed(1)).join(' to ')})`,
    );
  }
  const seconds = Object.fromEntries(
    BENCH_LATENCIES.map((l) => [`${l}ms`, median(runs.filter((r) => r.latencyMs === l).map((r) => r.seconds))]),
  );
  const goals = Object.fromEntries(BENCH_LATENCIES.map((l) => [`${l}ms`, BENCH_GOALS[l]]));
  const cpus = os.cpus();
  const result: BenchResult = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model.trim() ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
    },
    runs,
    seconds,
    goals,
    goalsMet: BENCH_LATENCIES.every((l) => seconds[`${l}ms`]! <= BENCH_GOALS[l]),
    checks: Math.max(...runs.map((r) => r.checks)),
    exchanges: median(runs.map((r) => r.exchanges)),
    peakConcurrency: Math.max(...runs.map((r) => r.peakConcurrency)),
    ok: runs.every((r) => r.verdict === 'CONFORMANT' && r.exitCode === 0),
  };
  writeFileAtomic(o.outFile, `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

/** The contract line and what follows it. */
export function describeCertifyBench(r: BenchResult): string[] {
  const s = (l: number) => r.seconds[`${l}ms`];
  const loads = r.runs.flatMap((x) => x.load);
  const goals = BENCH_LATENCIES.map((l) => `${l}ms ≤ ${BENCH_GOALS[l]} s`).join(', ');
  return [
    `certify:bench: 0ms=${s(0)} s, 150ms=${s(150)} s, 300ms=${s(300)} s (checks ${r.checks}, exchanges ` +
      `${r.exchanges}, peak concurrency ${r.peakConcurrency})`,
    `certify:bench: medians of ${r.runs.length / BENCH_LATENCIES.length} run(s) each on ${r.machine.cpus} × ` +
      `${r.machine.model}, load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}; ` +
      `goals ${goals}: ${r.goalsMet ? 'met' : 'NOT met'}`,
    ...(r.ok
      ? []
      : [
          `certify:bench: a run did not end CONFORMANT: ${r.runs
            .filter((x) => x.verdict !== 'CONFORMANT')
            .map((x) => `${x.latencyMs} ms run ${x.repetition}: ${x.verdict}`)
            .join('; ')}`,
        ]),
  ];
}
