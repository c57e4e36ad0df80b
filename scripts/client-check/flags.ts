/** The flags of `npm run client:check` and their help (scripts/client-check.ts). */
import { CI_SCENARIOS, scenarioNames } from '../../fixtures/client-check/scenarios.ts';
import { DEFAULT_PORTS } from '../../fixtures/reference-api/index.ts';
import type { OptionSpec } from '../lib/run-main.ts';

export const CLIENT_CHECK_FLAGS = {
  'port-base': {
    type: 'string',
    value: 'N',
    help:
      `API on N, token endpoint N+1, legacy host N+2 (default ${DEFAULT_PORTS.api}-${DEFAULT_PORTS.legacy}, ` +
      `as npm run reference; 0: free ports)`,
  },
  scenario: {
    type: 'string',
    value: 'NAME',
    multiple: true,
    help:
      `arm scenarios at start (repeatable or comma-separated, played in order): ` +
      `${scenarioNames.join(', ')};\na partner's CI arms them all: --scenario ${CI_SCENARIOS.join(',')}`,
  },
  'retry-after': {
    type: 'string',
    value: 'S',
    help: 'seconds the rate-limit and unavailable scenarios ask the client to wait (default 3)',
  },
  duration: { type: 'string', value: 'S', help: 'stop after S seconds' },
  calls: { type: 'string', value: 'N', help: 'stop after N requests' },
  run: {
    type: 'string',
    value: 'CMD',
    help:
      'run CMD (sh -c) against the sandbox and stop when it ends; it gets ' +
      'CLIENT_CHECK_BASE_URL,\nCLIENT_CHECK_AUTH_URL, CLIENT_CHECK_CLIENT_ID, CLIENT_CHECK_CLIENT_SECRET, ' +
      'CLIENT_CHECK_CERTS, CLIENT_CHECK_CONTROL_URL',
  },
  require: {
    type: 'string',
    value: 'RULES',
    help:
      'rule IDs (comma-separated) that must be exercised and pass, SHOULD ones included: a rule\nnot ' +
      'exercised otherwise never fails the check',
  },
  strict: {
    type: 'boolean',
    help: 'every exercised rule must hold, SHOULD included (a CI that reads only the exit code)',
  },
  'tls-cert': { type: 'string', value: 'FILE', help: 'serve HTTPS with this PEM certificate (with --tls-key)' },
  'tls-key': { type: 'string', value: 'FILE', help: 'the PEM private key of --tls-cert' },
  'client-ca': {
    type: 'string',
    value: 'FILE',
    help: 'require a client certificate signed by this PEM CA (mutual TLS)',
  },
  'ready-file': {
    type: 'string',
    value: 'FILE',
    help:
      'once ready, write the --run variables there (NAME=VALUE lines, values raw), for a test that\nstarted ' +
      'the check as a process; removed when it stops',
  },
  list: { type: 'boolean', help: 'print the rules and scenarios and exit' },
} as const satisfies Record<string, OptionSpec>;
