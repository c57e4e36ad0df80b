/**
 * `npm run load:segments`: shows that k6 execution segments split work without losing or
 * duplicating any. Runs the fixed-work read scenario (read-segments: shared-iterations) once whole,
 * then as two concurrent k6 processes with segments "0:1/2" and "1/2:1" (as two machines or two
 * k6-operator pods would), and prints the iteration totals. 0 when the totals match.
 */
import path from 'node:path';
import { runK6, type K6Run } from './k6-run.ts';
import type { LoadOptions } from './options.ts';
import { withLoadTarget } from './run.ts';
import { loadConfigFor, reportDir } from './target.ts';

const SEQUENCE = '0,1/2,1';
const SEGMENTS = ['0:1/2', '1/2:1'];

const iterations = (r: K6Run) => r.summary?.metrics.iterations?.values.count ?? 0;
const requests = (r: K6Run) => r.summary?.metrics.http_reqs?.values.count ?? 0;

export function compareSegments(opts: LoadOptions): Promise<number> {
  return withLoadTarget(opts, async (k6, target) => {
    const base = reportDir();
    const cfgIn = (dir: string) => ({ ...loadConfigFor(target, opts), reportDir: path.join(base, 'load', 'segments', dir) });
    const whole = await runK6(k6, target, cfgIn('whole'), [], true);
    const halves = await Promise.all(
      SEGMENTS.map((seg, i) => runK6(k6, target, cfgIn(`segment-${i + 1}`), ['--execution-segment', seg, '--execution-segment-sequence', SEQUENCE], true)),
    );
    const sum = halves.reduce((n, r) => n + iterations(r), 0);
    console.log(`load:segments: one process            iterations=${iterations(whole)} http_reqs=${requests(whole)} (exit ${whole.exitCode})`);
    halves.forEach((r, i) => console.log(`load:segments: segment ${SEGMENTS[i]!.padEnd(6)}         iterations=${iterations(r)} http_reqs=${requests(r)} (exit ${r.exitCode})`));
    // http_reqs also counts each process's setup() token request, so compare iterations.
    const same = sum === iterations(whole) && whole.exitCode === 0 && halves.every((r) => r.exitCode === 0) && sum > 0;
    console.log(`load:segments: two segments together  iterations=${sum} -> ${same ? 'SAME total work as one process' : 'MISMATCH'}`);
    return same ? 0 : 1;
  });
}
