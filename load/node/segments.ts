/**
 * `npm run load:segments`: shows that k6 execution segments split work without losing or
 * duplicating any. Runs the fixed-work read scenario (read-segments: shared-iterations) once whole,
 * then as N concurrent k6 processes, each with its segment of the sequence 0, 1/N, …, 1 (as N
 * machines or k6-operator pods would), merges their summaries and compares the totals with the
 * whole run's. Writes the merged summary to $PVH_REPORT_DIR/load/segments-summary.json. 0 when
 * the totals match.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runK6, type K6Run } from './k6-run.ts';
import type { LoadOptions } from './options.ts';
import { withLoadTarget } from './run.ts';
import { loadConfigFor, reportDir } from './target.ts';

interface Counts {
  iterations: number;
  httpReqs: number;
  failedReqs: number;
  checksPassed: number;
  checksFailed: number;
  /** Longest request (ms); percentiles of several processes cannot be merged from their summaries. */
  maxDurationMs: number;
  /** Requests per second over the run's own duration. */
  rate: number;
  exitCode: number;
}

function countsOf(r: K6Run): Counts {
  const m = r.summary?.metrics ?? {};
  const httpReqs = m.http_reqs?.values.count ?? 0;
  return {
    iterations: m.iterations?.values.count ?? 0,
    httpReqs,
    failedReqs: Math.round((m.http_req_failed?.values.rate ?? 0) * httpReqs),
    checksPassed: m.checks?.values.passes ?? 0,
    checksFailed: m.checks?.values.fails ?? 0,
    maxDurationMs: m.http_req_duration?.values.max ?? 0,
    rate: m.http_reqs?.values.rate ?? 0,
    exitCode: r.exitCode,
  };
}

/** The segments' counts added up: what one run of the whole work would have reported (rates add, processes ran at
 * once). */
function merge(parts: Counts[]): Counts {
  const sum = (k: keyof Counts) => parts.reduce((n, p) => n + p[k], 0);
  return {
    iterations: sum('iterations'),
    httpReqs: sum('httpReqs'),
    failedReqs: sum('failedReqs'),
    checksPassed: sum('checksPassed'),
    checksFailed: sum('checksFailed'),
    maxDurationMs: Math.max(0, ...parts.map((p) => p.maxDurationMs)),
    rate: sum('rate'),
    exitCode: Math.max(0, ...parts.map((p) => p.exitCode)),
  };
}

/** "0,1/3,2/3,1" and its segments "0:1/3", "1/3:2/3", "2/3:1". */
export function segmentsOf(n: number): { sequence: string; segments: string[] } {
  const point = (i: number) => (i === 0 ? '0' : i === n ? '1' : `${i}/${n}`);
  const points = Array.from({ length: n + 1 }, (_, i) => point(i));
  return { sequence: points.join(','), segments: points.slice(1).map((p, i) => `${points[i]}:${p}`) };
}

const line = (label: string, c: Counts) =>
  `load:segments: ${label.padEnd(22)} iterations=${c.iterations} http_reqs=${c.httpReqs} failed=${c.failedReqs} ` +
  `checks=${c.checksPassed}/${c.checksPassed + c.checksFailed} max=${c.maxDurationMs.toFixed(1)} ms ` +
  `rate=${c.rate.toFixed(0)}/s (exit ${c.exitCode})`;

/** `processes`: 2 to 8, as `npm run load:segments -- --processes` checks it. */
export function compareSegments(opts: LoadOptions, processes: number): Promise<number> {
  return withLoadTarget(opts, async (k6, target) => {
    const base = reportDir();
    const cfgIn = (dir: string) => ({
      ...loadConfigFor(target, opts),
      reportDir: path.join(base, 'load', 'segments', dir),
    });
    const { sequence, segments } = segmentsOf(processes);
    const whole = countsOf(await runK6(k6, target, cfgIn('whole'), [], true));
    const parts = (
      await Promise.all(
        segments.map((seg, i) =>
          runK6(
            k6,
            target,
            cfgIn(`segment-${i + 1}`),
            ['--execution-segment', seg, '--execution-segment-sequence', sequence],
            true,
          ),
        ),
      )
    ).map(countsOf);
    const merged = merge(parts);
    console.log(line('one process', whole));
    parts.forEach((c, i) => console.log(line(`segment ${segments[i]}`, c)));
    console.log(line(`${processes} segments merged`, merged));
    // http_reqs also counts each process's setup() token request, so compare iterations.
    const same =
      merged.iterations === whole.iterations && merged.iterations > 0 && whole.exitCode === 0 && merged.exitCode === 0;
    const file = path.join(base, 'load', 'segments-summary.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const summary = { scenario: opts.scenario, sequence, segments, whole, parts, merged, sameWork: same };
    writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
    const work = same
      ? `SAME total work: ${processes} segments did the ${whole.iterations} iterations of one process`
      : 'MISMATCH';
    console.log(`load:segments: ${work}; merged summary in ${path.relative(process.cwd(), file)}`);
    return same ? 0 : 1;
  });
}
