/** `npm run peer:schemathesis`: Schemathesis drives docs/openapi.json against a target
 * (fixtures/harness/peers/schemathesis.ts). */
import { environmentName } from '../fixtures/environments/open-target.ts';
import { runPeerSchemathesis } from '../fixtures/harness/peers/schemathesis.ts';
import { integerFlag, runMain } from './lib/run-main.ts';

/** The harness's property seed (README: Properties), so a failure replays with the same number. */
const DEFAULT_SEED = 20261121;

runMain({
  name: 'peer:schemathesis',
  summary:
    'The pinned Schemathesis (installed into .tools/, Python 3.11+) drives every operation of ' +
    'docs/openapi.json against a target with all its checks, a fixed seed and its stateful phase.',
  options: {
    env: {
      type: 'string',
      value: 'NAME|PATH',
      help: 'environment config (default $PVH_ENV or local: the embedded reference API)',
    },
    'max-examples': { type: 'string', value: 'N', default: '100', help: 'examples per operation' },
    seed: {
      type: 'string',
      value: 'N',
      default: String(DEFAULT_SEED),
      help: 'Schemathesis seed (default the harness property seed)',
    },
  },
  environment: { PVH_PYTHON: 'the Python 3.11+ interpreter (default python3 on PATH)' },
  exitCodes: {
    0: 'no finding, the stateful phase ran, every operation answered 2xx at least once',
    1: 'a finding, or an operation that never answered 2xx',
    2: 'cannot run here (no Python 3.11+, a bad config, the install failed) or a usage error',
    3: 'the target gave no token',
  },
  run: (values) =>
    runPeerSchemathesis({
      env: values.env ?? environmentName(),
      seed: integerFlag('--seed', values.seed),
      maxExamples: integerFlag('--max-examples', values['max-examples'], { min: 1 }),
    }),
});
