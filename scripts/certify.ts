/**
 * `npm run certify [-- --env NAME] [-- --grep PATTERN] [-- <playwright args>]`
 *
 * Runs the conformance suites against one environment (local by default, which starts the embedded
 * reference API), writes everything under reports/, prints a short verdict and exits with it:
 * 0 CONFORMANT, 1 NOT CONFORMANT, 3 INCONCLUSIVE, 2 usage or config error (before any request).
 * A preflight (DNS, connect, token, one GET) runs first: a target that cannot be used is
 * INCONCLUSIVE within seconds. The report of a run that does not finish says INCONCLUSIVE.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedTarget } from '../fixtures/environments/embedded.ts';
import { baseUrlGivenOutsideConfig, ConfigError, configFileFor, describeUrls, displayPath, importEnvironment, isPath, loadDotEnv, resolveEnvironment, type ResolvedEnvironment } from '../fixtures/environments/load.ts';
import type { EnvironmentConfig } from '../fixtures/environments/types.ts';
import { describePreflight, preflight } from '../fixtures/harness/preflight.ts';
import { writeRunContext, type RunContext } from '../fixtures/harness/run-context.ts';
import { newRunId } from '../fixtures/harness/run-id.ts';
import { gitCommit, harnessVersion } from '../fixtures/harness/run-info.ts';
import { timeScaleFor } from '../fixtures/harness/time-scale.ts';
import { emptyResults, EXIT_CODE, mustFailed, type CertificationResults, type RunVerdict } from '../reporters/certification/verdicts.ts';
import { writeCertification } from '../reporters/certification/files.ts';
import { addVerdictToAllure, addVerdictToJUnit } from '../reporters/certification/verdict-entries.ts';
import { bundleAfterRun } from '../reporters/bundle/bundle.ts';

const HELP = `Usage: npm run certify -- [--env NAME|PATH] [--grep PATTERN] [-- extra playwright args]

  --env NAME   environment config: local (default, embedded reference API), staging, production,
               or a path to your own config file (see fixtures/environments/types.ts)
  --grep P     only tests whose title or tags match P (e.g. @PV-3-CONFLICT, @must)
  --bundle     then write the evidence bundle (certification/bundle/, see npm run verify-bundle)
Exit: 0 CONFORMANT, 1 NOT CONFORMANT, 3 INCONCLUSIVE (unreachable, stopped answering, interrupted,
      or a MUST check could not complete), 2 usage or config error.
Reports: reports/certification/{results.json,SUMMARY.md,index.html}, reports/junit/results.xml`;

/** The report a run leaves while it runs, and if it is killed: never an earlier run's verdict. */
function provisional(context: RunContext, verdict: RunVerdict, cause: string): CertificationResults {
  const sha = gitCommit();
  return emptyResults(
    {
      id: context.runId,
      environment: context.environment.name,
      baseUrl: context.environment.baseUrl,
      authUrl: context.environment.authUrl,
      ...(context.environment.legacyBaseUrl ? { legacyBaseUrl: context.environment.legacyBaseUrl } : {}),
      startedAt: context.startedAt,
      durationMs: 0,
      harnessVersion: harnessVersion(),
      node: process.version,
      ...(sha ? { commit: sha } : {}),
      ...(context.rttMs !== undefined ? { rttMs: context.rttMs } : {}),
    },
    verdict,
    [cause],
  );
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { env: { type: 'string', default: process.env.PVH_ENV ?? 'local' }, grep: { type: 'string' }, bundle: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  loadDotEnv();
  // A path is handed on absolute: relative to where the command was typed, not to the workers' directory.
  const envName = isPath(values.env!) ? configFileFor(values.env!) : values.env!;
  const env: NodeJS.ProcessEnv = { ...process.env, PVH_ENV: envName, PVH_RUN_ID: process.env.PVH_RUN_ID ?? newRunId() };
  const reportDir = env.PVH_REPORT_DIR ?? 'reports';
  const certDir = path.join(reportDir, 'certification');
  const startedAt = new Date().toISOString();
  // --bundle: the evidence bundle is written whatever the verdict (reporters/bundle/bundle.ts).
  const finish = async (code: number): Promise<number> =>
    values.bundle ? bundleAfterRun({ reportDir, envName, runId: env.PVH_RUN_ID!, startedAt, finishedAt: new Date().toISOString(), certifyExitCode: code, env }) : code;

  // 1. Resolve the environment before any request; start the embedded reference if asked.
  let close = async () => {};
  let resolved: ResolvedEnvironment;
  try {
    const config = (await importEnvironment(envName)) as EnvironmentConfig;
    if (config.embeddedReference && !baseUrlGivenOutsideConfig(env)) {
      const running = await startEmbeddedTarget(config, env);
      close = running.close;
      console.log(`certify: started the embedded reference API at ${running.baseUrl} (token endpoint ${running.authUrl})`);
    }
    resolved = resolveEnvironment(config, env, envName);
    console.log(`certify: environment ${resolved.name} (${displayPath(resolved.configFile)}): ${resolved.pool.length} pool certificates, writes ${resolved.writable.length > 0 ? `on ${resolved.writable.length} certificates` : 'off (read-only)'}, run ${env.PVH_RUN_ID}`);
    for (const line of describeUrls(resolved, 'certify: ')) console.log(line);
  } catch (error) {
    await close();
    if (error instanceof ConfigError) {
      console.error(`certify: ${error.message}`);
      return 2;
    }
    throw error;
  }

  // 2. From here on the report on disk is this run's: INCONCLUSIVE until the suites finish.
  const context: RunContext = {
    runId: env.PVH_RUN_ID!,
    startedAt,
    environment: { name: resolved.name, config: displayPath(resolved.configFile), baseUrl: resolved.baseUrl, authUrl: resolved.authUrl, ...(resolved.legacyBaseUrl ? { legacyBaseUrl: resolved.legacyBaseUrl } : {}) },
  };
  writeRunContext(reportDir, context);
  writeCertification(certDir, provisional(context, 'INCONCLUSIVE', 'interrupted: the run started but did not finish'));
  // The Allure report and the JUnit file show this run only.
  rmSync(path.join(reportDir, 'allure-results'), { recursive: true, force: true });
  rmSync(path.join(reportDir, 'junit', 'results.xml'), { force: true });

  // 3. Preflight: can the target be used at all?
  const check = await preflight(resolved);
  console.log(`certify: ${describePreflight(check)}`);
  if (!check.ok) {
    await close();
    const results = provisional(context, 'INCONCLUSIVE', check.failure!);
    writeCertification(certDir, results);
    addVerdictToJUnit(path.join(reportDir, 'junit', 'results.xml'), results);
    addVerdictToAllure(path.join(reportDir, 'allure-results'), results);
    console.log(`certify: verdict INCONCLUSIVE: the target could not be used, no check ran; reports in ${certDir}/`);
    return finish(EXIT_CODE.INCONCLUSIVE);
  }
  context.rttMs = check.rttMs!;
  writeRunContext(reportDir, context);
  env.PVH_RTT_MS = String(check.rttMs);
  env.PVH_TIME_SCALE = String(timeScaleFor(check.rttMs!, resolved.config.timeouts?.budgetScale));

  // 4. The conformance project. SIGINT/SIGTERM stop it gracefully: its report then says INCONCLUSIVE.
  const args = ['test', '--project', 'conformance', ...(values.grep ? ['--grep', values.grep] : []), ...positionals];
  const t0 = performance.now();
  let signalled: string | undefined;
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [path.join('node_modules', '@playwright', 'test', 'cli.js'), ...args], { stdio: 'inherit', env });
    let stops = 0;
    const stop = (signal: NodeJS.Signals) => {
      signalled ??= signal;
      stops += 1;
      // Playwright finishes gracefully on SIGINT only; a second signal kills it.
      child.kill(stops === 1 ? 'SIGINT' : 'SIGKILL');
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', () => (signalled ??= 'SIGINT')); // the terminal sends SIGINT to the child too; wait for it
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 130 : 1)));
  });
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  await close();

  // 5. The verdict, from the certification report.
  const resultsFile = path.join(certDir, 'results.json');
  const results = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as CertificationResults) : undefined;
  if (!results || results.run.id !== context.runId || results.tests.length === 0) {
    const cause = signalled ? `interrupted: certify received ${signalled} before any test finished` : `the suites did not produce results (Playwright exit code ${code}): see the output above`;
    const provisionalResults = provisional(context, 'INCONCLUSIVE', cause);
    writeCertification(certDir, provisionalResults);
    addVerdictToJUnit(path.join(reportDir, 'junit', 'results.xml'), provisionalResults);
    console.error(`certify: verdict INCONCLUSIVE: ${cause}`);
    return finish(EXIT_CODE.INCONCLUSIVE);
  }
  const failed = mustFailed(results.clauses);
  const warned = results.clauses.filter((c) => c.verdict === 'warning');
  console.log(`\ncertify: suite ran in ${seconds} s against ${resolved.name}`);
  if (failed.length > 0) console.log(`certify: MUST clauses failed: ${failed.map((c) => c.id).join(', ')}`);
  if (warned.length > 0) console.log(`certify: SHOULD warnings: ${warned.map((c) => c.id).join(', ')}`);
  if (results.verdict === 'INCONCLUSIVE') for (const c of results.causes.slice(0, 5)) console.log(`certify: inconclusive because ${c}`);
  console.log(`certify: verdict ${results.verdict}${results.verdict === 'CONFORMANT' && !results.complete ? ' (incomplete: some MUST clauses did not run)' : ''}; reports in ${certDir}/ (index.html, SUMMARY.md, results.json)`);
  return finish(EXIT_CODE[results.verdict]);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`certify: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
