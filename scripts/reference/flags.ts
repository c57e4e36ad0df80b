/** The flags of `npm run reference` and their help (scripts/reference.ts); the reference API's face reads them. */
import { DEFAULT_SHORT_TOKEN_TTL } from '../../fixtures/reference-api/index.ts';
import type { OptionSpec } from '../lib/run-main.ts';

export const REFERENCE_FLAGS = {
  fault: {
    type: 'string',
    value: 'NAME',
    multiple: true,
    help: 'break one behaviour on purpose (repeatable; --list-faults)',
  },
  variant: { type: 'string', value: 'NAME', help: 'a conformant alternative behaviour (--list-variants)' },
  'token-ttl': { type: 'string', value: 'S', help: 'token lifetime in seconds (default 3600)' },
  'short-token-ttl': {
    type: 'string',
    value: 'S',
    help: `lifetime of partner-shortlived tokens (default ${DEFAULT_SHORT_TOKEN_TTL})`,
  },
  'race-window-ms': { type: 'string', value: 'MS', help: 'gap used by the race faults (default 1)' },
  'latency-ms': { type: 'string', value: 'MS', help: 'latency added to every request' },
  'error-rate': { type: 'string', value: 'R', help: 'fraction of requests answered 503' },
  'drop-rate': { type: 'string', value: 'R', help: 'fraction of connections dropped' },
  'seed-count': {
    type: 'string',
    value: 'N',
    help:
      'N extra deterministic certificates after the demo pool (legacy numbers 6000001…, references X0000000…, ' +
      'every ninth booked), to measure at scale',
  },
  'port-base': { type: 'string', value: 'N', help: 'listen on N, N+1, N+2 instead (0: free ports the system picks)' },
  reuse: {
    type: 'boolean',
    help: 'if a sandbox with the same options is already running, use it instead of starting one',
  },
  'ready-file': {
    type: 'string',
    value: 'FILE',
    help:
      'once ready, write its URLs and a token of each demo user there (sh assignments;\nwhat a reproduce.sh ' +
      'reads); removed when it stops',
  },
  'list-faults': { type: 'boolean', help: 'print the faults and exit' },
  'list-variants': { type: 'boolean', help: 'print the conformant variants and exit' },
} as const satisfies Record<string, OptionSpec>;
