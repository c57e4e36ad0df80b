/** `npm run load:bench`: load generators side by side on one endpoint (load/node/bench.ts). */
import { environmentName } from '../fixtures/environments/open-target.ts';
import { bench } from '../load/node/bench.ts';
import { loadOptionsFrom } from '../load/node/options.ts';
import { FIXED_SCENARIO_FLAGS } from './lib/load-options.ts';
import { runMain } from './lib/run-main.ts';

// The bench fixes rates, VUs, durations and the profile itself, and refuses capped targets: only the target's flags
// apply.
const { env, fault, variant, 'latency-ms': latencyMs, 'race-window-ms': raceWindowMs } = FIXED_SCENARIO_FLAGS;

runMain({
  name: 'load:bench',
  summary:
    'A fair side-by-side of load generators on one endpoint and 16 connections: wrk (else autocannon), a bare ' +
    'k6 script, read-throughput closed and open loop, contention; writes reports/load/bench.json and ' +
    'bench.svg (about 1.5 minutes).',
  synopsis: '[--env NAME|PATH] [options]',
  options: { env, fault, variant, 'latency-ms': latencyMs, 'race-window-ms': raceWindowMs },
  exitCodes: {
    0: 'every generator ran without failures and an open-loop rate was sustained',
    1: 'failures, or no open-loop rate was sustained',
    2: 'usage or config error, or k6 unavailable',
  },
  run: (values) => bench(loadOptionsFrom({ ...values, scenario: 'read-throughput' }, values.env ?? environmentName())),
});
