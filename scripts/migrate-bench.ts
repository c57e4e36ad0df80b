/** `npm run migrate:bench`: the migration check at scale against a seeded reference API
 * (fixtures/migration/bench/bench.ts). */
import path from 'node:path';
import { describeBench, runBench } from '../fixtures/migration/bench/bench.ts';
import { CommandError, runMain } from './lib/run-main.ts';

function whole(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new CommandError(`--${name} must be a whole number above 0; got "${value}".`, 2);
  return n;
}

runMain({
  name: 'migrate:bench',
  summary:
    'Runs the migration check against the reference API seeded with --seed-count, uncapped and capped, and ' +
    'prints the rate achieved and the peak RSS; a few minutes, not part of npm test.',
  options: {
    count: { type: 'string', value: 'N', default: '100000', help: 'identifiers in the input (default 100000)' },
    rate: { type: 'string', value: 'N', default: '500', help: "the capped run's rate (default 500/s)" },
    concurrency: {
      type: 'string',
      value: 'N',
      default: '32',
      help: 'requests at once in the uncapped run (default 32)',
    },
  },
  exitCodes: {
    0: 'the bounds hold (peak RSS under 250 MB, capped rate within 5 %)',
    1: 'a bound does not hold',
    2: 'usage error',
  },
  run: async (values) => {
    const options = {
      count: whole('count', values.count),
      rate: whole('rate', values.rate),
      concurrency: whole('concurrency', values.concurrency),
    };
    const result = await runBench({
      ...options,
      outDir: path.resolve(process.env.PVH_REPORT_DIR ?? 'reports', 'migration-bench'),
      log: (line) => console.log(line),
    });
    for (const line of describeBench(result)) console.log(line);
    return result.ok ? 0 : 1;
  },
});
