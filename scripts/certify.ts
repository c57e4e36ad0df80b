/** `npm run certify`: the conformance run and its verdict (fixtures/harness/certify/run.ts). */
import { environmentName } from '../fixtures/environments/open-target.ts';
import { certify } from '../fixtures/harness/certify/run.ts';
import { PROMETHEUS_FLAG, PROMETHEUS_URL_VAR } from '../reporters/prometheus/send.ts';
import { EXIT_CODE } from '../reporters/certification/verdicts.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'certify',
  summary: 'Runs the conformance suites against one environment, writes reports/certification/{results.json,SUMMARY.md,index.html} and reports/junit/results.xml, and exits with the verdict.',
  options: {
    env: { type: 'string', value: 'NAME|PATH', help: 'environment config: local (default, or $PVH_ENV; starts the embedded reference API),\nstaging, production, or the path to a config file of your own (fixtures/environments/types.ts)' },
    grep: { type: 'string', value: 'PATTERN', help: 'only tests whose title or tags match, e.g. @PV-3-CONFLICT or @must' },
    bundle: { type: 'boolean', help: 'then write the evidence bundle (certification/bundle/, see npm run verify-bundle)' },
    prometheus: PROMETHEUS_FLAG,
    verbose: { type: 'boolean', help: 'a line per test (default: a progress line per 10 % and a line per test that did not pass)' },
  },
  positionals: '[-- PLAYWRIGHT-ARGS]',
  environment: {
    PVH_ENV: 'default of --env (local when unset)',
    PVH_WORKERS: 'Playwright workers, 1 to 64; each certifies with its own slice of the pool (default: chosen\nfrom the round-trip time, the pool and certify.maxConcurrency: 2 on loopback, up to 8)',
    FC_LANES: 'property examples run side by side in a worker, at most (default 8; 1: one at a time)',
    PVH_REPORT_DIR: 'where the reports are written (default reports)',
    [PROMETHEUS_URL_VAR]: 'default of --prometheus',
  },
  exitCodes: {
    [EXIT_CODE.CONFORMANT]: 'CONFORMANT',
    [EXIT_CODE['NOT CONFORMANT']]: 'NOT CONFORMANT',
    2: 'usage or config error, before any request: a missing variable, a placeholder URL (a reserved example.com name), a malformed pool',
    [EXIT_CODE.INCONCLUSIVE]: 'INCONCLUSIVE: unreachable, stopped answering, interrupted, or a MUST check could not complete',
    [EXIT_CODE['CONFORMANT ON WHAT WAS TESTED']]: 'CONFORMANT ON WHAT WAS TESTED: every check that ran held, some clause was not (fully) tested and the config does not accept the gap',
  },
  run: (values, positionals) => certify({ env: values.env ?? environmentName(), bundle: !!values.bundle, verbose: !!values.verbose, playwrightArgs: positionals, ...(values.grep ? { grep: values.grep } : {}), ...(values.prometheus !== undefined ? { prometheus: values.prometheus } : {}) }),
});
