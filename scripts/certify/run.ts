/**
 * `npm run certify`: opens the target (before any request: a config problem is exit 2), leaves an
 * INCONCLUSIVE report on disk until the suites finish, runs the preflight (a target that cannot be
 * used is INCONCLUSIVE within seconds), runs the conformance project, and returns the verdict's
 * exit code: 0 CONFORMANT, 1 NOT CONFORMANT, 3 INCONCLUSIVE.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFileFor, describeUrls, displayPath, isPath, loadDotEnv } from '../../fixtures/environments/load.ts';
import { openTarget } from '../../fixtures/environments/open-target.ts';
import { bundleAfterRun } from '../../reporters/bundle/bundle.ts';
import { conformanceSamples } from '../../reporters/prometheus/conformance-series.ts';
import { remoteWriteTarget, sendSamples, type RemoteWriteTarget } from '../../reporters/prometheus/send.ts';
import { writeCertification } from '../../reporters/certification/files.ts';
import { addVerdictToJUnit } from '../../reporters/certification/verdict-entries.ts';
import { EXIT_CODE, mustFailed, type CertificationResults } from '../../fixtures/judgement/index.ts';
import { finishedTests, gapsNote } from '../../fixtures/judgement/index.ts';
import { configErrorCause, configErrorsOf } from '../../fixtures/judgement/index.ts';
import { servingOf } from '../../fixtures/contract/needs.ts';
import { listConformanceTestsAsync } from '../coverage/listing.ts';
import { describePreflight, preflight } from '../../fixtures/harness/preflight/preflight.ts';
import { historyFile, tokenLifeEvidence } from '../../fixtures/judgement/index.ts';
import {
  CERTIFY_VARIABLE,
  networkContext,
  writeRunContext,
  type RunContext,
} from '../../fixtures/harness/run/run-context.ts';
import { describeNetwork } from '../../fixtures/environments/network/settings.ts';
import { newRunId } from '../../fixtures/harness/run/run-id.ts';
import { lockReportDir } from '../../fixtures/harness/run/report-lock.ts';
import { DEFAULT_WORKERS, workerCount } from '../../fixtures/harness/run/worker-count.ts';
import { provisional } from './provisional.ts';
import { startConformanceSuites } from './suites.ts';
import { EARLY_GO_RTT_MS, setSuitesEnv } from './suites-env.ts';
import { PREFLIGHT_GATE_ENV } from '../../fixtures/harness/run/suites-go.ts';
import { holdForRun, RUN_HOLD_ENV } from '../../fixtures/harness/token-time/run-hold.ts';
import { filterOf, suiteArgs, type CertifyOptions } from './options.ts';
import { ATTEMPT_DIR, cleanUpAfterStop, lastComplete } from './attempt.ts';
import { rootCausesHeadline } from '../../fixtures/judgement/index.ts';
import { assumedSettings } from '../../fixtures/harness/preflight/assumed-settings.ts';
import { untestedPlan } from '../../fixtures/judgement/index.ts';
import { diagnoseRunSaying } from './diagnose.ts';
import { certificationLines } from '../../reporters/certification/console.ts';
import { EarlyStop, failedPreflight, stoppedBeforeSuites } from './before-suites.ts';

export async function certify(options: CertifyOptions): Promise<number> {
  loadDotEnv();
  workerCount('PVH_WORKERS', DEFAULT_WORKERS); // a bad value is a usage error before any request
  // A path is handed on absolute: relative to where the command was typed, not to the workers' directory.
  const envName = isPath(options.env) ? configFileFor(options.env) : options.env;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PVH_ENV: envName,
    PVH_RUN_ID: process.env.PVH_RUN_ID ?? newRunId(),
    PVH_PROGRESS: options.verbose ? 'full' : 'compact',
    [CERTIFY_VARIABLE]: '1',
  };
  const reportDir = env.PVH_REPORT_DIR ?? 'reports';
  const certDir = path.join(reportDir, 'certification');
  // This run's report until it has tested something: the last complete one stays in certDir.
  const attemptDir = path.join(reportDir, ATTEMPT_DIR);
  const junit = path.join(reportDir, 'junit', 'results.xml');
  const startedAt = new Date().toISOString();
  let metrics: RemoteWriteTarget | undefined;
  // The verdict goes to Prometheus (when asked) whatever it is; sending never changes the exit code.
  const finish = async (code: number, results: CertificationResults): Promise<number> => {
    if (metrics) await sendSamples('certify', metrics, conformanceSamples(results, Date.now()));
    return options.bundle
      ? bundleAfterRun({
          reportDir,
          envName,
          runId: env.PVH_RUN_ID!,
          startedAt,
          finishedAt: new Date().toISOString(),
          certifyExitCode: code,
          env,
        })
      : code;
  };

  // 1. The environment, before any request; the embedded reference API when it asks for one. A stop
  // signal from here to the suites ends the run at once, INCONCLUSIVE, saying what it interrupted.
  const early = new EarlyStop();
  if (early.signal) {
    early.end();
    console.log(
      `certify: interrupted: certify received ${early.signal} before the run started; ` +
        `nothing was tested, nothing booked (exit 3)`,
    );
    return EXIT_CODE.INCONCLUSIVE;
  }
  lockReportDir(reportDir);
  // Playwright loads while the target opens and the preflight runs; it waits for the run's environment.
  const suitesRun = startConformanceSuites(suiteArgs(options), env);
  const target = await openTarget(envName, { env }).catch((error: unknown) => {
    early.end();
    suitesRun.cancel();
    throw error;
  });
  const resolved = target.environment;
  try {
    metrics = remoteWriteTarget(options.prometheus, resolved.config.observability?.prometheusRemoteWrite, env);
  } catch (error) {
    suitesRun.cancel();
    await target.close();
    throw error;
  }
  if (target.embedded)
    console.log(
      `certify: started the embedded reference API at ${target.embedded.baseUrl} (token endpoint ` +
        `${target.embedded.authUrl})`,
    );
  console.log(
    `certify: environment ${resolved.name} (${displayPath(resolved.configFile)}): ${resolved.pool.length} ` +
      `pool certificates, writes ` +
      `${resolved.writable.length > 0 ? `on ${resolved.writable.length} certificates` : 'off (read-only)'}, run ` +
      `${env.PVH_RUN_ID}`,
  );
  for (const line of describeUrls(resolved, 'certify: ')) console.log(line);
  for (const line of describeNetwork(resolved.network)) console.log(`certify: ${line}`);

  // 2. From here on the report on disk is this run's: INCONCLUSIVE until the suites finish. The
  // context says what the config can serve, so every verdict is bound to the checks that could run.
  const filter = filterOf(options);
  const context: RunContext = {
    runId: env.PVH_RUN_ID!,
    startedAt,
    environment: {
      name: resolved.name,
      config: displayPath(resolved.configFile),
      baseUrl: resolved.baseUrl,
      authUrl: resolved.authUrl,
      ...(resolved.legacyBaseUrl ? { legacyBaseUrl: resolved.legacyBaseUrl } : {}),
    },
    serving: servingOf(resolved),
    acceptedGaps: resolved.config.acceptedGaps ?? [],
    ...(filter ? { filter } : {}),
    ...networkContext(resolved.network),
    settings: assumedSettings(resolved, env),
  };
  // A token held for its whole life by an earlier run (the nightly's hold) counts for a week.
  const heldLife =
    resolved.certify.tokenHoldSeconds === undefined
      ? tokenLifeEvidence(historyFile({ ...env, PVH_REPORT_DIR: reportDir }), resolved.name)
      : undefined;
  if (heldLife) context.evidence = [heldLife];
  // The whole suite is listed beside the preflight: a filtered run sees only the tests it selected,
  // and a failed preflight's report shows the checks the run would have made. A run that needs
  // neither stops the listing.
  const listing = new AbortController();
  const listed = listConformanceTestsAsync(undefined, listing.signal);
  const universe = listed.catch(() => undefined); // a failed preflight's report then has no clauses
  writeRunContext(reportDir, context);
  writeCertification(
    attemptDir,
    provisional(context, 'INCONCLUSIVE', 'interrupted: the run started but did not finish', []),
  );

  const attempt = { context, universe, reportDir, attemptDir, certDir, junit, environment: resolved.name, env };
  const stopped = async (signal: string, phase: string, settling?: Promise<unknown>) => {
    // The stop's handlers stay until its report is written: the same Ctrl-C arrives twice (the terminal's, and npm's
    // passing it on, late when the CPU is busy), and Node's default for the second would end certify unreported.
    suitesRun.cancel();
    // What the preflight had under way finishes (a probe removes what it booked), within a few seconds.
    if (settling)
      await Promise.race([settling.catch(() => undefined), new Promise((r) => setTimeout(r, 3000).unref())]);
    listing.abort();
    await target.close();
    const results = await stoppedBeforeSuites(attempt, signal as never, phase);
    early.end();
    return finish(EXIT_CODE.INCONCLUSIVE, results);
  };
  if (early.signal) return stopped(early.signal, 'while the target was opened');

  // 3. Preflight: can the target be used at all, and is it what the config says? A distant target's run is given to
  // Playwright as soon as the first GETs say how far: its workers start during the audit and wait for its end.
  const gate = path.join(os.tmpdir(), `pvh-preflight-${env.PVH_RUN_ID}-passed`);
  let workersLine: string | undefined;
  let sending: Promise<void> | undefined;
  // The run's environment and context for a target this far: once, from the first GETs or from the whole preflight.
  const describeRun = async (times: { rttMs: number; fastestMs?: number }) => {
    workersLine = setSuitesEnv(env, resolved, times, !!options.verbose);
    context.rttMs = times.rttMs;
    if (filter) context.universe = await listed;
    writeRunContext(reportDir, context);
  };
  // The standard token's hold runs here once the preflight passed, beside the suites (run-hold.ts): not during it,
  // where a target whose new token ends the older ones would refuse the preflight's.
  const holdFile = path.join(os.tmpdir(), `pvh-run-hold-${env.PVH_RUN_ID}.json`);
  if (!filter) env[RUN_HOLD_ENV] = holdFile;
  process.once('exit', () => rmSync(holdFile, { force: true }));
  const running = preflight(resolved, {
    onMeasured: (times) => {
      if (times.fastestMs < EARLY_GO_RTT_MS || early.signal) return;
      env[PREFLIGHT_GATE_ENV] = gate;
      process.once('exit', () => rmSync(gate, { force: true }));
      sending = describeRun(times).then(() => suitesRun.send(env));
    },
  });
  const check = await early.race(running);
  await sending;
  if (!check) return stopped(early.signal!, 'during the preflight', running);
  console.log(`certify: ${describePreflight(check)}`);
  if (!check.ok) {
    suitesRun.cancel();
    await target.close();
    early.end();
    const results = await failedPreflight({ ...attempt, check });
    return finish(EXIT_CODE[results.verdict], results);
  }
  const hold = filter ? undefined : holdForRun(resolved, holdFile);
  // From here the run tests: the Allure results and the JUnit file show this run only.
  rmSync(path.join(reportDir, 'allure-results'), { recursive: true, force: true });
  rmSync(junit, { force: true });
  if (!filter) listing.abort();
  if (!workersLine)
    await describeRun({
      rttMs: check.rttMs!,
      ...(check.fastestMs !== undefined ? { fastestMs: check.fastestMs } : {}),
    });
  console.log(workersLine);

  // 4. The conformance project (it hears stop signals itself). Stopped, its workers may not have removed what
  // they booked.
  if (early.signal) return stopped(early.signal, 'before the suites started');
  early.end();
  if (env[PREFLIGHT_GATE_ENV]) writeFileSync(gate, 'the preflight passed\n');
  const suites = await suitesRun.go(env);
  // A replay holds a token of its own.
  await hold?.close();
  delete env[RUN_HOLD_ENV];
  if (suites.signalled && resolved.writable.length > 0 && !target.embedded)
    await cleanUpAfterStop(resolved, context.runId);
  // A failing run's diagnosis, while the target still answers: replays and experiments, then the report again.
  const diagnosed = suites.signalled
    ? undefined
    : await diagnoseRunSaying({ reportDir, runId: context.runId, environment: resolved, env });
  await target.close();

  // 5. The verdict, from the certification report.
  const resultsFile = path.join(certDir, 'results.json');
  const results =
    diagnosed ??
    (existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as CertificationResults) : undefined);
  if (!results || results.run.id !== context.runId || results.tests.length === 0) {
    const cause = suites.signalled
      ? `interrupted: certify received ${suites.signalled} before any test had finished`
      : `the suites did not produce results (Playwright exit code ${suites.code}): see the output above`;
    const why = suites.signalled
      ? 'the run was stopped before this check ran'
      : `the suites did not produce results (Playwright exit code ${suites.code})`;
    const provisionalResults = provisional(context, 'INCONCLUSIVE', cause, untestedPlan(context.universe, why));
    writeCertification(attemptDir, provisionalResults);
    addVerdictToJUnit(junit, provisionalResults);
    console.error(
      `certify: verdict INCONCLUSIVE: ${cause}; this run's report in ${attemptDir}/${lastComplete(certDir)}`,
    );
    return finish(EXIT_CODE.INCONCLUSIVE, provisionalResults);
  }
  rmSync(attemptDir, { recursive: true, force: true });
  console.log(certificationLines(results, certDir));
  const failed = mustFailed(results.clauses);
  const warned = results.clauses.filter((c) => c.verdict === 'warning');
  console.log(`\ncertify: suite ran in ${suites.seconds} s against ${resolved.name}`);
  if (failed.length > 0) console.log(`certify: MUST clauses failed: ${failed.map((c) => c.id).join(', ')}`);
  console.log(`certify: ${rootCausesHeadline(results.rootCauses ?? [])}`);
  if (warned.length > 0) console.log(`certify: SHOULD warnings: ${warned.map((c) => c.id).join(', ')}`);
  if (suites.signalled)
    console.log(
      `certify: stopped by ${suites.signalled} after ${finishedTests(results)} ` +
        `of ${results.run.plannedTests ?? results.tests.length} tests had finished; their results are in the report`,
    );
  // What the target showed the config claims wrongly: fix the config first; whatever else the run found, exit 2.
  const config = configErrorsOf(results);
  for (const line of config) console.log(`certify: config error: ${line}`);
  if (results.verdict === 'INCONCLUSIVE')
    for (const c of results.causes.filter((x) => !config.some((l) => x === configErrorCause(l))).slice(0, 5))
      console.log(`certify: inconclusive because ${c}`);
  console.log(
    `certify: verdict ${results.verdict}${gapsNote(results)}; reports in ${certDir}/ (index.html, SUMMARY.md, ` +
      `results.json)`,
  );
  if (config.length > 0) console.log('certify: the config and the target disagree: fix the config and run again');
  return finish(EXIT_CODE[results.verdict], results);
}
