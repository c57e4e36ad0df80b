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
import {
  describePhases,
  medianPhases,
  phasesOf,
  readPlaywrightReport,
  requestKinds,
  type Phases,
  type TimedLine,
} from './bench-breakdown.ts';

export const BENCH_LATENCIES = [0, 150, 300] as const;
/** Seconds each latency's suite may take (issue #51). */
export const BENCH_GOALS: Record<(typeof BENCH_LATENCIES)[number], number> = { 0: 7, 150: 20, 300: 30 };

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
  /** Where the command's time went (bench-breakdown.ts). */
  phases?: Phases;
  longestTest?: { title: string; seconds: number };
  /** Requests by kind ("GET certificate"), most first. */
  requests: Array<[string, number]>;
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
  /** Median seconds of each phase per latency. */
  phases: Record<string, Phases | undefined>;
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
  const lines: TimedLine[] = [];
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
      let partial = '';
      // Each line with the moment it came: the phases are read from them.
      const take = (d: Buffer) => {
        const chunk = d.toString('utf8');
        text += chunk;
        const parts = (partial + chunk).split('\n');
        partial = parts.pop() ?? '';
        const at = (performance.now() - t0) / 1000;
        for (const line of parts) lines.push({ at, text: line.trim() });
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.on('exit', (code) => resolve({ code: code ?? 1, text }));
    });
    const exitAt = (performance.now() - t0) / 1000;
    const commandSeconds = Math.round(exitAt * 10) / 10;
    const seconds = Number(/certify: suite ran in ([\d.]+) s/.exec(output.text)?.[1] ?? NaN);
    const workers = Number(/certify: (\d+) workers? side by side/.exec(output.text)?.[1] ?? NaN);
    const resultsFile = path.join(dir, 'certification', 'results.json');
    const results = existsSync(resultsFile)
      ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { verdict: string; tests: unknown[] })
      : undefined;
    const playwrightJson = path.join(dir, 'playwright', 'results.json');
    const report = existsSync(playwrightJson) ? readPlaywrightReport(playwrightJson) : { exchanges: [] };
    const exchanges = report.exchanges;
    const phases = phasesOf(lines, exitAt);
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
      ...(phases ? { phases } : {}),
      ...(report.longestTest ? { longestTest: report.longestTest } : {}),
      requests: requestKinds(exchanges),
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
    phases: Object.fromEntries(
      BENCH_LATENCIES.map((l) => [
        `${l}ms`,
        medianPhases(
          runs.filter((r) => r.latencyMs === l).map((r) => r.phases),
          median,
        ),
      ]),
    ),
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
    ...BENCH_LATENCIES.flatMap((l) => {
      const p = r.phases[`${l}ms`];
      const longest = r.runs
        .filter((x) => x.latencyMs === l && x.longestTest)
        .map((x) => x.longestTest!)
        .sort((a, b) => b.seconds - a.seconds)[0];
      return p
        ? [
            `certify:bench: ${l}ms time: ${describePhases(p)}` +
              (longest ? `; longest test ${longest.seconds} s (${longest.title})` : ''),
          ]
        : [];
    }),
    ...BENCH_LATENCIES.flatMap((l) => {
      const run = r.runs.find((x) => x.latencyMs === l);
      return run ? [`certify:bench: ${l}ms requests: ${run.requests.map(([k, n]) => `${k} ${n}`).join(', ')}`] : [];
    }),
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
