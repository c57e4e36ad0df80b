/**
 * The target of a load run, opened with openTarget: the safety rules are checked on the validated
 * config before anything starts or any credential is asked for, the embedded reference API gets
 * the run's --fault / --variant / --latency-ms / --race-window-ms, and the primary (and
 * short-lived) credentials are set aside for k6's environment, never its command line.
 */
import path from 'node:path';
import { baseUrlGivenOutsideConfig, loadDotEnv, type ResolvedEnvironment } from '../../fixtures/environments/load.ts';
import { openTarget } from '../../fixtures/environments/open-target.ts';
import type { EnvironmentConfig } from '../../fixtures/environments/types.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { newRunId } from '../../fixtures/harness/run/run-id.ts';
import {
  isVariantName,
  parseFaults,
  referenceOptionsFromEnv,
  type ReferenceOptions,
} from '../../fixtures/reference-api/index.ts';
import { SECRET_VARS, type LoadConfig } from '../lib/load-config.ts';
import { k6NetworkEnv } from './network.ts';
import type { LoadOptions } from './options.ts';

export interface Target {
  name: string;
  resolved: ResolvedEnvironment;
  maxRate?: number;
  runId: string;
  /** Variables with credentials for k6 (never printed). */
  secrets: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** Production (or any environment whose config disallows load) needs --allow-production and --max-rate. */
export function checkLoadSafety(
  config: EnvironmentConfig,
  opts: Pick<LoadOptions, 'allowProduction' | 'maxRate' | 'scenario'>,
): number | undefined {
  const guarded = config.name === 'production' || !config.load?.allowed;
  if (guarded && !(opts.allowProduction && opts.maxRate)) {
    throw new CommandError(
      `refusing to load-test "${config.name}": its config does not allow load; pass --allow-production and ` +
        `--max-rate N (requests/s) to run anyway.`,
    );
  }
  if (opts.scenario === 'contention' && !config.writes.allowed) {
    throw new CommandError(
      `refusing contention on "${config.name}": writes are not allowed there (writes.allowed is false).`,
    );
  }
  const caps = [opts.maxRate, config.load?.maxRatePerSecond].filter((n): n is number => n !== undefined);
  return caps.length ? Math.min(...caps) : undefined;
}

/** The embedded reference API's options: REF_* variables, then this run's flags. */
function referenceOptions(opts: LoadOptions, env: NodeJS.ProcessEnv): ReferenceOptions {
  let ref: ReferenceOptions;
  try {
    ref = referenceOptionsFromEnv(env);
    ref.faults = parseFaults([...opts.faults, ...(env.REF_FAULTS ? [env.REF_FAULTS] : [])]);
  } catch (error) {
    throw new CommandError((error as Error).message);
  }
  if (opts.variant && isVariantName(opts.variant)) ref.variant = opts.variant;
  if (opts.latencyMs !== undefined) ref.chaos = { ...ref.chaos, latencyMs: opts.latencyMs };
  if (opts.raceWindowMs !== undefined) ref.raceWindowMs = opts.raceWindowMs;
  return ref;
}

/** Opens the environment of a run (starting the embedded reference API when it asks for one). */
export async function prepareTarget(opts: LoadOptions): Promise<Target> {
  loadDotEnv();
  const env: NodeJS.ProcessEnv = { ...process.env };
  const localOnly =
    opts.faults.length > 0 || opts.variant || opts.latencyMs !== undefined || opts.raceWindowMs !== undefined;
  let maxRate: number | undefined;
  const target = await openTarget(opts.env, {
    env,
    reference: referenceOptions(opts, env),
    // Refusals come before the embedded API starts and before credentials are needed.
    adapt: (config) => {
      maxRate = checkLoadSafety(config, opts);
      const embedded = !!config.embeddedReference && !baseUrlGivenOutsideConfig(env);
      if (localOnly && !embedded)
        throw new CommandError(
          `--fault, --variant, --latency-ms and --race-window-ms only apply to an embedded reference API; ` +
            `"${config.name}" is not one.`,
        );
      return config;
    },
  });
  const resolved = target.environment;
  const secrets: NodeJS.ProcessEnv = {
    [SECRET_VARS.clientId]: resolved.credentials.primary.clientId,
    [SECRET_VARS.clientSecret]: resolved.credentials.primary.clientSecret,
  };
  Object.assign(secrets, k6NetworkEnv(resolved));
  if (resolved.credentials.shortLived) {
    secrets[SECRET_VARS.shortClientId] = resolved.credentials.shortLived.clientId;
    secrets[SECRET_VARS.shortClientSecret] = resolved.credentials.shortLived.clientSecret;
  }
  return {
    name: resolved.name,
    resolved,
    runId: env.PVH_RUN_ID ?? newRunId(),
    secrets,
    close: target.close,
    ...(maxRate !== undefined ? { maxRate } : {}),
  };
}

export function reportDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.PVH_REPORT_DIR ?? 'reports');
}

/** What k6 gets in PVH_LOAD_CONFIG: everything but the secrets. */
export function loadConfigFor(target: Target, opts: LoadOptions): LoadConfig {
  const r = target.resolved;
  const cert = (p: { reference: string; legacyNumber?: string }) =>
    p.legacyNumber ? { reference: p.reference, legacyNumber: p.legacyNumber } : { reference: p.reference };
  const cfg: LoadConfig = {
    scenario: opts.scenario,
    profile: opts.profile,
    environment: target.name,
    runId: target.runId,
    baseUrl: r.baseUrl,
    authUrl: r.authUrl,
    pool: r.pool.map(cert),
    // Only certificates this run may write: the environment's writable pool, nothing else.
    writable: r.writable.map(cert),
    reportDir: reportDir(),
    hasShortLived: !!r.credentials.shortLived,
  };
  if (target.maxRate !== undefined) cfg.maxRate = target.maxRate;
  if (opts.rate !== undefined) cfg.rate = opts.rate;
  if (opts.duration !== undefined) cfg.duration = opts.duration;
  if (opts.vus !== undefined) cfg.vus = opts.vus;
  if (opts.p95Ms !== undefined) cfg.p95Ms = opts.p95Ms;
  if (opts.poolSize !== undefined) cfg.contentionPoolSize = opts.poolSize;
  return cfg;
}
