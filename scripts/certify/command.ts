/**
 * `npm run certify`'s flags, help and exit codes (scripts/lib/run-main.ts), and the run (run.ts) or runs
 * (repeat.ts).
 */
import { environmentName } from '../../fixtures/environments/open-target.ts';
import { TOKEN_HOLD_VARIABLE } from '../../fixtures/environments/load.ts';
import { certify } from './run.ts';
import { certifyRepeatedly, VERDICTS_DIFFERED } from './repeat.ts';
import { PROMETHEUS_FLAG, PROMETHEUS_URL_VAR } from '../../reporters/prometheus/send.ts';
import { EXIT_CODE } from '../../fixtures/judgement/index.ts';
import { REPLAY_BUDGET_VARIABLE } from '../../fixtures/judgement/index.ts';
import { integerFlag, runMain } from '../lib/run-main.ts';

runMain({
  name: 'certify',
  summary:
    'Runs the conformance suites against one environment, writes ' +
    'reports/certification/{results.json,SUMMARY.md,index.html} and reports/junit/results.xml, and exits with ' +
    'the verdict.',
  options: {
    env: {
      type: 'string',
      value: 'NAME|PATH',
      help:
        'environment config: local (default, or $PVH_ENV; starts the embedded reference API),\nstaging, ' +
        'production, or the path to a config file of your own (fixtures/environments/types.ts)',
    },
    grep: {
      type: 'string',
      value: 'PATTERN',
      help: 'only tests whose title or tags match, e.g. @PV-3-CONFLICT or @must',
    },
    bundle: {
      type: 'boolean',
      help: 'then write the evidence bundle (certification/bundle/, see npm run verify-bundle)',
    },
    prometheus: PROMETHEUS_FLAG,
    verbose: {
      type: 'boolean',
      help: 'a line per test (default: a progress line per 10 % and a line per test that did not pass)',
    },
    'token-hold': {
      type: 'string',
      value: 'SECONDS',
      help:
        'hold tokens this long beside the suites (config certify.tokenHoldSeconds): a nightly run\nwaits out ' +
        'long clock skews and uses one token for its whole stated life, e.g. 3700',
    },
    'replay-budget': {
      type: 'string',
      value: 'SECONDS',
      help:
        "let the diagnosis replay failed tests alone for at least this long (default: a fifth of the\nrun's " +
        "wall time, which a short run's replay may not fit in), e.g. 15",
    },
    repeat: {
      type: 'string',
      value: 'N',
      help:
        'certify N times, one after the other, and print how many runs reached each\nverdict and the clauses ' +
        'that differed (reports in <report dir>/repeat/run-N/)',
    },
  },
  positionals: '[-- PLAYWRIGHT-ARGS]',
  environment: {
    PVH_ENV: 'default of --env (local when unset)',
    PVH_WORKERS:
      'Playwright workers, 1 to 64; each certifies with its own slice of the pool (default: chosen\nfrom the ' +
      'round-trip time, the pool and certify.maxConcurrency: 2 on loopback, up to 16)',
    FC_LANES: 'property examples run side by side in a worker, at most (default 8; 1: one at a time)',
    PVH_REPORT_DIR: 'where the reports are written (default reports)',
    [PROMETHEUS_URL_VAR]: 'default of --prometheus',
  },
  exitCodes: {
    [EXIT_CODE.CONFORMANT]: 'CONFORMANT',
    [EXIT_CODE['NOT CONFORMANT']]: 'NOT CONFORMANT',
    [EXIT_CODE['CONFIG ERROR']]:
      'CONFIG ERROR (or a usage error), before any request: a missing variable, a placeholder URL (a reserved ' +
      'example.com name), a malformed pool;\nor the target contradicts the config: a pool certificate it ' +
      'lacks, a user it refuses (the primary too), a booking limit\nit refuses with 413 or states lower than ' +
      'declared',
    [EXIT_CODE.INCONCLUSIVE]:
      'INCONCLUSIVE: unreachable, stopped answering, interrupted, or a MUST check could not complete',
    [EXIT_CODE['CONFORMANT ON WHAT WAS TESTED']]:
      'CONFORMANT ON WHAT WAS TESTED: every check that ran held, some clause was not (fully) tested and the ' +
      'config does not accept the gap',
    [VERDICTS_DIFFERED]: '--repeat only: the runs did not all reach the same verdict',
  },
  run: (values, positionals) => {
    if (values['replay-budget'] !== undefined)
      process.env[REPLAY_BUDGET_VARIABLE] = String(
        integerFlag('--replay-budget', values['replay-budget'], { min: 1, max: 3600 }),
      );
    if (values['token-hold'] !== undefined)
      process.env[TOKEN_HOLD_VARIABLE] = String(
        integerFlag('--token-hold', values['token-hold'], { min: 1, max: 86_400 }),
      );
    const options = {
      env: values.env ?? environmentName(),
      bundle: !!values.bundle,
      verbose: !!values.verbose,
      playwrightArgs: positionals,
      ...(values.grep ? { grep: values.grep } : {}),
      ...(values.prometheus !== undefined ? { prometheus: values.prometheus } : {}),
    };
    return values.repeat === undefined
      ? certify(options)
      : certifyRepeatedly(options, integerFlag('--repeat', values.repeat, { min: 1, max: 1000 }));
  },
});
