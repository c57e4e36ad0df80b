/** The flags of `npm run load`, shared with load:bench and load:segments (which fix the scenario). */
import { PROFILES, SCENARIOS } from '../../load/lib/load-config.ts';
import { PROMETHEUS_FLAG } from '../../reporters/prometheus/send.ts';
import type { OptionSpec } from './run-main.ts';

const { scenario, ...rest } = {
  scenario: { type: 'string', value: 'NAME', help: `the k6 scenario: ${SCENARIOS.join(', ')}` },
  env: { type: 'string', value: 'NAME|PATH', help: 'environment config (default $PVH_ENV or local)' },
  profile: {
    type: 'string',
    value: 'NAME',
    default: 'smoke',
    help: `load profile: ${PROFILES.join(', ')} (default smoke)`,
  },
  fault: {
    type: 'string',
    value: 'NAME',
    multiple: true,
    help: 'local only: break the embedded reference API on purpose (repeatable)',
  },
  variant: { type: 'string', value: 'NAME', help: 'local only: a conformant variant of the reference API' },
  'latency-ms': { type: 'string', value: 'N', help: 'local only: latency the reference API adds to every request' },
  'race-window-ms': { type: 'string', value: 'N', help: 'local only: gap of the race-window fault' },
  rate: { type: 'string', value: 'N', help: 'override: constant arrival rate per second (arrival-rate scenarios)' },
  duration: { type: 'string', value: 'D', help: 'override: duration (k6 syntax, e.g. 30s)' },
  vus: {
    type: 'string',
    value: 'N',
    help:
      'override: VUs (contention, read-segments; read-throughput: a closed loop, or with --rate the VUs ' +
      'preallocated)',
  },
  'p95-ms': { type: 'string', value: 'N', help: 'override: p95 bound of the latency thresholds (p99 = 2x)' },
  'pool-size': { type: 'string', value: 'N', help: 'contention: how many writable certificates to race for' },
  'max-rate': { type: 'string', value: 'N', help: 'cap on request starts per second (required for production)' },
  'allow-production': { type: 'boolean', help: 'permit a run against an environment whose config disallows load' },
  'execution-segment': {
    type: 'string',
    value: 'S',
    help: 'passed to k6 (with --execution-segment-sequence), e.g. "0:1/2"',
  },
  'execution-segment-sequence': { type: 'string', value: 'S', help: 'passed to k6, e.g. "0,1/2,1"' },
} as const satisfies Record<string, OptionSpec>;

/** Every flag of `npm run load` (load:bench and load:segments measure the generator: they send no metrics). */
export const LOAD_FLAGS = { scenario, ...rest, prometheus: PROMETHEUS_FLAG };
/** The flags of a command that fixes the scenario itself. */
export const FIXED_SCENARIO_FLAGS = rest;
