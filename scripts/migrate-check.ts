/**
 * `npm run migrate:check -- --input FILE [--env NAME] [--out DIR] [--rate N] [--concurrency N]
 * [--resume] [--compare-legacy] [--as limited]`: does every stored legacy identifier resolve on the
 * new API? The logic is fixtures/migration/; this parses, handles Ctrl-C and prints.
 * Exit: 0 every line resolved, 1 some did not, 2 usage or config error, 3 target unreachable.
 */
import { loadDotEnv } from '../fixtures/environments/load.ts';
import { redact } from '../fixtures/harness/http/redact.ts';
import { MIGRATE_HELP, parseMigrateArgs, UsageError } from '../fixtures/migration/args.ts';
import { migrateCheck } from '../fixtures/migration/command.ts';
import { keepHeapNearLiveSize } from '../fixtures/migration/heap.ts';
import { describeSummary } from '../fixtures/migration/summary.ts';

async function main(): Promise<number> {
  const log = (line: string) => console.log(redact(line));
  let args;
  try {
    args = parseMigrateArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`migrate: ${error.message}`);
    return 2;
  }
  if (args.help) {
    console.log(MIGRATE_HELP);
    return 0;
  }
  loadDotEnv();
  keepHeapNearLiveSize();
  // First Ctrl-C (or SIGTERM): finish what is in flight and write it; a second one: stop at once.
  const stop = new AbortController();
  const abort = new AbortController();
  const onSignal = () => {
    if (!stop.signal.aborted) {
      stop.abort();
      console.error('\nmigrate: stopping: finishing the requests in flight (again to stop at once)');
    } else abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const result = await migrateCheck(args, { env: { ...process.env }, log, stop: stop.signal, abort: abort.signal });
  if (result.error) console.error(redact(`migrate: ${result.error}`));
  if (result.summary) for (const line of describeSummary(result.summary)) log(line);
  return result.exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(redact(`migrate: ${(error as Error).stack ?? String(error)}`));
    process.exit(1);
  },
);
