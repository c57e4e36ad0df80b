/**
 * Runs one bundled scenario with k6 and reads its summary back: the verdict line every load
 * command prints (LOAD PASS / LOAD FAIL with the crossed thresholds and k6's exit code).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { onStopSignals } from '../../fixtures/harness/run/stop-signals.ts';
import { CONFIG_VAR, dashboardFiles, type LoadConfig } from '../lib/load-config.ts';
import { planFor, planSeconds } from '../lib/profiles.ts';
import type { LoadSummary } from '../lib/summary.ts';
import { DEFAULT_OUT_DIR } from './build.ts';
import { k6Env, type LocatedK6 } from './k6-binary.ts';
import type { Target } from './target.ts';

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

export interface K6Run {
  exitCode: number;
  summary?: LoadSummary;
  verdict: string;
  /** The k6 web dashboard report of the run, when k6 wrote one. */
  dashboard?: string;
}

/**
 * k6's web dashboard, exported as one HTML file at the end of the run and never served (port -1:
 * nothing to wait for, no port 5665 shared by concurrent runs). The dashboard draws a point per
 * period and needs three, so the period follows the planned length: about 60 points a run.
 */
function dashboardEnv(cfg: LoadConfig, report: string): NodeJS.ProcessEnv {
  const period = Math.min(60, Math.max(1, Math.ceil(planSeconds(planFor(cfg.scenario, cfg.profile, cfg)) / 60)));
  return {
    K6_WEB_DASHBOARD: 'true',
    K6_WEB_DASHBOARD_PORT: '-1',
    K6_WEB_DASHBOARD_EXPORT: report,
    K6_WEB_DASHBOARD_PERIOD: `${period}s`,
    K6_WEB_DASHBOARD_OPEN: 'false',
  };
}

/** Puts the dashboard among the run's Allure results (its threshold results attach it), or says why there is none. */
function attachDashboard(cfg: LoadConfig, report: string, exitCode: number): void {
  const attachment = path.join(cfg.reportDir, 'allure-results', dashboardFiles(cfg).allureAttachment);
  if (existsSync(report)) copyFileSync(report, attachment);
  else
    writeFileSync(
      attachment,
      `<!doctype html><title>no dashboard</title><p>k6 exited ${exitCode} without exporting its web dashboard ` +
        `(${path.basename(report)}).</p>\n`,
    );
}

/** Runs one bundled scenario with k6 (asynchronously: the embedded API shares this event loop). */
export async function runK6(
  k6: LocatedK6,
  target: Target,
  cfg: LoadConfig,
  extraArgs: string[] = [],
  quiet = false,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<K6Run> {
  const bundle = path.join(DEFAULT_OUT_DIR, `${cfg.scenario}.js`);
  const summaryFile = path.join(cfg.reportDir, 'load', `${cfg.scenario}-summary.json`);
  const dashboard = dashboardFiles(cfg).report;
  mkdirSync(path.dirname(summaryFile), { recursive: true });
  mkdirSync(path.join(cfg.reportDir, 'allure-results'), { recursive: true });
  rmSync(summaryFile, { force: true });
  rmSync(dashboard, { force: true });
  const args = ['run', '--quiet', '--no-color', ...extraArgs, bundle];
  if (!quiet)
    console.log(
      `load: ${path.relative(process.cwd(), k6.bin) || k6.bin} ${args.join(' ')}   [${cfg.scenario}/${cfg.profile} ` +
        `on ${cfg.environment}, run ${cfg.runId}${cfg.maxRate ? `, max ${cfg.maxRate}/s` : ''}]`,
    );
  const exitCode = await new Promise<number>((resolve, reject) => {
    // Its own process group: a stop signal reaches k6 once, through us (SIGINT: k6 stops the test
    // and still writes its summary; a second signal kills it), and never outlives this process.
    const child = spawn(k6.bin, args, {
      env: k6Env({
        ...extraEnv,
        ...target.secrets,
        ...dashboardEnv(cfg, dashboard),
        [CONFIG_VAR]: JSON.stringify(cfg),
      }),
      stdio: quiet ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    let stops = 0;
    const off = onStopSignals(() => {
      stops += 1;
      try {
        process.kill(-child.pid!, stops === 1 ? 'SIGINT' : 'SIGKILL');
      } catch {
        // gone already
      }
    });
    let err = '';
    child.stderr?.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
    child.on('error', (e) => {
      off();
      reject(new CommandError(`could not start k6 (${e.message}).`));
    });
    child.on('close', (code, signal) => {
      off();
      if (quiet && code !== 0 && code !== 99 && err) console.error(err.trim());
      resolve(code ?? (signal ? 105 : 1));
    });
  });
  const summary = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as LoadSummary) : undefined;
  if (summary) attachDashboard(cfg, dashboard, exitCode);
  return {
    exitCode,
    verdict: verdictLine(cfg, exitCode, summary),
    ...(summary ? { summary } : {}),
    ...(existsSync(dashboard) ? { dashboard } : {}),
  };
}

export function verdictLine(cfg: LoadConfig, exitCode: number, summary?: LoadSummary): string {
  const what = `${cfg.scenario}/${cfg.profile} on ${cfg.environment}`;
  if (exitCode === 0 && summary?.passed !== false)
    return `LOAD PASS ${what}: ${summary?.thresholds.length ?? 0} thresholds held`;
  const crossed = (summary?.thresholds ?? [])
    .filter((t) => !t.ok)
    .map((t) => {
      const v = t.values;
      const shown =
        'count' in v
          ? `count=${v.count}`
          : 'rate' in v && !('avg' in v)
            ? `rate=${(v.rate ?? 0).toFixed(4)}`
            : `p95=${(v['p(95)'] ?? 0).toFixed(1)}ms`;
      return `${t.metric} ${t.expression} (${shown})`;
    });
  const why = EXIT_EXPLANATIONS[exitCode] ?? `k6 exited ${exitCode}`;
  return `LOAD FAIL ${what}: ${why}${crossed.length ? `: ${crossed.join('; ')}` : ''} [k6 exit ${exitCode}]`;
}
