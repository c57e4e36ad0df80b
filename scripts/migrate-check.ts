/** `npm run migrate:check`: does every stored legacy identifier resolve on the new API? (fixtures/migration/) */
import { loadDotEnv } from '../fixtures/environments/load.ts';
import { redact } from '../fixtures/harness/http/redact.ts';
import { onStopSignals } from '../fixtures/harness/run/stop-signals.ts';
import { parseMigrateArgs, UsageError } from '../fixtures/migration/input/args.ts';
import { migrateCheck } from '../fixtures/migration/command.ts';
import { keepHeapNearLiveSize } from '../fixtures/migration/lookup/heap.ts';
import { describeSummary } from '../fixtures/migration/report/summary.ts';
import { CommandError, runMain } from './lib/run-main.ts';

runMain({
  name: 'migrate:check',
  summary:
    'Checks that every stored legacy identifier (orderItemId, composite a-b-c reference, or 8-character ' +
    'reference) resolves on the new API: one GET per distinct identifier, read-only, rate-capped; writes ' +
    'mapping.csv, summary.json and summary.md.',
  synopsis:
    '--input FILE [--env NAME|PATH] [--out DIR] [--rate N] [--concurrency N] [--resume] [--compare-legacy] [--as USER]',
  options: {
    input: {
      type: 'string',
      value: 'FILE',
      help: 'CSV with a column orderItemId, reference or id (else its first column), or one identifier per line',
    },
    env: {
      type: 'string',
      value: 'NAME|PATH',
      help: 'environment config (default $PVH_ENV or local: the embedded reference API)',
    },
    out: {
      type: 'string',
      value: 'DIR',
      help: 'where the outputs go (default reports/migration, under $PVH_REPORT_DIR)',
    },
    rate: {
      type: 'string',
      value: 'N',
      help:
        "requests per second (default and cap: the config's migration.maxRatePerSecond, else 50; unlimited " +
        'where uncapped)',
    },
    concurrency: {
      type: 'string',
      value: 'N',
      help: 'requests at once (default and cap: migration.concurrency, else 8)',
    },
    resume: { type: 'boolean', help: 'continue from the mapping.csv in --out (rows with status error are retried)' },
    'compare-legacy': {
      type: 'boolean',
      help: 'also compare booking states with the old interface (legacyBaseUrl, credentials.legacy)',
    },
    as: { type: 'string', value: 'USER', help: 'primary (default), limited (credentials.limitedVenue) or read-only' },
    'seed-count': {
      type: 'string',
      value: 'N',
      help: 'embedded reference API only: N extra certificates (also REF_SEED_COUNT)',
    },
    progress: {
      type: 'string',
      value: 'MODE',
      help: 'bar, lines or none (default: a bar on a terminal, else a line every 5 s)',
    },
  },
  exitCodes: {
    0: 'every line resolved',
    1: 'some did not (summary.md says which kinds)',
    2: 'usage or config error',
    3: 'target unreachable (preflight) or lost during the run',
  },
  run: async () => {
    let args;
    try {
      args = parseMigrateArgs(process.argv.slice(2));
    } catch (error) {
      throw error instanceof UsageError ? new CommandError(error.message, 2) : error;
    }
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
