/** `npm run load:segments`: N k6 execution segments do the work of one process (load/node/segments.ts). */
import { environmentName } from '../fixtures/environments/open-target.ts';
import { loadOptionsFrom } from '../load/node/options.ts';
import { compareSegments } from '../load/node/segments.ts';
import { FIXED_SCENARIO_FLAGS } from './lib/load-options.ts';
import { integerFlag, runMain } from './lib/run-main.ts';

const { 'execution-segment': _segment, 'execution-segment-sequence': _sequence, ...flags } = FIXED_SCENARIO_FLAGS;

runMain({
  name: 'load:segments',
  summary:
    'Runs the fixed-work read-segments scenario once whole and as N concurrent k6 processes with execution ' +
    'segments, merges their summaries (reports/load/segments-summary.json) and compares the totals.',
  synopsis: '[--env NAME|PATH] [--processes N] [options]',
  options: {
    ...flags,
    processes: { type: 'string', value: 'N', default: '2', help: 'how many segment processes, 2 to 8 (default 2)' },
  },
  exitCodes: {
    0: 'the segments together did the same work as one process',
    1: 'the totals differ or a k6 run failed',
    2: 'usage or config error, or k6 unavailable',
  },
  run: (values) =>
    compareSegments(
      loadOptionsFrom({ ...values, scenario: 'read-segments' }, values.env ?? environmentName()),
      integerFlag('--processes', values.processes, { min: 2, max: 8 }),
    ),
});
