/**
 * `npm run load:segments`: shows that k6 execution segments split work without losing or
 * duplicating any. Runs the fixed-work read scenario (read-segments: shared-iterations) once whole,
 * then as two concurrent k6 processes with segments "0:1/2" and "1/2:1" (as two machines or two
 * k6-operator pods would), and prints the iteration totals. Exit 0 when the totals match.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateK6 } from '../load/node/k6-binary.ts';
import { loadConfigFor, runLoadCommand, parseLoadArgs, prepareTarget, reportDir, runK6, type K6Run, type LoadOptions } from './load.ts';
import { buildLoadBundles } from './load-build.ts';

const SEQUENCE = '0,1/2,1';
const SEGMENTS = ['0:1/2', '1/2:1'];

const iterations = (r: K6Run) => r.summary?.metrics.iterations?.values.count ?? 0;
const requests = (r: K6Run) => r.summary?.metrics.http_reqs?.values.count ?? 0;

async function main(): Promise<number> {
  const parsed = parseLoadArgs(['--scenario', 'read-segments', ...process.argv.slice(2)]);
  if (parsed === 'help') return 0;
  const opts: LoadOptions = parsed;
  const k6 = await locateK6();
  await buildLoadBundles();
  const target = await prepareTarget(opts);
  try {
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
  } finally {
    await target.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runLoadCommand('load:segments', main);
}
