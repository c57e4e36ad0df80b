/**
 * `npm run gate`: the release gate, after `npm run certify` (and optionally `npm run load`).
 * Allure's quality gate (allurerc.mjs: no failed MUST test, the whole conformance suite present,
 * every MUST clause run, no failed k6 threshold) plus the certification's clause verdicts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';
import { allureRunId, resultFiles, ROOT, runAllure } from '../../reporters/allure/allure-cli.ts';
import { gateSamples } from '../../reporters/prometheus/conformance-series.ts';
import { remoteWriteTarget, sendSamples } from '../../reporters/prometheus/send.ts';
import { mustClausesToRun, resultKinds } from '../../fixtures/judgement/index.ts';
import {
  certificationPart,
  decide,
  render,
  selectLoad,
  type GateDecision,
  type LoadResult,
} from '../../fixtures/judgement/index.ts';
import { ATTEMPT_DIR } from '../certify/attempt.ts';

export interface GateOptions {
  /** More allure-results directories (e.g. a load run under another PVH_REPORT_DIR). */
  results: string[];
  /** A read-only target: MUST clauses skipped only because writes are off do not block. */
  readOnly: boolean;
  /** A clause that regressed since the previous run of the environment is no-go. */
  noRegressions?: boolean;
  /** Prometheus remote-write URL for the decision (else $PVH_PROMETHEUS_URL). */
  prometheus?: string;
  /** Load runs whose k6 results count besides the certification's own run (--load-run). */
  loadRuns?: string[];
}

/** The conformance suite's size, so a partial run (--grep) cannot pass as a release. */
function conformanceTestCount(): number | undefined {
  const r = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
      'test',
      '--list',
      '--project',
      'conformance',
      '--reporter',
      'list',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: process.env,
    },
  );
  const m = /Total: (\d+) tests?/.exec(r.stdout ?? '');
  return m ? Number(m[1]) : undefined;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Prints the decision and why; returns 0 for go, 1 for no-go. */
export async function runGate(options: GateOptions): Promise<number> {
  const metrics = remoteWriteTarget(options.prometheus, undefined);
  const decision = await evaluateGate(options);
  console.log(render(decision));
  if (metrics) {
    const certification = readJson<CertificationResults>(
      path.join(path.resolve(process.env.PVH_REPORT_DIR ?? 'reports'), 'certification', 'results.json'),
    );
    await sendSamples('gate', metrics, gateSamples(decision, certification, Date.now()));
  }
  return decision.go ? 0 : 1;
}

/** The decision from everything the run left: certification, Allure results and quality gate, k6 thresholds; and the
 * environment Allure's quality gate was evaluated with. */
export async function evaluateGate(
  options: GateOptions,
): Promise<GateDecision & { qualityGateEnv: Record<string, string> }> {
  if (!existsSync(path.join(ROOT, 'allurerc.mjs')))
    throw new CommandError('allurerc.mjs is missing (it holds the quality-gate rules)');
  const reportDir = path.resolve(process.env.PVH_REPORT_DIR ?? 'reports');
  const dirs = [path.join(reportDir, 'allure-results'), ...options.results.map((d) => path.resolve(d))];
  const files = resultFiles(dirs);
  const existing = dirs.filter((d) => existsSync(d));

  const minTests = conformanceTestCount();
  const certification = readJson<CertificationResults>(path.join(reportDir, 'certification', 'results.json'));
  // A later certify that tested nothing (its preflight failed, the config was wrong): no-go, whatever an earlier run
  // said.
  const attempt = laterAttempt(
    readJson<CertificationResults>(path.join(reportDir, ATTEMPT_DIR, 'results.json')),
    certification,
  );
  // That run is the one to judge, alone: the certification and Allure results beside it are an earlier run's.
  if (attempt) return { ...attemptDecision(attempt), qualityGateEnv: {} };
  const mustIds = mustClausesToRun(certification, options.readOnly ?? false);

  const load: LoadResult[] = [];
  for (const f of files) {
    const r = readJson<{
      name?: string;
      status?: string;
      statusDetails?: { message?: string };
      labels?: Array<{ name: string; value: string }>;
    }>(f);
    const label = (name: string) => r?.labels?.find((l) => l.name === name)?.value;
    if (label('framework') !== 'k6') continue;
    const [environment, runId] = [label('environment'), label('runId')];
    load.push({
      name: r!.name ?? path.basename(f),
      status: r!.status ?? 'unknown',
      ...(r!.statusDetails?.message ? { message: r!.statusDetails.message } : {}),
      ...(environment ? { environment } : {}),
      ...(runId ? { runId } : {}),
    });
  }
  const selected = selectLoad(load, certification, options.loadRuns ?? []);
  // Allure's own rule "no failed k6 threshold" looks at the same runs only (allurerc.mjs).
  const qualityGateEnv = {
    PVH_GATE_MIN_TESTS: String(minTests ?? 1),
    PVH_GATE_MUST_CLAUSES: mustIds.join(','),
    PVH_GATE_LOAD_RUNS: [...new Set(selected.counted.map((r) => r.runId!))].join(','),
  };
  const env = { ...process.env, PVH_REPORT_DIR: reportDir, ...qualityGateEnv };
  const allureGate =
    existing.length > 0
      ? await runAllure(['quality-gate', ...existing], { env, capture: true })
      : { code: 1, output: `⨯ no allure-results directory (${dirs.join(', ')})` };
  if (allureGate.code === 2 && /not installed|could not start/.test(allureGate.output))
    throw new CommandError(allureGate.output);

  const runId = allureRunId(existing);

  const decision = decide({
    certification,
    allureResults: files.length,
    allureKinds: resultKinds(files),
    allureGate,
    load: selected.counted,
    loadRuns: selected.runs,
    ...(selected.ignored ? { loadIgnored: selected.ignored } : {}),
    ...(runId ? { allureRunId: runId } : {}),
    readOnly: options.readOnly,
    ...(options.noRegressions ? { noRegressions: true } : {}),
  });
  if (minTests === undefined)
    decision.warnings.push('could not count the conformance suite (playwright --list); the minimum test count was 1');
  return { ...decision, qualityGateEnv };
}

/** The attempt's report when it is of a later run than the certification (a run that crashed left its own). */
function laterAttempt(
  attempt: CertificationResults | undefined,
  certification: CertificationResults | undefined,
): CertificationResults | undefined {
  if (!attempt || attempt.run.id === certification?.run.id) return undefined;
  const at = (r: CertificationResults | undefined) => Date.parse(r?.run.startedAt ?? '') || 0;
  return at(attempt) >= at(certification) ? attempt : undefined;
}

/** NO-GO for a run that tested nothing: its own cause and root causes, nothing of an earlier run. */
function attemptDecision(attempt: CertificationResults): GateDecision {
  const part = certificationPart(attempt);
  return {
    go: false,
    reasons: [
      `the last certify run (${attempt.run.id}) tested nothing: ${attempt.causes[0] ?? 'no cause recorded'} ` +
        `(its report: ${ATTEMPT_DIR}/)`,
      ...part.reasons.filter((r) => !attempt.causes[0] || !r.includes(attempt.causes[0])),
    ],
    warnings: part.warnings,
    counts: [
      `certification ${attempt.run.environment} (run ${attempt.run.id}): ${attempt.verdict}, before any suite; ` +
        "reports/certification/ and the Allure results are an earlier run's, not judged",
    ],
  };
}
