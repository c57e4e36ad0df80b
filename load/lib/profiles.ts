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
const capStages = (stages: Stage[], max?: number): Stage[] =>
  stages.map((s) => ({ ...s, target: s.target === 0 ? 0 : cap(s.target, max) }));

function arrival(
  profile: ProfileName,
  rates: Record<ProfileName, number>,
  cfg: Pick<LoadConfig, 'rate' | 'duration' | 'maxRate' | 'vus'>,
  exec: string,
  p95Ms: number,
): K6Scenario {
  const base = { exec, timeUnit: '1s', gracefulStop: '10s' };
  if (cfg.rate !== undefined) {
    const rate = cap(cfg.rate, cfg.maxRate);
    // All VUs a run needs at 20 ms per request are initialised before it starts (a VU initialised
    // mid-run costs the generator more than thousands of requests); more only if latency grows, up
    // to what the p95 bound allows. --vus N fixes both: N VUs, N connections (load:bench does that).
    const pre = cfg.vus ?? Math.max(8, Math.ceil(rate * 0.02));
    const max = cfg.vus ?? Math.max(pre, Math.ceil((rate * p95Ms) / 1000));
    return {
      ...base,
      executor: 'constant-arrival-rate',
      rate,
      duration: cfg.duration ?? '20s',
      preAllocatedVUs: pre,
      maxVUs: max,
    };
  }
  const r = rates[profile];
  switch (profile) {
    case 'smoke':
      return {
        ...base,
        executor: 'constant-arrival-rate',
        rate: cap(r, cfg.maxRate),
        duration: cfg.duration ?? '10s',
        preAllocatedVUs: 4,
        maxVUs: 20,
      };
    case 'average':
      return {
        ...base,
        executor: 'constant-arrival-rate',
        rate: cap(r, cfg.maxRate),
        duration: cfg.duration ?? '2m',
        preAllocatedVUs: Math.ceil(r / 5),
        maxVUs: r,
      };
    case 'soak':
      return {
        ...base,
        executor: 'constant-arrival-rate',
        rate: cap(r, cfg.maxRate),
        duration: cfg.duration ?? '1h',
        preAllocatedVUs: Math.ceil(r / 5),
        maxVUs: r,
      };
    case 'stress':
      return {
        ...base,
        executor: 'ramping-arrival-rate',
        startRate: cap(Math.ceil(r / 8), cfg.maxRate),
        preAllocatedVUs: Math.ceil(r / 8),
        maxVUs: r,
        stages: capStages(
          [
            { target: r / 2, duration: '1m' },
            { target: r, duration: '2m' },
            { target: r, duration: '2m' },
            { target: 0, duration: '30s' },
          ],
          cfg.maxRate,
        ),
      };
    case 'spike':
      return {
        ...base,
        executor: 'ramping-arrival-rate',
        startRate: cap(Math.ceil(r / 50), cfg.maxRate),
        preAllocatedVUs: Math.ceil(r / 10),
        maxVUs: r,
        stages: capStages(
          [
            { target: r / 50, duration: '20s' },
            { target: r, duration: '10s' },
            { target: r, duration: '1m' },
            { target: r / 50, duration: '10s' },
            { target: r / 50, duration: '20s' },
          ],
          cfg.maxRate,
        ),
      };
  }
}

function vusPlan(
  profile: ProfileName,
  cfg: Pick<LoadConfig, 'vus' | 'duration'>,
  exec: string,
): { scenario: K6Scenario; maxVus: number } {
  const base = { exec, gracefulStop: '15s' };
  if (cfg.vus !== undefined)
    return {
      scenario: { ...base, executor: 'constant-vus', vus: cfg.vus, duration: cfg.duration ?? '20s' },
      maxVus: cfg.vus,
    };
  switch (profile) {
    case 'smoke':
      return { scenario: { ...base, executor: 'constant-vus', vus: 6, duration: cfg.duration ?? '8s' }, maxVus: 6 };
    case 'average':
      return { scenario: { ...base, executor: 'constant-vus', vus: 20, duration: cfg.duration ?? '2m' }, maxVus: 20 };
    case 'soak':
      return { scenario: { ...base, executor: 'constant-vus', vus: 10, duration: cfg.duration ?? '30m' }, maxVus: 10 };
    case 'stress':
      return {
        scenario: {
          ...base,
          executor: 'ramping-vus',
          startVUs: 5,
          stages: [
            { target: 50, duration: '1m' },
            { target: 100, duration: '2m' },
            { target: 100, duration: '1m' },
            { target: 0, duration: '30s' },
          ],
        },
        maxVus: 100,
      };
    case 'spike':
      return {
        scenario: {
          ...base,
          executor: 'ramping-vus',
          startVUs: 5,
          stages: [
            { target: 5, duration: '20s' },
            { target: 80, duration: '10s' },
            { target: 80, duration: '30s' },
            { target: 5, duration: '10s' },
          ],
        },
        maxVus: 80,
      };
  }
}

/** Requests one contention iteration sends at most: two racing POSTs, a read-back, a removal. */
export const CONTENTION_REQUESTS_PER_ITERATION = 4;

export function planFor(scenario: ScenarioName, profile: ProfileName, cfg: Partial<LoadConfig> = {}): Plan {
  const [p95, p99] = cfg.p95Ms !== undefined ? [cfg.p95Ms, cfg.p95Ms * 2] : LATENCY[profile];
  const plan: Plan = {
    scenarios: {},
    p95Ms: p95,
    p99Ms: p99,
    pacingMs: 0,
    contentionPoolSize: cfg.contentionPoolSize ?? (profile === 'smoke' ? 2 : 3),
  };
  switch (scenario) {
    case 'read-throughput':
      // --vus without --rate: closed loop (each VU sends its next read when the last one is answered).
      plan.scenarios.reads =
        cfg.vus !== undefined && cfg.rate === undefined
          ? {
              exec: 'reads',
              executor: 'constant-vus',
              vus: cfg.vus,
              duration: cfg.duration ?? '20s',
              gracefulStop: '10s',
            }
          : arrival(profile, { smoke: 20, average: 100, stress: 400, spike: 500, soak: 50 }, cfg, 'reads', p95);
      break;
    case 'token':
      plan.scenarios.issue = arrival(
        profile,
        { smoke: 2, average: 5, stress: 20, spike: 30, soak: 1 },
        { ...cfg, vus: undefined },
        'issue',
        p95,
      );
      if (cfg.hasShortLived) {
        const keeper = arrival(
          profile,
          { smoke: 5, average: 5, stress: 10, spike: 10, soak: 2 },
          { ...cfg, rate: undefined, vus: undefined },
          'keeper',
          p95,
        );
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
      plan.scenarios.fixed = {
        executor: 'shared-iterations',
        exec: 'fixed',
        vus: cfg.vus ?? 4,
        iterations: 200,
        maxDuration: '1m',
      };
      break;
  }
  if (cfg.warmup) withWarmup(plan.scenarios, cfg.warmup);
  return plan;
}

/** Seconds of a k6 duration string ("1m30s", "250ms", "2h"). */
export function seconds(duration: string): number {
  const unit: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
  return [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)].reduce((sum, m) => sum + Number(m[1]) * unit[m[2]!]!, 0);
}

/** How long a plan runs from start to its last scenario's end (graceful stops left out). */
export function planSeconds(plan: Plan): number {
  return Math.max(
    0,
    ...Object.values(plan.scenarios).map((s) => {
      const start = typeof s.startTime === 'string' ? seconds(s.startTime) : 0;
      if (typeof s.duration === 'string') return start + seconds(s.duration);
      if (Array.isArray(s.stages)) return start + (s.stages as Stage[]).reduce((n, st) => n + seconds(st.duration), 0);
      return start + (typeof s.maxDuration === 'string' ? seconds(s.maxDuration) : 0);
    }),
  );
}

/**
 * A warm-up scenario ahead of each constant one: the same executor and load for `warmup`, then
 * the measured scenario. Thresholds and load:bench read the measured scenario's own series
 * (`{scenario:<name>}`), so the warm-up counts nowhere. gracefulStop 0 ends the warm-up's last
 * iterations at once, so the measured scenario reuses its VUs (and their connections).
 */
function withWarmup(scenarios: Record<string, K6Scenario>, warmup: string): void {
  for (const [name, s] of Object.entries(scenarios)) {
    if (typeof s.duration !== 'string') continue;
    scenarios[`warmup_${name}`] = { ...s, duration: warmup, gracefulStop: '0s' };
    scenarios[name] = { ...s, startTime: warmup };
  }
}
