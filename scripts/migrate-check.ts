/** `npm run migrate:check`: does every stored legacy identifier resolve on the new API? (fixtures/migration/) */
import { loadDotEnv } from '../fixtures/environments/load.ts';
import { redact } from '../fixtures/harness/http/redact.ts';
import { onStopSignals } from '../fixtures/harness/run/stop-signals.ts';
import { migrateCheck } from '../fixtures/migration/command.ts';
import { keepHeapNearLiveSize } from '../fixtures/migration/lookup/heap.ts';
import { describeSummary } from '../fixtures/migration/report/summary.ts';
import { CommandError, runMain } from './lib/run-main.ts';
import { migrateArguments } from './migrate-check/arguments.ts';
import { MIGRATE_CHECK_FLAGS } from './migrate-check/flags.ts';

runMain({
  name: 'migrate:check',
  summary:
    'Checks that every stored legacy identifier (orderItemId, composite a-b-c reference, or 8-character ' +
    'reference) resolves on the new API: one GET per distinct identifier, read-only, rate-capped; writes ' +
    'mapping.csv, summary.json and summary.md.',
  synopsis:
    '--input FILE [--env NAME|PATH] [--out DIR] [--rate N] [--concurrency N] [--resume] [--compare-legacy] [--as USER]',
  options: MIGRATE_CHECK_FLAGS,
  exitCodes: {
    0: 'every line resolved',
    1: 'some did not (summary.md says which kinds)',
    2: 'usage or config error',
    3: 'target unreachable (preflight) or lost during the run',
  },
  run: async () => {
    const args = migrateArguments(process.argv.slice(2));
    loadDotEnv();
    keepHeapNearLiveSize();
    // First Ctrl-C (or SIGTERM, SIGHUP, npm gone): finish what is in flight and write it; a second one: stop at once.
    const stop = new AbortController();
    const abort = new AbortController();
    const onSignal = () => {
      if (stop.signal.aborted) return abort.abort();
      stop.abort();
      console.error('\nmigrate:check: stopping: finishing the requests in flight (again to stop at once)');
    };
    onStopSignals(onSignal);
    const log = (line: string) => console.log(redact(line));
    const result = await migrateCheck(args, { env: { ...process.env }, log, stop: stop.signal, abort: abort.signal });
    if (result.summary) for (const line of describeSummary(result.summary)) log(line);
    if (result.error) throw new CommandError(redact(result.error), result.exitCode);
    return result.exitCode;
  },
});
