/**
 * `npm run certify [-- --env NAME] [-- --grep PATTERN] [-- <playwright args>]`
 *
 * Runs the conformance suites against one environment (local by default, which starts the embedded
 * reference API), writes everything under reports/, prints a short verdict, and exits non-zero when
 * a MUST clause fails. The environment is validated before any request is sent.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedTarget } from '../fixtures/embedded.ts';
import { baseUrlGivenOutsideConfig, ConfigError, configFileFor, describeUrls, displayPath, importEnvironment, isPath, loadDotEnv, resolveEnvironment } from '../fixtures/environments/load.ts';
import type { EnvironmentConfig } from '../fixtures/environments/types.ts';
import { newRunId } from '../fixtures/run-id.ts';
import { mustFailed, type CertificationResults } from '../reporters/certification.ts';
import { bundleAfterRun } from './bundle.ts';

const HELP = `Usage: npm run certify -- [--env NAME|PATH] [--grep PATTERN] [-- extra playwright args]

  --env NAME   environment config: local (default, embedded reference API), staging, production,
               or a path to your own config file (see fixtures/environments/types.ts)
  --grep P     only tests whose title or tags match P (e.g. @PV-3-CONFLICT, @must)
  --bundle     then write the evidence bundle (certification/bundle/, see npm run verify-bundle)
Reports: reports/certification/{results.json,SUMMARY.md,index.html}, reports/junit/results.xml`;

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
  const startedAt = new Date().toISOString();
  // --bundle: the evidence bundle is written whatever the verdict (scripts/bundle.ts).
  const finish = async (code: number): Promise<number> =>
    values.bundle ? bundleAfterRun({ reportDir, envName, runId: env.PVH_RUN_ID!, startedAt, finishedAt: new Date().toISOString(), certifyExitCode: code, env }) : code;

  // 1. Resolve the environment before any request; start the embedded reference if asked.
  let close = async () => {};
  let name: string;
  try {
    const config = (await importEnvironment(envName)) as EnvironmentConfig;
    if (config.embeddedReference && !baseUrlGivenOutsideConfig(env)) {
      const running = await startEmbeddedTarget(config, env);
      close = running.close;
      console.log(`certify: started the embedded reference API at ${running.baseUrl} (token endpoint ${running.authUrl})`);
    }
    const resolved = resolveEnvironment(config, env, envName);
    name = resolved.name;
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

  // 2. Run the conformance project, into empty Allure results so the report shows this run only.
  rmSync(path.join(reportDir, 'allure-results'), { recursive: true, force: true });
  rmSync(path.join(reportDir, 'certification', 'results.json'), { force: true }); // never report an earlier run's verdict
  const args = ['test', '--project', 'conformance', ...(values.grep ? ['--grep', values.grep] : []), ...positionals];
  const t0 = performance.now();
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [path.join('node_modules', '@playwright', 'test', 'cli.js'), ...args], { stdio: 'inherit', env });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 130 : 1)));
  });
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  await close();

  // 3. The verdict, from the certification report.
  const resultsFile = path.join(reportDir, 'certification', 'results.json');
  if (!existsSync(resultsFile)) {
    console.error(`certify: no certification report was written (${resultsFile}); the run did not get as far as the tests. Exit code ${code}.`);
    return finish(code || 1);
  }
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as CertificationResults;
  const failed = mustFailed(results.clauses);
  const warned = results.clauses.filter((c) => c.verdict === 'warning');
  console.log(`\ncertify: suite ran in ${seconds} s against ${name}`);
  if (failed.length > 0) console.log(`certify: MUST clauses failed: ${failed.map((c) => c.id).join(', ')}`);
  if (warned.length > 0) console.log(`certify: SHOULD warnings: ${warned.map((c) => c.id).join(', ')}`);
  console.log(`certify: verdict ${results.conformant ? 'PASS' : 'FAIL'}${results.complete ? '' : ' (incomplete: some MUST clauses did not run)'}; reports in ${reportDir}/certification/ (index.html, SUMMARY.md, results.json)`);
  return finish(code);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`certify: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
