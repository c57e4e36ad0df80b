/**
 * `npm run network:stage`: the company-network stage (scripts/network-stage/stage.ts): the
 * reference API behind nginx (private CA, mutual TLS, a gateway key) reachable only through squid.
 * Without --check it prints a config and the variables to try it by hand and runs until Ctrl-C;
 * with --check it certifies through it and checks each verdict and message (stage-check.ts; the CI
 * step 27-network).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { checkStage, fullSettings } from './network-stage/stage-check.ts';
import { startStage } from './network-stage/stage.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'network:stage',
  summary:
    'Starts the reference API behind nginx (private CA, mutual TLS, gateway key) reachable only through ' +
    'squid; --check certifies through it and checks every verdict (needs squid and nginx).',
  options: { check: { type: 'boolean', help: 'run the checks and exit (0 every one held, 1 not)' } },
  environment: { PVH_REPORT_DIR: 'where --check writes (under network-stage/; default reports)' },
  exitCodes: {
    0: 'every check held (or stopped by Ctrl-C)',
    1: 'a check failed, or the stage could not start',
    2: 'usage error',
  },
  run: async (values) => {
    const stage = await startStage({ log: (line) => console.log(`network:stage: ${line}`) });
    try {
      if (values.check) {
        const out = path.resolve(process.env.PVH_REPORT_DIR ?? 'reports', 'network-stage');
        rmSync(out, { recursive: true, force: true });
        mkdirSync(out, { recursive: true });
        return await checkStage(stage, out);
      }
      const config = stage.config('company-network', fullSettings(stage));
      console.log(
        `\nTry it:\n${Object.entries({ ...stage.env, HTTPS_PROXY: stage.proxyUrl })
          .map(([k, v]) => `  export ${k}='${v}'`)
          .join('\n')}\n  npm run certify -- --env ${config}\n\nCtrl-C stops the stage.`,
      );
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()).once('SIGTERM', () => resolve()));
      return 0;
    } finally {
      await stage.close();
    }
  },
});
