/** `npm run reference`: the reference API as a sandbox on 127.0.0.1 (fixtures/reference-api/server/sandbox.ts). */
import {
  DEFAULT_PORTS,
  faultList,
  REFERENCE_ENV_VARS,
  serveSandbox,
  variantList,
} from '../fixtures/reference-api/index.ts';
import { CommandError, runMain } from './lib/run-main.ts';
import { referenceArguments } from './reference/arguments.ts';
import { REFERENCE_FLAGS } from './reference/flags.ts';

runMain({
  name: 'reference',
  summary:
    `Starts the Partner Voucher reference API on 127.0.0.1 (API ${DEFAULT_PORTS.api}, token ` +
    `${DEFAULT_PORTS.auth}, legacy ${DEFAULT_PORTS.legacy}), prints its URLs and demo credentials, and runs ` +
    `until Ctrl-C.`,
  options: REFERENCE_FLAGS,
  environment: REFERENCE_ENV_VARS,
  exitCodes: {
    0: 'stopped by Ctrl-C, SIGTERM or SIGHUP (or a list printed)',
    1: 'the server could not start (e.g. a port in use)',
    2: 'usage error',
  },
  run: async () => {
    const { options, portBase, listFaults, listVariants, reuse, readyFile } = referenceArguments(process.argv.slice(2));
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
