/**
 * The run `npm run client:check`'s flags ask for (fixtures/client-check/command.ts): ports, scenarios,
 * limits, the command to run, the rules required, TLS and the report's directory. A bad value is a
 * CommandError naming its flag (exit 2).
 */
import path from 'node:path';
import { parseRequire, parseScenarios, readTls, type ClientCheckRun } from '../../fixtures/client-check/command.ts';
import { DEFAULT_PORTS } from '../../fixtures/reference-api/index.ts';
import { integerFlag, type OptionValues } from '../lib/run-main.ts';
import type { CLIENT_CHECK_FLAGS } from './flags.ts';

export function clientCheckRun(values: OptionValues<typeof CLIENT_CHECK_FLAGS>): ClientCheckRun {
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
  return {
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
  };
}
