/**
 * `npm run migrate:bench [-- --count 100000] [-- --rate 500] [-- --concurrency 32]`: the migration
 * check against the reference API seeded with --seed-count, uncapped and capped; prints the rate
 * achieved and the peak RSS (logic: fixtures/migration/bench.ts). A few minutes; not part of npm test.
 * Exit 0 when the bounds hold (peak RSS under 250 MB, capped rate within 5 %), 1 otherwise, 2 usage.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeBench, runBench } from '../fixtures/migration/bench.ts';

function whole(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a whole number above 0; got "${value}".`);
  return n;
}

async function main(): Promise<number> {
  let options;
  try {
    const { values } = parseArgs({ args: process.argv.slice(2), options: { count: { type: 'string', default: '100000' }, rate: { type: 'string', default: '500' }, concurrency: { type: 'string', default: '32' } }, strict: true });
    options = { count: whole('count', values.count), rate: whole('rate', values.rate), concurrency: whole('concurrency', values.concurrency) };
  } catch (error) {
    console.error(`migrate:bench: ${(error as Error).message}`);
    return 2;
  }
  const result = await runBench({ ...options, outDir: path.resolve(process.env.PVH_REPORT_DIR ?? 'reports', 'migration-bench'), log: (line) => console.log(line) });
  for (const line of describeBench(result)) console.log(line);
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`migrate:bench: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
