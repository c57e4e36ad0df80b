/**
 * `npm run canary`: proves no secret leaves a run. Starts the reference API with the canary client
 * secrets and canary-prefixed tokens (canaries.ts), runs the whole pipeline against it (certify, load smoke, Allure
 * report, evidence bundle) with its
 * own report dir while capturing all output, then scans every file under that dir and the captured
 * output for every canary secret and every token the reference issued, in every encoding. The
 * client check runs too, with canary secrets of its own sandbox, and its report (client/) is
 * scanned with the rest. Certify
 * and the load smoke also send their metrics (--prometheus, with a canary password in the URL) to
 * a stand-in remote-write endpoint, whose payloads are kept under prometheus-sent/ and scanned too.
 * Exit 0: zero occurrences; 1: a finding (or a pipeline step failed, so the scan proves nothing).
 * `--plant` leaks canaries on purpose before the scan, so it must exit 1.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openTarget } from '../../fixtures/environments/open-target.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { newRunId } from '../../fixtures/harness/run/run-id.ts';
import { runClientCheck } from '../../fixtures/client-check/command.ts';
import { referenceOptionsFromEnv } from '../../fixtures/reference-api/index.ts';
import { writeBundle } from '../../reporters/bundle/bundle.ts';
import { startCapture, type Capture } from '../../reporters/prometheus/capture.ts';
import {
  CANARY_SECRETS,
  canarySpecs,
  plantLeaks,
  PROMETHEUS_PASSWORD,
  scanRun,
  TOKEN_PREFIX,
} from '../../fixtures/harness/http/canaries.ts';
import { formatFinding, type Finding } from '../../fixtures/harness/http/secret-scan.ts';
import { shownPath } from '../../fixtures/harness/support/shown-path.ts';
import { envWithout, RUN_PREFIXES } from '../../fixtures/harness/run/hermetic-env.ts';

const ROOT = PROJECT_ROOT;

interface Step {
  name: string;
  args: string[];
}

async function runStep(
  step: Step,
  env: NodeJS.ProcessEnv,
  sink: string[],
): Promise<{ code: number; seconds: number; tail: string }> {
  const t0 = performance.now();
  const chunks: string[] = [];
  const code = await new Promise<number>((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...step.args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const take = (b: Buffer) => chunks.push(b.toString('utf8'));
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (e) => {
      chunks.push(`${e.message}\n`);
      resolve(127);
    });
    child.on('close', (c, signal) => resolve(c ?? (signal ? 130 : 1)));
  });
  const text = chunks.join('');
  sink.push(`\n=== ${step.name} (exit ${code}) ===\n${text}`);
  return { code, seconds: (performance.now() - t0) / 1000, tail: text.trimEnd().split('\n').slice(-12).join('\n') };
}

/** The whole pipeline with canaries, then the scan; 0 when nothing leaked and every step ran. */
export async function runCanary(options: { plant: boolean }): Promise<number> {
  const started = performance.now();
  const reportDir = path.resolve(
    process.env.PVH_CANARY_REPORT_DIR ?? path.join(process.env.PVH_REPORT_DIR ?? 'reports', 'canary'),
  );
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });

  // Only canary credentials: drop any target or credential the caller's environment carries.
  const env = envWithout(RUN_PREFIXES);
  Object.assign(env, {
    PVH_ENV: 'local',
    PVH_REPORT_DIR: reportDir,
    PVH_RUN_ID: newRunId(),
    K6_NO_USAGE_REPORT: 'true',
    FORCE_COLOR: '0',
  });
  // The reference API of this run, with canary users; every step's target is it (PVH_* in env).
  const target = await openTarget('local', {
    env,
    reference: { ...referenceOptionsFromEnv({}), userSecrets: CANARY_SECRETS, tokenPrefix: TOKEN_PREFIX },
  });
  const running = target.embedded;
  if (!running) throw new CommandError('the local environment did not start the embedded reference API');
  console.log(
    `canary: reference API with canary credentials at ${running.baseUrl}; reports in ${shownPath(reportDir)}`,
  );

  const captured: string[] = [];
  const failedSteps: string[] = [];
  const startedAt = new Date().toISOString();
  let certifyCode = 1;
  const clientTokens: string[] = [];
  const prometheus = await startCapture();
  const promUrl = new URL(prometheus.url);
  promUrl.username = 'canary';
  promUrl.password = PROMETHEUS_PASSWORD;
  try {
    const steps: Step[] = [
      { name: 'certify', args: ['certify', '--', '--env', 'local', '--prometheus', promUrl.toString()] },
      { name: 'k6:ensure', args: ['k6:ensure'] },
      {
        name: 'load smoke (contention)',
        args: ['load', '--', '--scenario', 'contention', '--profile', 'smoke', '--prometheus', promUrl.toString()],
      },
      { name: 'report', args: ['report'] },
    ];
    for (const step of steps) {
      const r = await runStep(step, env, captured);
      if (step.name === 'certify') certifyCode = r.code;
      console.log(`canary: ${step.name}: exit ${r.code} in ${r.seconds.toFixed(1)} s`);
      if (r.code !== 0) {
        failedSteps.push(step.name);
        console.log(r.tail.replace(/^/gm, '    '));
      }
    }
    const client = await clientCheckStep(reportDir, captured);
    clientTokens.push(...client.tokens);
    console.log(`canary: client check: exit ${client.code} in ${client.seconds.toFixed(1)} s`);
    if (client.code !== 1)
      failedSteps.push(`client check (exit ${client.code}, expected 1: the sample clients' mistakes must fail it)`);
    try {
      // The report already ran: the bundle only packs and seals.
      await writeBundle({
        reportDir,
        envName: 'local',
        runId: env.PVH_RUN_ID!,
        startedAt,
        finishedAt: new Date().toISOString(),
        certifyExitCode: certifyCode,
        env,
        buildAllureReport: async () => undefined,
        log: (l) => captured.push(`${l}\n`),
      });
    } catch (error) {
      failedSteps.push('bundle');
      console.log(`canary: bundle: ${(error as Error).message}`);
    }
    failedSteps.push(...keepSent(prometheus, reportDir));
  } finally {
    await prometheus.close();
    await target.close();
  }

  const issued = [...running.issuedTokens(), ...clientTokens];
  if (options.plant) {
    captured.push(plantLeaks(reportDir, issued[0]));
    console.log(
      'canary: --plant: leaked canaries into test-results/planted-leak/exchange.txt and the captured output on purpose',
    );
  }
  const all = captured.join('');
  writeFileSync(path.join(path.dirname(reportDir), `${path.basename(reportDir)}-output.log`), all);
  const scan = scanRun(reportDir, all, issued);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `canary: scanned ${scan.files} files (${(scan.bytes / 1e6).toFixed(1)} MB) and ${(all.length / 1e3).toFixed(0)} ` +
      `kB of output for ${canarySpecs().length} canary secrets and ${issued.length} issued tokens in ${seconds} ` +
      `s`,
  );
  if (scan.opaque.length > 0)
    console.log(
      `canary: note: ${scan.opaque.length} compressed file(s) ` +
        `could not be looked into: ${scan.opaque.slice(0, 5).join(', ')}`,
    );
  if (issued.length === 0) failedSteps.push('no token was issued (the pipeline never authenticated)');
  report(scan.findings);
  if (failedSteps.length > 0)
    console.log(`canary: FAILED steps: ${failedSteps.join('; ')} (the scan covers only what ran)`);
  return scan.findings.length > 0 || failedSteps.length > 0 ? 1 : 0;
}

/**
 * The client check with canary secrets behind it, judging the Node sample client as written and
 * with the mistakes that put a secret where a report could pick it up (raw in the form, in JSON,
 * in the URL, in Basic headers): its report goes to client/ and is scanned with the rest.
 */
async function clientCheckStep(
  reportDir: string,
  captured: string[],
): Promise<{ code: number; seconds: number; tokens: string[] }> {
  const t0 = performance.now();
  const sample = path.join(ROOT, 'fixtures', 'client-check', 'samples', 'node', 'client.mjs');
  const vars =
    'AUTH_URL=$CLIENT_CHECK_AUTH_URL BASE_URL=$CLIENT_CHECK_BASE_URL CLIENT_ID=$CLIENT_CHECK_CLIENT_ID ' +
    'CLIENT_SECRET=$CLIENT_CHECK_CLIENT_SECRET CERTS=$CLIENT_CHECK_CERTS';
  const command = ['', 'raw-secret', 'token-json', 'token-get', 'basic-raw', 'two-auth', 'basic-auth']
    .map((m) => `MISTAKE=${m} ${vars} "${process.execPath}" "${sample}" >/dev/null`)
    .join('; ');
  const tokens: string[] = [];
  const code = await runClientCheck(
    {
      ports: { api: 0, auth: 0, legacy: 0 },
      scenarios: ['token-expiry', 'conflict'],
      retryAfterSeconds: 1,
      require: [],
      reportDir: path.join(reportDir, 'client'),
      command,
      reference: { userSecrets: CANARY_SECRETS, tokenPrefix: TOKEN_PREFIX },
      hideSecrets: true,
      onTokens: (t) => tokens.push(...t),
    },
    (line) => captured.push(`${line}\n`),
  );
  return { code, seconds: (performance.now() - t0) / 1000, tokens };
}

/** Writes what reached the stand-in Prometheus under prometheus-sent/ (so the scan covers it); says what is missing. */
function keepSent(prometheus: Capture, reportDir: string): string[] {
  const dir = path.join(reportDir, 'prometheus-sent');
  mkdirSync(dir, { recursive: true });
  prometheus.writes.forEach((w, i) => {
    writeFileSync(path.join(dir, `write-${i}.pb`), w.raw);
    writeFileSync(path.join(dir, `write-${i}.json`), `${JSON.stringify(w.series, null, 1)}\n`);
  });
  const names = new Set(prometheus.writes.flatMap((w) => w.series.map((s) => s.labels.__name__ ?? '')));
  console.log(
    `canary: prometheus: ${prometheus.writes.length} remote-write requests, ${names.size} metric names kept ` +
      `in prometheus-sent/`,
  );
  const missing = [
    ['pvh_clause_verdict', 'certify'],
    ['k6_http_reqs_total', 'k6'],
    ['pvh_load_threshold_ok', 'load'],
  ].filter(([n]) => !names.has(n!));
  return missing.map(([n, who]) => `prometheus: ${who} sent no ${n}`);
}

function report(findings: Finding[]): void {
  if (findings.length === 0) {
    console.log('canary: zero occurrences: no secret left the run');
    return;
  }
  const shown = findings.slice(0, 50);
  const more = findings.length > shown.length ? `\n  ... and ${findings.length - shown.length} more` : '';
  console.log(
    `canary: LEAK: ${findings.length} occurrence(s) of canary secrets or tokens:\n` +
      `${shown.map(formatFinding).join('\n')}${more}`,
  );
}
