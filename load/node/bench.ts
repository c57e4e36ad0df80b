/**
 * `npm run load:bench`: a fair side-by-side of load generators in one run, against one endpoint
 * (GET of one pool certificate with a bearer token) and one connection count (16):
 *   raw ceiling  wrk when installed, else autocannon (raw-ceiling.ts), closed loop;
 *   bare k6      load/bench/bare-read.js, 16 constant VUs, nothing but the GET;
 *   ours         read-throughput as `npm run load` runs it, closed loop (16 constant VUs), then
 *                open loop (constant arrival rate, 64 VUs preallocated) stepping through
 *                offered rates around the closed-loop figure (then two bisection steps), each
 *                after a warm-up that counts nowhere; the highest step with at least 99 % of
 *                its offered requests done and under 1 % failed is the highest sustained rate;
 *   contention   its achieved request rate (8 VUs, two bookings at once each: 16 connections).
 * The reference API runs in this process, which does nothing else while a generator (each a
 * process of its own) runs. Prints a line per generator, then the contract line; writes
 * bench.json and bench.svg (achieved rate and p95/p99 against offered rate) under
 * $PVH_REPORT_DIR/load/. About 1.5 minutes.
 */
import os from 'node:os';
import path from 'node:path';
import { certificateUrl } from '../../fixtures/contract/paths.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { bareK6, scenarioRun } from './bench-k6.ts';
import {
  contractLine,
  generatorLine,
  loadAverage,
  rawLine,
  stepLine,
  writeBench,
  type BenchResult,
  type Step,
} from './bench-report.ts';
import type { LoadOptions } from './options.ts';
import { fetchToken, rawCeiling } from './raw-ceiling.ts';
import { withLoadTarget } from './run.ts';
import { loadConfigFor, reportDir } from './target.ts';

const CONNECTIONS = 16;
const SECONDS = 8;
const STEP_SECONDS = 6;
/** Offered rates of the open-loop steps, as fractions of the closed-loop rate. */
const FRACTIONS = [0.2, 0.4, 0.55, 0.7, 0.8, 0.9, 1, 1.1];
/**
 * VUs of the open loop, all preallocated (maxVUs the same: none starts mid-run). An arrival-rate
 * executor drops an iteration when no VU is free at its start instead of queueing it, so it needs
 * idle VUs to ride out a stall; with only the 16 of the closed loop it dropped 1-5 % at a third of
 * the closed-loop rate here.
 */
const OPEN_LOOP_VUS = 64;
const BISECTIONS = 2;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** The goal of issue #14 on a quiet 2-core machine. */
const GOAL = 0.5;

/** Returns 0 when every generator ran without failures and some open-loop rate was sustained. */
export function bench(parsed: LoadOptions): Promise<number> {
  const started = Date.now();
  return withLoadTarget(parsed, async (k6, target) => {
    const loadAverageBefore = loadAverage();
    const dir = path.join(reportDir(), 'load');
    const benchDir = path.join(dir, 'bench');
    const cfgFor = (opts: Partial<LoadOptions>) => ({
      ...loadConfigFor(target, { ...parsed, p95Ms: 10_000, ...opts }),
      reportDir: benchDir,
    });
    const url = certificateUrl(target.resolved.baseUrl, target.resolved.pool[0]!.reference);
    // wrk, autocannon and the bare script cannot be capped: the bench measures this machine, on loopback only.
    if (!LOOPBACK.has(new URL(url).hostname) || target.maxRate !== undefined) {
      throw new CommandError(
        `uncapped generators (wrk, autocannon, a bare k6 script) run only against a target on loopback ` +
          `without a rate cap; "${target.name}" is ` +
          `${new URL(url).host}${target.maxRate !== undefined ? `, capped at ${target.maxRate}/s` : ''}.`,
      );
    }
    console.log(
      `load:bench: GET ${new URL(url).pathname}, ${CONNECTIONS} connections, ${SECONDS} s each (open-loop ` +
        `steps ${STEP_SECONDS} s); load average ${loadAverageBefore.join(' ')} on ${os.cpus().length} CPUs`,
    );

    const token = await fetchToken(target.resolved.authUrl, target.resolved.credentials.primary);
    const raw = await rawCeiling(url, token, SECONDS, CONNECTIONS);
    console.log(rawLine(raw, CONNECTIONS));
    const bare = await bareK6(k6, url, token, CONNECTIONS, SECONDS, benchDir);
    console.log(generatorLine(`k6 bare script, ${CONNECTIONS} VUs`, bare));
    const closedLoop = await scenarioRun(
      k6,
      target,
      cfgFor({ scenario: 'read-throughput', vus: CONNECTIONS }),
      SECONDS,
      'scenario:reads',
    );
    console.log(generatorLine(`read-throughput closed, ${CONNECTIONS} VUs`, closedLoop));

    const steps: Step[] = [];
    const step = async (offered: number): Promise<void> => {
      const m = await scenarioRun(
        k6,
        target,
        cfgFor({ scenario: 'read-throughput', vus: OPEN_LOOP_VUS, rate: offered }),
        STEP_SECONDS,
        'scenario:reads',
      );
      const s: Step = { ...m, offered, sustained: m.requests >= offered * STEP_SECONDS * 0.99 && m.failedRate < 0.01 };
      steps.push(s);
      console.log(stepLine(s));
    };
    for (const f of FRACTIONS) {
      const offered = Math.max(100, Math.round((closedLoop.achieved * f) / 100) * 100);
      if (steps.some((s) => s.offered === offered)) continue;
      await step(offered);
      if (steps.length >= 2 && !steps.at(-1)!.sustained && !steps.at(-2)!.sustained) break;
    }
    // Two bisection steps between the highest sustained rate and the lowest one above it that was not.
    for (let i = 0; i < BISECTIONS; i += 1) {
      const lo = Math.max(0, ...steps.filter((s) => s.sustained).map((s) => s.offered));
      const hi = Math.min(...steps.filter((s) => !s.sustained && s.offered > lo).map((s) => s.offered));
      const mid = Math.round((lo + hi) / 200) * 100;
      if (!lo || !Number.isFinite(hi) || mid <= lo || mid >= hi) break;
      await step(mid);
    }
    steps.sort((a, b) => a.offered - b.offered);
    const highestSustained = Math.max(0, ...steps.filter((s) => s.sustained).map((s) => s.offered)) || undefined;

    // Contention books and unbooks: only where the environment allows writes (writable is empty otherwise).
    let contention: BenchResult['contention'];
    if (target.resolved.writable.length) {
      contention = await scenarioRun(
        k6,
        target,
        cfgFor({ scenario: 'contention', vus: CONNECTIONS / 2 }),
        SECONDS,
        'scenario:contend',
        'op:book',
      );
      console.log(
        generatorLine(`contention, ${CONNECTIONS / 2} VUs (rate: all requests)`, contention, ', p95/p99 of bookings'),
      );
    }

    const result: BenchResult = {
      measuredAt: new Date(started).toISOString(),
      machine: { cpus: os.cpus().length, loadAverageBefore, loadAverageAfter: loadAverage() },
      endpoint: 'GET /api/v1/voucher-certificates/{reference}',
      connections: CONNECTIONS,
      openLoopVus: OPEN_LOOP_VUS,
      seconds: SECONDS,
      stepSeconds: STEP_SECONDS,
      raw,
      bare,
      closedLoop,
      openLoop: { steps, ...(highestSustained ? { highestSustained } : {}) },
      ...(contention ? { contention } : {}),
      ratios: {
        readThroughputRaw: closedLoop.achieved / raw.rps,
        bareRaw: bare.achieved / raw.rps,
        ...(highestSustained ? { openLoopRaw: highestSustained / raw.rps } : {}),
      },
    };
    const files = await writeBench(result, dir);
    console.log(
      highestSustained
        ? `load:bench: highest sustained open-loop rate ${highestSustained}/s (open loop/raw = ` +
            `${(highestSustained / raw.rps).toFixed(2)})`
        : `load:bench: no open-loop rate was sustained (lowest step ${steps[0]?.offered ?? 0}/s)`,
    );
    console.log(
      `load:bench: ${path.relative(process.cwd(), files.json)}, ${path.relative(process.cwd(), files.chart)}; ` +
        `${Math.round((Date.now() - started) / 1000)} s, ` +
        `load average now ${result.machine.loadAverageAfter.join(' ')} (other work on the machine lowers every figure)`,
    );
    console.log(
      `load:bench: goal read-throughput/raw >= ${GOAL}: ${result.ratios.readThroughputRaw >= GOAL ? 'met' : 'NOT met'}`,
    );
    console.log(contractLine(result));
    const healthy =
      [bare, closedLoop, ...(contention ? [contention] : [])].every((m) => m.failedRate < 0.01) && raw.okShare > 0.99;
    return healthy && highestSustained ? 0 : 1;
  });
}
