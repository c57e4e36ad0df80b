/**
 * `npm run load:bench`: how much read load the local reference API sustains under k6, against the
 * raw ceiling of the same endpoint measured by a plain HTTP generator. Steps read-throughput up
 * through increasing arrival rates (short steps) until one is not sustained, then measures the
 * closed-loop ceiling with `wrk` when installed, else a small undici generator in a separate
 * process (in-process it would share the server's event loop). Whole run: about 1.5 minutes.
 *
 * Sustained = fewer than 1 % failed requests, under 1 % dropped iterations, and at least 95 % of
 * the target rate achieved.
 */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { locateK6 } from '../load/node/k6-binary.ts';
import { LoadError, loadConfigFor, runLoadCommand, parseLoadArgs, prepareTarget, reportDir, runK6, type LoadOptions } from './load.ts';
import { buildLoadBundles } from './load-build.ts';

const RATES = [100, 200, 400, 800, 1200, 1600, 2000, 2500];
const STEP = '6s';
const RAW_SECONDS = 8;
const RAW_CONNECTIONS = 16;

interface Step {
  rate: number;
  achieved: number;
  failedRate: number;
  droppedShare: number;
  p95: number;
  sustained: boolean;
}

/** Closed-loop GET generator (run in a child process): prints {requests, ok, seconds, p95}. */
async function rawGenerator(url: string, seconds: number, connections: number): Promise<void> {
  const u = new URL(url);
  const pool = new Pool(u.origin, { connections, pipelining: 1 });
  const headers = { authorization: `Bearer ${process.env.PVH_BENCH_TOKEN ?? ''}`, accept: 'application/json' };
  const latencies: number[] = [];
  let ok = 0;
  let requests = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          const res = await pool.request({ path: u.pathname, method: 'GET', headers });
          await res.body.dump();
          if (res.statusCode === 200) ok += 1;
        } catch {
          // counted as a non-ok request
        }
        requests += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  await pool.close();
  latencies.sort((a, b) => a - b);
  console.log(JSON.stringify({ requests, ok, seconds, p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0 }));
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 but runs; ENOENT means it is not installed.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

async function rawCeiling(url: string, token: string): Promise<{ tool: string; rps: number; p95: number; okShare: number }> {
  if (hasWrk()) {
    const out = execFileSync('wrk', ['-t2', `-c${RAW_CONNECTIONS}`, `-d${RAW_SECONDS}s`, '--latency', '-H', `Authorization: Bearer ${token}`, url], { encoding: 'utf8' });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const p90 = /90%\s+([\d.]+)(us|ms|s)/.exec(out);
    const scale = { us: 0.001, ms: 1, s: 1000 } as const;
    return { tool: 'wrk (p90)', rps, p95: p90 ? Number(p90[1]) * scale[p90[2] as keyof typeof scale] : 0, okShare: /Non-2xx/.test(out) ? 0 : 1 };
  }
  const self = fileURLToPath(import.meta.url);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, self, '--raw', url, String(RAW_SECONDS), String(RAW_CONNECTIONS)], {
      env: { ...process.env, PVH_BENCH_TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`raw generator exited ${code}`))));
  });
  const r = JSON.parse(out.trim().split('\n').pop()!) as { requests: number; ok: number; seconds: number; p95: number };
  return { tool: `undici closed loop, ${RAW_CONNECTIONS} connections`, rps: r.requests / r.seconds, p95: r.p95, okShare: r.requests ? r.ok / r.requests : 0 };
}

async function bench(): Promise<number> {
  const started = Date.now();
  const parsed = parseLoadArgs(['--scenario', 'read-throughput', ...process.argv.slice(2)]);
  if (parsed === 'help') return 0;
  const k6 = await locateK6();
  await buildLoadBundles();
  const target = await prepareTarget(parsed);
  try {
    const steps: Step[] = [];
    for (const rate of RATES) {
      const opts: LoadOptions = { ...parsed, rate, duration: STEP, p95Ms: 10_000 };
      const cfg = { ...loadConfigFor(target, opts), reportDir: path.join(reportDir(), 'load', 'bench') };
      const run = await runK6(k6, target, cfg, [], true);
      const m = run.summary?.metrics ?? {};
      const seconds = (run.summary?.durationMs ?? 1) / 1000;
      const reads = m.read_duration?.values.count ?? 0;
      const dropped = m.dropped_iterations?.values.count ?? 0;
      const step: Step = {
        rate,
        achieved: reads / seconds,
        failedRate: m.http_req_failed?.values.rate ?? 1,
        droppedShare: dropped / Math.max(1, reads + dropped),
        p95: m.read_duration?.values['p(95)'] ?? 0,
        sustained: false,
      };
      step.sustained = !!run.summary && step.failedRate < 0.01 && step.droppedShare < 0.01 && step.achieved >= rate * 0.95;
      steps.push(step);
      console.log(`load:bench: k6 ${String(rate).padStart(5)}/s -> achieved ${step.achieved.toFixed(0).padStart(5)}/s, failed ${(step.failedRate * 100).toFixed(2)} %, dropped ${(step.droppedShare * 100).toFixed(2)} %, p95 ${step.p95.toFixed(1)} ms ${step.sustained ? 'sustained' : 'NOT sustained'}`);
      if (!step.sustained) break;
    }
    const best = [...steps].reverse().find((s) => s.sustained);
    const token = await fetchToken(target.resolved.authUrl, target.resolved.credentials.primary);
    const cert = target.resolved.pool[0]!;
    const raw = await rawCeiling(`${target.resolved.baseUrl}/api/v1/voucher-certificates/${cert.reference}`, token);
    console.log(`load:bench: raw ceiling (${raw.tool}): ${raw.rps.toFixed(0)}/s, p95 ${raw.p95.toFixed(1)} ms, ${(raw.okShare * 100).toFixed(1)} % 200`);
    if (best) {
      console.log(`load:bench: highest sustained k6 rate ${best.rate}/s (p95 ${best.p95.toFixed(1)} ms) = ${((best.rate / raw.rps) * 100).toFixed(0)} % of the raw ceiling (ratio ${(best.rate / raw.rps).toFixed(2)})`);
    } else {
      console.log(`load:bench: no rate was sustained (lowest step ${RATES[0]}/s).`);
    }
    console.log(`load:bench: done in ${Math.round((Date.now() - started) / 1000)} s (machine load from other processes skews these figures).`);
    return best ? 0 : 1;
  } finally {
    await target.close();
  }
}

async function fetchToken(authUrl: string, cred: { clientId: string; clientSecret: string }): Promise<string> {
  const res = await fetch(authUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: cred.clientId, client_secret: cred.clientSecret }).toString(),
  });
  const j = (await res.json()) as { access_token?: string };
  if (!j.access_token) throw new LoadError(`bench: token request failed (HTTP ${res.status}).`);
  return j.access_token;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--raw') {
    await rawGenerator(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]));
  } else {
    await runLoadCommand('load:bench', bench);
  }
}
