/** `npm run k6:ensure`: finds k6 v2 or builds it into .tools/bin (load/node/k6-binary.ts). */
import { locateK6 } from '../load/node/k6-binary.ts';
import { CommandError, runMain } from './lib/run-main.ts';

runMain({
  name: 'k6:ensure',
  summary:
    'Finds k6 (K6_BIN, then PATH, then .tools/bin) or builds v2.2.0 with Go into .tools/bin/k6, and prints ' +
    'which one the load commands will use.',
  options: {},
  environment: { K6_BIN: 'a k6 v2 binary to use instead of looking for one' },
  exitCodes: {
    0: 'k6 found or built',
    1: 'no k6 and it could not be built (the line says what to do)',
    2: 'usage error',
  },
  run: async () => {
    try {
      const k6 = await locateK6();
      console.log(`k6 ${k6.version} at ${k6.bin} (${k6.source})`);
      return 0;
    } catch (error) {
      throw error instanceof CommandError ? new CommandError(error.message, 1) : error;
    }
  },
});
