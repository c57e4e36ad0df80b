/** `npm run load:segments`: two k6 execution segments do the work of one process (load/node/segments.ts). */
import { environmentName } from '../fixtures/environments/open-target.ts';
import { loadOptionsFrom } from '../load/node/options.ts';
import { compareSegments } from '../load/node/segments.ts';
import { FIXED_SCENARIO_FLAGS } from './lib/load-options.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'load:segments',
  summary: 'Runs the fixed-work read-segments scenario once whole and once as two concurrent execution segments, and compares the iteration totals.',
  synopsis: '[--env NAME|PATH] [options]',
  options: FIXED_SCENARIO_FLAGS,
  exitCodes: { 0: 'the two segments did the same total work', 1: 'the totals differ or a k6 run failed', 2: 'usage or config error, or k6 unavailable' },
  run: (values) => compareSegments(loadOptionsFrom({ ...values, scenario: 'read-segments' }, values.env ?? environmentName())),
});
