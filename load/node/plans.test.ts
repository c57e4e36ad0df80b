/**
 * The plans load:bench relies on (load/lib/profiles.ts): closed loop with --vus alone, all VUs of
 * an arrival rate preallocated, and a warm-up that runs first and is a scenario of its own.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { planFor, planSeconds } from '../lib/profiles.ts';

test('read-throughput: --vus alone is a closed loop, --rate with --vus preallocates exactly those VUs', () => {
  expect(planFor('read-throughput', 'smoke', { vus: 16, duration: '8s' }).scenarios.reads).toMatchObject({
    executor: 'constant-vus',
    vus: 16,
    duration: '8s',
  });
  expect(planFor('read-throughput', 'smoke', { rate: 5000, vus: 64 }).scenarios.reads).toMatchObject({
    executor: 'constant-arrival-rate',
    rate: 5000,
    preAllocatedVUs: 64,
    maxVUs: 64,
  });
  // Without --vus: the VUs 20 ms per request needs, all before the start.
  expect(planFor('read-throughput', 'smoke', { rate: 2000 }).scenarios.reads).toMatchObject({ preAllocatedVUs: 40 });
});

test('a warm-up runs the same load first, ends at once, and the measured scenario starts after it', () => {
  const plan = planFor('read-throughput', 'smoke', { vus: 16, duration: '8s', warmup: '2s' });
  expect(plan.scenarios.warmup_reads).toMatchObject({
    executor: 'constant-vus',
    vus: 16,
    duration: '2s',
    gracefulStop: '0s',
  });
  expect(plan.scenarios.reads).toMatchObject({ startTime: '2s', duration: '8s' });
  expect(planSeconds(plan)).toBe(10);
});
