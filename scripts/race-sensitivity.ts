/** `npm run race:sensitivity`: detection rate of the race check (fixtures/harness/race/sensitivity.ts). */
import { runMain } from './lib/run-main.ts';
import { measureSensitivity, SCENARIOS } from '../fixtures/harness/race/sensitivity.ts';

runMain({
  name: 'race:sensitivity',
  summary:
    "Measures how reliably the race check detects the reference API's race-window fault at each window width, " +
    'and its false alarms without the fault.',
  options: {
    'window-ms': { type: 'string', value: 'W[,W...]', default: '1', help: 'gap(s) of the fault in ms (default 1)' },
    trials: { type: 'string', value: 'T', default: '20', help: 'trials per window (default 20)' },
    'clean-trials': { type: 'string', value: 'C', help: 'trials without the fault (default T)' },
    n: { type: 'string', value: 'N', default: '20', help: 'requests per trial, 2 to 200 (default 20)' },
    fault: {
      type: 'string',
      value: 'NAME',
      default: 'race-window',
      help: 'the fault to measure (default race-window)',
    },
    scenario: { type: 'string', value: 'NAME', default: 'book', help: `${SCENARIOS.join(', ')} (default book)` },
    'in-process': { type: 'boolean', help: 'the server in this process instead of a child process' },
    json: { type: 'boolean', help: 'print the rows as JSON' },
    sweep: {
      type: 'boolean',
      help:
        'windows 1 µs to 2 ms (1, 2, 5 per decade; replaces --window-ms), clean trials 5x T; writes ' +
        'reports/race/sensitivity.{json,svg}',
    },
  },
  exitCodes: {
    0: 'no false alarm (missed detections are a measurement)',
    1: 'a false alarm without the fault',
    2: 'usage error',
  },
  run: (v) =>
    measureSensitivity({
      windowMs: v['window-ms'],
      trials: v.trials,
      n: v.n,
      fault: v.fault,
      scenario: v.scenario,
      inProcess: !!v['in-process'],
      json: !!v.json,
      sweep: !!v.sweep,
      ...(v['clean-trials'] ? { cleanTrials: v['clean-trials'] } : {}),
    }),
});
