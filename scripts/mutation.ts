/** `npm run mutation`: the mutation score of the suites (scripts/mutation/run.ts). */
import { runMutation } from './mutation/run.ts';
import { MAX_WORKERS } from '../fixtures/harness/run/worker-count.ts';
import { integerFlag, runMain } from './lib/run-main.ts';

runMain({
  name: 'mutation',
  summary:
    'Runs the conformance suites against every fault (each must be killed) and every conformant variant (each ' +
    'must pass) of the reference API, writes $PVH_REPORT_DIR/mutation/summary.{json,md} and prints the score ' +
    'last.',
  options: {
    only: {
      type: 'string',
      value: 'NAME',
      multiple: true,
      help:
        'one fault or variant (repeatable; fixtures/reference-api/faults/faults.ts, variants.ts,\nor ' +
        'reference-default for the unmodified reference)',
    },
    workers: {
      type: 'string',
      value: 'N',
      help: 'parallel workers (default 6, or $PVH_MUTATION_WORKERS); tests mostly wait on I/O',
    },
    reduced: {
      type: 'string',
      value: 'all|none|N',
      help:
        'faults under thinner configs (no limitedVenue, readOnly, shortLived, legacy; writes off):\nall pairs, ' +
        'none, or rotation N of 5 (default: the day of the year mod 5)',
    },
  },
  environment: {
    PVH_REPORT_DIR: 'where mutation/ is written (default reports)',
    PVH_MUTATION_WORKERS: 'default of --workers',
  },
  exitCodes: {
    0: 'every fault killed, every variant passed, every check explained, no fault PASS under a reduced config',
    1: 'a survivor, a false alarm, an unexplained check, or a fault whose clause was PASS under a reduced config',
    2: 'usage error, or the run could not complete',
  },
  crashExitCode: 2,
  run: (values) =>
    runMutation({
      ...(values.only ? { only: values.only } : {}),
      ...(values.workers !== undefined
        ? { workers: integerFlag('--workers', values.workers, { min: 1, max: MAX_WORKERS }) }
        : {}),
      ...(values.reduced !== undefined
        ? {
            reduced:
              values.reduced === 'all' || values.reduced === 'none'
                ? values.reduced
                : { rotation: integerFlag('--reduced', values.reduced, { min: 0, max: 4 }) },
          }
        : {}),
    }),
});
