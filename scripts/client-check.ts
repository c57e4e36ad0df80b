/** `npm run client:check`: the sandbox that judges a partner's client (fixtures/client-check/command.ts). */
import { listLines, runClientCheck } from '../fixtures/client-check/command.ts';
import { CLIENT_CHECK_FLAGS } from './client-check/flags.ts';
import { clientCheckRun } from './client-check/settings.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'client:check',
  summary:
    'Runs the reference API as a sandbox that records every request your client makes, prints each mistake as ' +
    'it happens, and when stopped writes the client report (reports/client/): every client rule PASS, FAIL or ' +
    'NOT EXERCISED, with the requests that showed it.',
  options: CLIENT_CHECK_FLAGS,
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
    return runClientCheck(clientCheckRun(values));
  },
});
