/** `npm run load`: one k6 scenario with one profile (load/node/run.ts). */
import { environmentName } from '../fixtures/environments/open-target.ts';
import { loadOptionsFrom } from '../load/node/options.ts';
import { runLoad } from '../load/node/run.ts';
import { PROMETHEUS_URL_VAR } from '../reporters/prometheus/send.ts';
import { LOAD_FLAGS } from './lib/load-options.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'load',
  summary:
    'Runs one k6 load scenario with a profile against an environment and ends with one verdict line (LOAD ' +
    'PASS or LOAD FAIL).',
  synopsis: '--scenario NAME [--profile NAME] [--env NAME|PATH] [options]',
  options: LOAD_FLAGS,
  environment: {
    PVH_ENV: 'default of --env (local when unset)',
    PVH_REPORT_DIR: 'where the reports are written (default reports)',
    [PROMETHEUS_URL_VAR]: 'default of --prometheus',
  },
  exitCodes: {
    0: 'thresholds held',
    2: 'usage or config error, or k6 unavailable',
    99: 'thresholds crossed',
    other: "k6's own exit code, explained on the verdict line",
  },
  run: (values) => runLoad(loadOptionsFrom(values, values.env ?? environmentName())),
});
