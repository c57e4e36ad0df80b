/**
 * `npm run load -- --scenario NAME [--profile smoke] [--env local]`: runs one k6 load scenario.
 * For an embedded environment (local) it starts the reference API in this process (with
 * --fault / --latency-ms / --variant passed through), resolves the environment, bundles the
 * scenarios, and runs k6 with the URLs, pool and credentials in environment variables (never on the
 * printed command line). Ends with one verdict line; exits with k6's code (99 = thresholds failed).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmbeddedTarget } from '../fixtures/environments/embedded.ts';
import { baseUrlGivenOutsideConfig, ConfigError, importEnvironment, loadDotEnv, resolveEnvironment, type ResolvedEnvironment } from '../fixtures/environments/load.ts';
import type { EnvironmentConfig } from '../fixtures/environments/types.ts';
import { isVariantName, parseFaults, referenceOptionsFromEnv, variantNames, type ReferenceOptions } from '../fixtures/reference-api/index.ts';
import { newRunId } from '../fixtures/harness/run-id.ts';
import { CONFIG_VAR, PROFILES, SCENARIOS, SECRET_VARS, type LoadConfig, type ProfileName, type ScenarioName } from '../load/lib/load-config.ts';
import type { LoadSummary } from '../load/lib/summary.ts';
import { k6Env, locateK6, ToolError, type LocatedK6 } from '../load/node/k6-binary.ts';
import { buildLoadBundles, DEFAULT_OUT_DIR } from './load-build.ts';

/** A user-facing failure explained in one line (no stack trace). */
export class LoadError extends Error {
  override name = 'LoadError';
}

/** Runs a load command: user-facing errors become one line on stderr and exit code 2. */
export async function runLoadCommand(name: string, command: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await command();
  } catch (error) {
    if (!(error instanceof LoadError || error instanceof ToolError)) throw error;
    console.error(`${name}: ${error.message}`);
    process.exitCode = 2;
  }
}

const EXIT_EXPLANATIONS: Record<number, string> = {
  99: 'thresholds crossed',
  100: 'setup() timed out',
  101: 'teardown() timed out',
  104: 'invalid k6 options',
  105: 'interrupted (SIGINT/SIGTERM)',
  107: 'script error (see the k6 output above)',
  108: 'test aborted by the script',
  109: 'k6 crashed (Go panic)',
};

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
}

export interface Target {
  name: string;
  resolved: ResolvedEnvironment;
  maxRate?: number;
  runId: string;
  /** Variables with credentials for k6 (never printed). */
  secrets: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

const HELP = `Usage: npm run load -- --scenario NAME [options]

Scenarios: ${SCENARIOS.join(', ')}
Profiles:  ${PROFILES.join(', ')} (default smoke)

Options:
  --env NAME|PATH         environment config (default $PVH_ENV or local)
  --profile NAME          load profile
  --fault NAME            local only: break the embedded reference API on purpose (repeatable)
  --variant NAME          local only: a conformant variant of the reference API
  --latency-ms N          local only: latency the reference API adds to every request
  --race-window-ms N      local only: gap of the race-window fault
  --rate N                override: constant arrival rate per second (arrival-rate scenarios)
  --duration D            override: duration (k6 syntax, e.g. 30s)
  --vus N                 override: VUs (contention, read-segments)
  --p95-ms N              override: p95 bound of the latency thresholds (p99 = 2x)
  --pool-size N           contention: how many writable certificates to race for
  --max-rate N            cap on request starts per second (required for production)
  --allow-production      permit a run against an environment whose config disallows load
  --execution-segment S   passed to k6 (with --execution-segment-sequence), e.g. "0:1/2"
`;

function int(name: string, v: string | undefined, min = 0): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new LoadError(`${name} must be a number >= ${min}; got "${v}".`);
  return n;
}

export function parseLoadArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): LoadOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        scenario: { type: 'string' },
        profile: { type: 'string', default: 'smoke' },
        env: { type: 'string' },
        fault: { type: 'string', multiple: true },
        variant: { type: 'string' },
        'latency-ms': { type: 'string' },
        'race-window-ms': { type: 'string' },
        'allow-production': { type: 'boolean', default: false },
        'max-rate': { type: 'string' },
        rate: { type: 'string' },
        duration: { type: 'string' },
        vus: { type: 'string' },
        'p95-ms': { type: 'string' },
        'pool-size': { type: 'string' },
        'execution-segment': { type: 'string' },
        'execution-segment-sequence': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new LoadError(`${(error as Error).message} (see npm run load -- --help)`);
  }
  if (values.help) return 'help';
  const scenario = values.scenario;
  if (!scenario || !(SCENARIOS as readonly string[]).includes(scenario)) {
    throw new LoadError(`--scenario must be one of ${SCENARIOS.join(', ')}${scenario ? `; got "${scenario}"` : ''}.`);
  }
  if (!(PROFILES as readonly string[]).includes(values.profile!)) throw new LoadError(`--profile must be one of ${PROFILES.join(', ')}; got "${values.profile}".`);
  if (values.variant && !isVariantName(values.variant)) throw new LoadError(`unknown variant "${values.variant}". Valid variants: ${variantNames.join(', ')}`);
  if (values.duration !== undefined && !/^\d+(ms|s|m|h)$/.test(values.duration)) throw new LoadError(`--duration must look like 30s, 2m or 1h; got "${values.duration}".`);
  const k6Args: string[] = [];
  if (values['execution-segment']) k6Args.push('--execution-segment', values['execution-segment']);
  if (values['execution-segment-sequence']) k6Args.push('--execution-segment-sequence', values['execution-segment-sequence']);
  const opts: LoadOptions = {
    scenario: scenario as ScenarioName,
    profile: values.profile as ProfileName,
    env: values.env ?? env.PVH_ENV ?? 'local',
    faults: values.fault ?? [],
    allowProduction: values['allow-production'] ?? false,
    k6Args,
  };
  if (values.variant) opts.variant = values.variant;
  const set = <K extends keyof LoadOptions>(k: K, v: LoadOptions[K] | undefined) => {
    if (v !== undefined) opts[k] = v;
  };
  set('latencyMs', int('--latency-ms', values['latency-ms']));
  set('raceWindowMs', int('--race-window-ms', values['race-window-ms']));
  set('maxRate', int('--max-rate', values['max-rate'], 1));
  set('rate', int('--rate', values.rate, 1));
  set('duration', values.duration);
  set('vus', int('--vus', values.vus, 1));
  set('p95Ms', int('--p95-ms', values['p95-ms'], 1));
  set('poolSize', int('--pool-size', values['pool-size'], 1));
  return opts;
}

/** Production (or any environment whose config disallows load) needs --allow-production and --max-rate. */
export function checkLoadSafety(config: EnvironmentConfig, opts: Pick<LoadOptions, 'allowProduction' | 'maxRate' | 'scenario'>): number | undefined {
  const guarded = config.name === 'production' || !config.load?.allowed;
  if (guarded && !(opts.allowProduction && opts.maxRate)) {
    throw new LoadError(`refusing to load-test "${config.name}": its config does not allow load; pass --allow-production and --max-rate N (requests/s) to run anyway.`);
  }
  if (opts.scenario === 'contention' && !config.writes.allowed) {
    throw new LoadError(`refusing contention on "${config.name}": writes are not allowed there (writes.allowed is false).`);
  }
  const caps = [opts.maxRate, config.load?.maxRatePerSecond].filter((n): n is number => n !== undefined);
  return caps.length ? Math.min(...caps) : undefined;
}

/** Resolves the environment (starting the embedded reference API when it asks for one). */
export async function prepareTarget(opts: LoadOptions): Promise<Target> {
  loadDotEnv();
  const env: NodeJS.ProcessEnv = { ...process.env };
  const config = (await importEnvironment(opts.env)) as EnvironmentConfig;
  const maxRate = checkLoadSafety(config, opts);
  let close = async () => {};
  const embedded = !!config.embeddedReference && !baseUrlGivenOutsideConfig(env);
  const localOnly = opts.faults.length > 0 || opts.variant || opts.latencyMs !== undefined || opts.raceWindowMs !== undefined;
  if (localOnly && !embedded) throw new LoadError(`--fault, --variant, --latency-ms and --race-window-ms only apply to an embedded reference API; "${config.name}" is not one.`);
  if (embedded) {
    const ref: ReferenceOptions = referenceOptionsFromEnv(env);
    let faults;
    try {
      faults = parseFaults([...opts.faults, ...(env.REF_FAULTS ? [env.REF_FAULTS] : [])]);
    } catch (error) {
      throw new LoadError((error as Error).message);
    }
    ref.faults = faults;
    if (opts.variant && isVariantName(opts.variant)) ref.variant = opts.variant;
    if (opts.latencyMs !== undefined) ref.chaos = { ...ref.chaos, latencyMs: opts.latencyMs };
    if (opts.raceWindowMs !== undefined) ref.raceWindowMs = opts.raceWindowMs;
    const running = await startEmbeddedTarget(config, env, ref);
    close = running.close;
  }
  try {
    const resolved = resolveEnvironment(config, env, opts.env);
    const secrets: NodeJS.ProcessEnv = {
      [SECRET_VARS.clientId]: resolved.credentials.primary.clientId,
      [SECRET_VARS.clientSecret]: resolved.credentials.primary.clientSecret,
    };
    if (resolved.credentials.shortLived) {
      secrets[SECRET_VARS.shortClientId] = resolved.credentials.shortLived.clientId;
      secrets[SECRET_VARS.shortClientSecret] = resolved.credentials.shortLived.clientSecret;
    }
    const target: Target = { name: resolved.name, resolved, runId: env.PVH_RUN_ID ?? newRunId(), secrets, close };
    if (maxRate !== undefined) target.maxRate = maxRate;
    return target;
  } catch (error) {
    await close();
    if (error instanceof ConfigError) throw new LoadError(`${error.message.split('\n')[0]} ${error.problems.join(' ')}`);
    throw error;
  }
}

export function reportDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.PVH_REPORT_DIR ?? 'reports');
}

export function loadConfigFor(target: Target, opts: LoadOptions): LoadConfig {
  const r = target.resolved;
  const cert = (p: { reference: string; legacyNumber?: string }) => (p.legacyNumber ? { reference: p.reference, legacyNumber: p.legacyNumber } : { reference: p.reference });
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

export interface K6Run {
  exitCode: number;
  summary?: LoadSummary;
  verdict: string;
}

/** Runs one bundled scenario with k6 (asynchronously: the embedded API shares this event loop). */
export async function runK6(k6: LocatedK6, target: Target, cfg: LoadConfig, extraArgs: string[] = [], quiet = false): Promise<K6Run> {
  const bundle = path.join(DEFAULT_OUT_DIR, `${cfg.scenario}.js`);
  const summaryFile = path.join(cfg.reportDir, 'load', `${cfg.scenario}-summary.json`);
  mkdirSync(path.dirname(summaryFile), { recursive: true });
  mkdirSync(path.join(cfg.reportDir, 'allure-results'), { recursive: true });
  rmSync(summaryFile, { force: true });
  const args = ['run', '--quiet', '--no-color', ...extraArgs, bundle];
  if (!quiet) console.log(`load: ${path.relative(process.cwd(), k6.bin) || k6.bin} ${args.join(' ')}   [${cfg.scenario}/${cfg.profile} on ${cfg.environment}, run ${cfg.runId}${cfg.maxRate ? `, max ${cfg.maxRate}/s` : ''}]`);
  const exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn(k6.bin, args, {
      env: k6Env({ ...target.secrets, [CONFIG_VAR]: JSON.stringify(cfg) }),
      stdio: quiet ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    });
    let err = '';
    child.stderr?.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
    child.on('error', (e) => reject(new LoadError(`could not start k6 (${e.message}).`)));
    child.on('close', (code, signal) => {
      if (quiet && code !== 0 && code !== 99 && err) console.error(err.trim());
      resolve(code ?? (signal ? 105 : 1));
    });
  });
  const summary = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as LoadSummary) : undefined;
  return { exitCode, verdict: verdictLine(cfg, exitCode, summary), ...(summary ? { summary } : {}) };
}

export function verdictLine(cfg: LoadConfig, exitCode: number, summary?: LoadSummary): string {
  const what = `${cfg.scenario}/${cfg.profile} on ${cfg.environment}`;
  if (exitCode === 0 && summary?.passed !== false) return `LOAD PASS ${what}: ${summary?.thresholds.length ?? 0} thresholds held`;
  const crossed = (summary?.thresholds ?? [])
    .filter((t) => !t.ok)
    .map((t) => {
      const v = t.values;
      const shown = 'count' in v ? `count=${v.count}` : 'rate' in v && !('avg' in v) ? `rate=${(v.rate ?? 0).toFixed(4)}` : `p95=${(v['p(95)'] ?? 0).toFixed(1)}ms`;
      return `${t.metric} ${t.expression} (${shown})`;
    });
  const why = EXIT_EXPLANATIONS[exitCode] ?? `k6 exited ${exitCode}`;
  return `LOAD FAIL ${what}: ${why}${crossed.length ? `: ${crossed.join('; ')}` : ''} [k6 exit ${exitCode}]`;
}

/** Runs a whole load command; returns the process exit code. */
export async function main(argv = process.argv.slice(2)): Promise<number> {
  let target: Target | undefined;
  try {
    const opts = parseLoadArgs(argv);
    if (opts === 'help') {
      console.log(HELP);
      return 0;
    }
    const k6 = await locateK6();
    await buildLoadBundles();
    target = await prepareTarget(opts);
    const cfg = loadConfigFor(target, opts);
    const run = await runK6(k6, target, cfg, opts.k6Args);
    console.log(run.verdict);
    if (run.summary) console.log(`load: reports in ${path.relative(process.cwd(), path.join(cfg.reportDir, 'load'))}/${cfg.scenario}-{summary.json,junit.xml} and ${path.relative(process.cwd(), path.join(cfg.reportDir, 'allure-results'))}/`);
    return run.exitCode;
  } catch (error) {
    if (error instanceof LoadError || error instanceof ToolError || error instanceof ConfigError) {
      console.error(`load: ${error.message.replace(/\n\s*-?\s*/g, ' ')}`);
      return 2;
    }
    throw error;
  } finally {
    await target?.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
