/**
 * Load profiles (smoke, average, stress, spike, soak) per scenario, as k6 `scenarios` options.
 * Pure data and functions: the runner imports it too, to print the plan and enforce --max-rate.
 * Every rate is capped at `maxRate`; VU-driven scenarios are paced instead (see pacingMs).
 */
import type { LoadConfig, ProfileName, ScenarioName } from './load-config.ts';

type Stage = { target: number; duration: string };
export type K6Scenario = Record<string, unknown> & { executor: string; exec?: string };

export interface Plan {
  scenarios: Record<string, K6Scenario>;
  /** Latency bounds of the thresholds, in ms. */
  p95Ms: number;
  p99Ms: number;
  /** Minimum iteration time of VU-driven scenarios, so the request rate stays under maxRate. */
  pacingMs: number;
  /** Writable certificates the contention scenario races for. */
  contentionPoolSize: number;
}

const LATENCY: Record<ProfileName, [number, number]> = {
  smoke: [200, 400],
  average: [250, 500],
  stress: [500, 1000],
  spike: [800, 1500],
  soak: [250, 500],
};

const cap = (rate: number, max?: number) => (max && max > 0 ? Math.max(1, Math.min(rate, max)) : rate);
const capStages = (stages: Stage[], max?: number): Stage[] => stages.map((s) => ({ ...s, target: s.target === 0 ? 0 : cap(s.target, max) }));

function arrival(profile: ProfileName, rates: Record<ProfileName, number>, cfg: Pick<LoadConfig, 'rate' | 'duration' | 'maxRate'>, exec: string): K6Scenario {
  const base = { exec, timeUnit: '1s', gracefulStop: '10s' };
  if (cfg.rate !== undefined) {
    const rate = cap(cfg.rate, cfg.maxRate);
    return { ...base, executor: 'constant-arrival-rate', rate, duration: cfg.duration ?? '20s', preAllocatedVUs: Math.max(2, Math.ceil(rate / 10)), maxVUs: Math.max(10, rate) };
  }
  const r = rates[profile];
  switch (profile) {
    case 'smoke':
      return { ...base, executor: 'constant-arrival-rate', rate: cap(r, cfg.maxRate), duration: cfg.duration ?? '10s', preAllocatedVUs: 4, maxVUs: 20 };
    case 'average':
      return { ...base, executor: 'constant-arrival-rate', rate: cap(r, cfg.maxRate), duration: cfg.duration ?? '2m', preAllocatedVUs: Math.ceil(r / 5), maxVUs: r };
    case 'soak':
      return { ...base, executor: 'constant-arrival-rate', rate: cap(r, cfg.maxRate), duration: cfg.duration ?? '1h', preAllocatedVUs: Math.ceil(r / 5), maxVUs: r };
    case 'stress':
      return {
        ...base, executor: 'ramping-arrival-rate', startRate: cap(Math.ceil(r / 8), cfg.maxRate), preAllocatedVUs: Math.ceil(r / 8), maxVUs: r,
        stages: capStages([{ target: r / 2, duration: '1m' }, { target: r, duration: '2m' }, { target: r, duration: '2m' }, { target: 0, duration: '30s' }], cfg.maxRate),
      };
    case 'spike':
      return {
        ...base, executor: 'ramping-arrival-rate', startRate: cap(Math.ceil(r / 50), cfg.maxRate), preAllocatedVUs: Math.ceil(r / 10), maxVUs: r,
        stages: capStages([{ target: r / 50, duration: '20s' }, { target: r, duration: '10s' }, { target: r, duration: '1m' }, { target: r / 50, duration: '10s' }, { target: r / 50, duration: '20s' }], cfg.maxRate),
      };
  }
}

function vusPlan(profile: ProfileName, cfg: Pick<LoadConfig, 'vus' | 'duration'>, exec: string): { scenario: K6Scenario; maxVus: number } {
  const base = { exec, gracefulStop: '15s' };
  if (cfg.vus !== undefined) return { scenario: { ...base, executor: 'constant-vus', vus: cfg.vus, duration: cfg.duration ?? '20s' }, maxVus: cfg.vus };
  switch (profile) {
    case 'smoke':
      return { scenario: { ...base, executor: 'constant-vus', vus: 6, duration: cfg.duration ?? '8s' }, maxVus: 6 };
    case 'average':
      return { scenario: { ...base, executor: 'constant-vus', vus: 20, duration: cfg.duration ?? '2m' }, maxVus: 20 };
    case 'soak':
      return { scenario: { ...base, executor: 'constant-vus', vus: 10, duration: cfg.duration ?? '30m' }, maxVus: 10 };
    case 'stress':
      return {
        scenario: { ...base, executor: 'ramping-vus', startVUs: 5, stages: [{ target: 50, duration: '1m' }, { target: 100, duration: '2m' }, { target: 100, duration: '1m' }, { target: 0, duration: '30s' }] },
        maxVus: 100,
      };
    case 'spike':
      return {
        scenario: { ...base, executor: 'ramping-vus', startVUs: 5, stages: [{ target: 5, duration: '20s' }, { target: 80, duration: '10s' }, { target: 80, duration: '30s' }, { target: 5, duration: '10s' }] },
        maxVus: 80,
      };
  }
}

/** Requests one contention iteration sends at most: two racing POSTs, a read-back, a removal. */
export const CONTENTION_REQUESTS_PER_ITERATION = 4;

export function planFor(scenario: ScenarioName, profile: ProfileName, cfg: Partial<LoadConfig> = {}): Plan {
  const [p95, p99] = cfg.p95Ms !== undefined ? [cfg.p95Ms, cfg.p95Ms * 2] : LATENCY[profile];
  const plan: Plan = { scenarios: {}, p95Ms: p95, p99Ms: p99, pacingMs: 0, contentionPoolSize: cfg.contentionPoolSize ?? (profile === 'smoke' ? 2 : 3) };
  switch (scenario) {
    case 'read-throughput':
      plan.scenarios.reads = arrival(profile, { smoke: 20, average: 100, stress: 400, spike: 500, soak: 50 }, cfg, 'reads');
      break;
    case 'token':
      plan.scenarios.issue = arrival(profile, { smoke: 2, average: 5, stress: 20, spike: 30, soak: 1 }, cfg, 'issue');
      if (cfg.hasShortLived) {
        const keeper = arrival(profile, { smoke: 5, average: 5, stress: 10, spike: 10, soak: 2 }, { ...cfg, rate: undefined }, 'keeper');
        // One or two VUs keep one short-lived token each and must refresh it several times.
        plan.scenarios.keeper = { ...keeper, preAllocatedVUs: 2, maxVUs: 4 };
      }
      break;
    case 'contention': {
      const { scenario: s, maxVus } = vusPlan(profile, cfg, 'contend');
      plan.scenarios.contend = s;
      if (cfg.maxRate) plan.pacingMs = Math.ceil(((maxVus * CONTENTION_REQUESTS_PER_ITERATION) / cfg.maxRate) * 1000);
      break;
    }
    case 'read-segments':
      // Fixed total work, so two execution segments can be compared with one whole run.
      plan.scenarios.fixed = { executor: 'shared-iterations', exec: 'fixed', vus: cfg.vus ?? 4, iterations: 200, maxDuration: '1m' };
      break;
  }
  return plan;
}
