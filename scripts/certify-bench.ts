/** `npm run certify:bench`: certify against the embedded reference at 0, 150 and 300 ms of latency
 * (scripts/certify/bench.ts). */
import path from 'node:path';
import { describeCertifyBench, runCertifyBench } from './certify/bench.ts';
import { integerFlag, runMain } from './lib/run-main.ts';

runMain({
  name: 'certify:bench',
  summary:
    'Certifies the embedded reference API at 0, 150 and 300 ms of injected latency (REF_LATENCY_MS), the ' +
    "latencies interleaved over the repetitions, and prints each one's median suite time, the checks, the " +
    'HTTP exchanges and their peak concurrency; writes reports/certify-bench.json. A few minutes, not part of ' +
    'npm test.',
  options: {
    runs: { type: 'string', value: 'N', default: '3', help: 'repetitions of each latency (default 3)' },
  },
  environment: {
    PVH_WORKERS: 'as for certify (default: chosen for each latency)',
    PVH_REPORT_DIR: "where certify-bench.json is written (default reports); each run's own reports are not kept",
  },
  exitCodes: {
    0: 'every run ended CONFORMANT (the goals are reported, met or not)',
    1: 'a run did not end CONFORMANT',
    2: 'usage error',
  },
  run: async (values) => {
    const outFile = path.resolve(process.env.PVH_REPORT_DIR ?? 'reports', 'certify-bench.json');
    const result = await runCertifyBench({
      repetitions: integerFlag('--runs', values.runs, { min: 1, max: 20 }),
      outFile,
      log: (line) => console.log(line),
    });
    for (const line of describeCertifyBench(result)) console.log(line);
    console.log(`certify:bench: ${path.relative(process.cwd(), outFile)}`);
    return result.ok ? 0 : 1;
  },
});
