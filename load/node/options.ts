/**
 * The options of a load run, checked: what `npm run load` (and load:bench, load:segments) hand
 * over as flag values becomes a LoadOptions or a one-line CommandError naming the flag.
 */
import { closestNames } from '../../fixtures/contract/close-names.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { isVariantName, variantNames } from '../../fixtures/reference-api/index.ts';
import { PROFILES, SCENARIOS, type ProfileName, type ScenarioName } from '../lib/load-config.ts';

export interface LoadOptions {
  scenario: ScenarioName;
  profile: ProfileName;
  env: string;
  faults: string[];
  variant?: string;
  latencyMs?: number;
  raceWindowMs?: number;
  allowProduction: boolean;
  maxRate?: number;
  rate?: number;
  duration?: string;
  vus?: number;
  p95Ms?: number;
  poolSize?: number;
  k6Args: string[];
  /** Prometheus remote-write URL (else $PVH_PROMETHEUS_URL, else the config's). */
  prometheus?: string;
}

/** The flag values as parsed (scripts/lib/load-options.ts declares the flags). */
export interface LoadFlags {
  scenario?: string;
  profile?: string;
  fault?: string[];
  variant?: string;
  'latency-ms'?: string;
  'race-window-ms'?: string;
  'allow-production'?: boolean;
  'max-rate'?: string;
  rate?: string;
  duration?: string;
  vus?: string;
  'p95-ms'?: string;
  'pool-size'?: string;
  'execution-segment'?: string;
  'execution-segment-sequence'?: string;
  prometheus?: string;
}

function int(name: string, v: string | undefined, min = 0): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new CommandError(`${name} must be a number >= ${min}; got "${v}".`);
  return n;
}

/** Checks the flags of a run against environment `env`; throws a CommandError on the first bad one. */
export function loadOptionsFrom(flags: LoadFlags, env: string): LoadOptions {
  const scenario = flags.scenario;
  if (!scenario || !(SCENARIOS as readonly string[]).includes(scenario)) {
    throw new CommandError(
      `--scenario must be one of ${SCENARIOS.join(', ')}${scenario ? `; got "${scenario}"` : ''}.`,
    );
  }
  const profile = flags.profile ?? 'smoke';
  if (!(PROFILES as readonly string[]).includes(profile))
    throw new CommandError(`--profile must be one of ${PROFILES.join(', ')}; got "${profile}".`);
  if (flags.variant && !isVariantName(flags.variant)) {
    const close = closestNames(flags.variant, [...variantNames]);
    throw new CommandError(
      `unknown variant "${flags.variant}".${close.length ? ` Did you mean: ${close.join(', ')}?` : ''} \`npm ` +
        `run reference -- --list-variants\` lists all ${variantNames.length}.`,
    );
  }
  if (flags.duration !== undefined && !/^\d+(ms|s|m|h)$/.test(flags.duration))
    throw new CommandError(`--duration must look like 30s, 2m or 1h; got "${flags.duration}".`);
  const k6Args: string[] = [];
  if (flags['execution-segment']) k6Args.push('--execution-segment', flags['execution-segment']);
  if (flags['execution-segment-sequence'])
    k6Args.push('--execution-segment-sequence', flags['execution-segment-sequence']);
  const opts: LoadOptions = {
    scenario: scenario as ScenarioName,
    profile: profile as ProfileName,
    env,
    faults: flags.fault ?? [],
    allowProduction: flags['allow-production'] ?? false,
    k6Args,
  };
  if (flags.variant) opts.variant = flags.variant;
  if (flags.prometheus !== undefined) opts.prometheus = flags.prometheus;
  const set = <K extends keyof LoadOptions>(k: K, v: LoadOptions[K] | undefined) => {
    if (v !== undefined) opts[k] = v;
  };
  set('latencyMs', int('--latency-ms', flags['latency-ms']));
  set('raceWindowMs', int('--race-window-ms', flags['race-window-ms']));
  set('maxRate', int('--max-rate', flags['max-rate'], 1));
  set('rate', int('--rate', flags.rate, 1));
  set('duration', flags.duration);
  set('vus', int('--vus', flags.vus, 1));
  set('p95Ms', int('--p95-ms', flags['p95-ms'], 1));
  set('poolSize', int('--pool-size', flags['pool-size'], 1));
  return opts;
}
