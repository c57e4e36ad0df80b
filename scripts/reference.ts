/** `npm run reference`: the reference API as a sandbox on 127.0.0.1 (fixtures/reference-api/server/sandbox.ts). */
import {
  DEFAULT_PORTS,
  DEFAULT_SHORT_TOKEN_TTL,
  faultList,
  parseReferenceArgs,
  REFERENCE_ENV_VARS,
  serveSandbox,
  variantList,
} from '../fixtures/reference-api/index.ts';
import { CommandError, runMain } from './lib/run-main.ts';

/** The face's own reading of the flags (options.ts: flags win over REF_* variables); runMain checked them against the
 * list below. */
function parsed(): ReturnType<typeof parseReferenceArgs> {
  try {
    return parseReferenceArgs(process.argv.slice(2));
  } catch (error) {
    throw new CommandError(`${(error as Error).message} Run npm run reference -- --help.`);
  }
}

runMain({
  name: 'reference',
  summary:
    `Starts the Partner Voucher reference API on 127.0.0.1 (API ${DEFAULT_PORTS.api}, token ` +
    `${DEFAULT_PORTS.auth}, legacy ${DEFAULT_PORTS.legacy}), prints its URLs and demo credentials, and runs ` +
    `until Ctrl-C.`,
  options: {
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
  },
  environment: REFERENCE_ENV_VARS,
  exitCodes: {
    0: 'stopped by Ctrl-C, SIGTERM or SIGHUP (or a list printed)',
    1: 'the server could not start (e.g. a port in use)',
    2: 'usage error',
  },
  run: async () => {
    const { options, portBase, listFaults, listVariants, reuse, readyFile } = parsed();
    if (listFaults || listVariants) {
      for (const line of listFaults ? faultList() : variantList()) console.log(line);
      return 0;
    }
    try {
      await serveSandbox(options, {
        ...(portBase !== undefined ? { portBase } : {}),
        reuse,
        ...(readyFile ? { readyFile } : {}),
      });
    } catch (error) {
      throw new CommandError((error as Error).message, 1);
    }
    return 0;
  },
});
