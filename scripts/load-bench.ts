/** `npm run load:bench`: the highest read rate k6 sustains, against the raw ceiling (load/node/bench.ts). */
import { environmentName } from '../fixtures/environments/open-target.ts';
import { bench } from '../load/node/bench.ts';
import { loadOptionsFrom } from '../load/node/options.ts';
import { FIXED_SCENARIO_FLAGS } from './lib/load-options.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'load:bench',
  summary: 'Steps the read-throughput scenario through rising arrival rates until one is not sustained, then measures the raw ceiling of the same endpoint (about 1.5 minutes).',
  synopsis: '[--env NAME|PATH] [options]',
  options: FIXED_SCENARIO_FLAGS,
  exitCodes: { 0: 'some rate was sustained', 1: 'no rate was sustained', 2: 'usage or config error, or k6 unavailable' },
  run: (values) => bench(loadOptionsFrom({ ...values, scenario: 'read-throughput' }, values.env ?? environmentName())),
});
