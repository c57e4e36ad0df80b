/** `npm run client:check`: the sandbox that judges a partner's client (fixtures/client-check/command.ts). */
import path from 'node:path';
import { listLines, parseRequire, parseScenarios, readTls, runClientCheck } from '../fixtures/client-check/command.ts';
import { CI_SCENARIOS, scenarioNames } from '../fixtures/client-check/scenarios.ts';
import { DEFAULT_PORTS } from '../fixtures/reference-api/index.ts';
import { integerFlag, runMain } from './lib/run-main.ts';

runMain({
  name: 'client:check',
  summary:
    'Runs the reference API as a sandbox that records every request your client makes, prints each mistake as ' +
    'it happens, and when stopped writes the client report (reports/client/): every client rule PASS, FAIL or ' +
    'NOT EXERCISED, with the requests that showed it.',
  options: {
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
  },
  environment: { PVH_REPORT_DIR: 'the report goes to $PVH_REPORT_DIR/client (default reports/client)' },
  exitCodes: {
    0:
      "every exercised MUST rule held (with --strict, every exercised rule), and every --require'd rule was " +
      'exercised and held (or --list)',
    1:
      "a MUST rule failed (with --strict, any rule), or a --require'd rule failed or was not exercised (or the " +
      'sandbox could not start)',
    2: 'usage error',
    3: 'no request reached the sandbox: nothing to judge',
  },
  run: async (values) => {
    if (values.list) {
      for (const line of listLines()) console.log(line);
      return 0;
    }
    const base =
      values['port-base'] === undefined
        ? undefined
        : integerFlag('--port-base', values['port-base'], { min: 0, max: 65533 });
    const ports =
      base === undefined
        ? DEFAULT_PORTS
        : base === 0
          ? { api: 0, auth: 0, legacy: 0 }
          : { api: base, auth: base + 1, legacy: base + 2 };
    const num = (flag: string, text: string | undefined, min: number) =>
      text === undefined ? undefined : integerFlag(flag, text, { min });
    const duration = num('--duration', values.duration, 1);
    const calls = num('--calls', values.calls, 1);
    const tls = readTls(values['tls-cert'], values['tls-key'], values['client-ca']);
    return runClientCheck({
      ports,
      scenarios: parseScenarios(values.scenario ?? []),
      retryAfterSeconds: num('--retry-after', values['retry-after'], 1) ?? 3,
      ...(duration !== undefined ? { durationSeconds: duration } : {}),
      ...(calls !== undefined ? { calls } : {}),
      ...(values.run ? { command: values.run } : {}),
      ...(values['ready-file'] ? { readyFile: values['ready-file'] } : {}),
      require: parseRequire(values.require),
      strict: values.strict ?? false,
      // Printed as given: an absolute PVH_REPORT_DIR stays absolute, a relative one relative to here.
      reportDir: path.join(process.env.PVH_REPORT_DIR ?? 'reports', 'client'),
      ...(tls ? { tls } : {}),
    });
  },
});
