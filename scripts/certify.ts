/**
 * `npm run certify`: the conformance run and its verdict (scripts/certify/). A stop signal is held
 * from the first line, before the code loads: the run says what it interrupted and exits 3.
 */
import { holdStopSignals } from '../fixtures/harness/run/early-signals.ts';

holdStopSignals();
await import('./certify/command.ts');
