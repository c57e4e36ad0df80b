/**
 * `npm run load:bench`: how much read load the local reference API sustains under k6, against the
 * raw ceiling of the same endpoint (raw-ceiling.ts). Steps read-throughput up through increasing
 * arrival rates (short steps) until one is not sustained. Whole run: about 1.5 minutes.
 *
 * Sustained = fewer than 1 % failed requests, under 1 % dropped iterations, and at least 95 % of
 * the target rate achieved.
 */
import path from 'node:path';
import { runK6 } from './k6-run.ts';
import type { LoadOptions } from './options.ts';
import { fetchToken, rawCeiling } from './raw-ceiling.ts';
import { withLoadTarget } from './run.ts';
import { loadConfigFor, reportDir } from './target.ts';

const RATES = [100, 200, 400, 800, 1200, 1600, 2000, 2500];
const STEP = '6s';

interface Step {
  rate: number;
  achieved: number;
  failedRate: number;
  droppedShare: number;
  p95: number;
  sustained: boolean;
}

/** Returns 0 when some rate was sustained, 1 when none was. */
export function bench(parsed: LoadOptions): Promise<number> {
  const started = Date.now();
  return withLoadTarget(parsed, async (k6, target) => {
    const steps: Step[] = [];
    for (const rate of RATES) {
      const opts: LoadOptions = { ...parsed, rate, duration: STEP, p95Ms: 10_000 };
      const cfg = { ...loadConfigFor(target, opts), reportDir: path.join(reportDir(), 'load', 'bench') };
      const run = await runK6(k6, target, cfg, [], true);
      const m = run.summary?.metrics ?? {};
      const seconds = (run.summary?.durationMs ?? 1) / 1000;
      const reads = m['http_req_duration{scenario:reads}']?.values.count ?? 0;
      const dropped = m.dropped_iterations?.values.count ?? 0;
      const step: Step = {
        rate,
        achieved: reads / seconds,
        failedRate: m.http_req_failed?.values.rate ?? 1,
        droppedShare: dropped / Math.max(1, reads + dropped),
        p95: m['http_req_duration{scenario:reads}']?.values['p(95)'] ?? 0,
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
  });
}
