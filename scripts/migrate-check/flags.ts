/**
 * The flags of `npm run migrate:check` and their help (scripts/migrate-check.ts); parseMigrateArgs
 * (fixtures/migration/input/args.ts) reads them.
 */
import type { OptionSpec } from '../lib/run-main.ts';

export const MIGRATE_CHECK_FLAGS = {
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
} as const satisfies Record<string, OptionSpec>;
