/** `npm run coverage:clauses`: which tests cover each clause and each way in (scripts/coverage/). */
import { environmentName } from '../fixtures/environments/open-target.ts';
import { checkCoverage } from './coverage/check.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'coverage:clauses',
  summary:
    'Lists every catalogue clause with the tests that cover it, then the coverage matrix (every MUST ' +
    'behaviour through every way in), marking cells the config cannot serve as not run.',
  options: {
    env: {
      type: 'string',
      value: 'NAME|PATH',
      help:
        'environment config whose pool, users and write policy decide which cells can run (default $PVH_ENV or ' +
        'local)',
    },
    json: { type: 'boolean', help: 'print the same as JSON' },
  },
  exitCodes: {
    0: 'every MUST clause and every cell the config could serve has a test',
    1: 'a MUST clause or such a cell has none',
    2: 'usage or config error, or the suites cannot be listed',
  },
  run: (values) => checkCoverage(values.env ?? environmentName(), !!values.json),
});
