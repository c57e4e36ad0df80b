/**
 * `npm run report`: builds the Allure 3 report (Awesome, one self-contained index.html) from
 * $PVH_REPORT_DIR/allure-results (conformance results of `npm run certify` plus the k6 threshold
 * results of `npm run load`) into $PVH_REPORT_DIR/allure-report/, and appends this run to the
 * history file so repeated runs show trends. Settings: allurerc.mjs.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CommandError } from '../../fixtures/harness/command-error.ts';
import { describeSince } from '../certification/history.ts';
import { removeDecisionFromAllure, writeDecisionToAllure } from '../certification/verdict-entries.ts';
import type { CertificationResults } from '../certification/verdicts.ts';
import { evaluateGate } from '../gate/run.ts';
import { allureRunId, resultFiles, runAllure } from './allure-cli.ts';
import { describeKinds, resultKinds } from './result-kinds.ts';

function readCertification(reportDir: string): CertificationResults | undefined {
  try {
    return JSON.parse(readFileSync(path.join(reportDir, 'certification', 'results.json'), 'utf8')) as CertificationResults;
  } catch {
    return undefined;
  }
}

type SummaryStats = { total: number } & Record<string, number>;

function readSummaryStats(file: string): SummaryStats | undefined {
  try {
    const stats = (JSON.parse(readFileSync(file, 'utf8')) as { stats?: SummaryStats }).stats;
    return typeof stats?.total === 'number' ? stats : undefined;
  } catch {
    return undefined;
  }
}

function describeStats(stats: SummaryStats): string {
  const parts = ['passed', 'failed', 'broken', 'skipped', 'unknown'].filter((k) => (stats[k] ?? 0) > 0).map((k) => `${stats[k]} ${k}`);
  return `${stats.total} result${stats.total === 1 ? '' : 's'}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

/**
 * The release decision, the certification verdict and the settings the run assumed, for the
 * report's title and the variables Allure shows on its first screen (allurerc.mjs reads them).
 */
function firstScreenEnv(decision: string, certification: CertificationResults | undefined): Record<string, string> {
  const variables: Record<string, string> = { 'Release decision': decision };
  if (certification) {
    variables.Certification = certification.verdict;
    variables.Environment = certification.run.environment;
    variables.Run = certification.run.id;
    for (const s of certification.run.settings ?? []) variables[s.setting] = s.from === 'config' ? s.value : `${s.value} (${s.from})`;
  }
  const title = `release decision ${decision}${certification ? ` · ${certification.run.environment}: ${certification.verdict}` : ''}`;
  return { PVH_ALLURE_VARIABLES: JSON.stringify(variables), PVH_ALLURE_TITLE: title };
}

function historyPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.PVH_ALLURE_HISTORY ?? path.join(env.PVH_REPORT_DIR ?? 'reports', 'history', 'allure-history.jsonl'));
}

/** Builds the report from $PVH_REPORT_DIR/allure-results and `extraResults`; returns the exit code. */
export async function buildReport(extraResults: string[]): Promise<number> {
  const reportDir = process.env.PVH_REPORT_DIR ?? 'reports';
  const dirs = [path.join(reportDir, 'allure-results'), ...extraResults].map((d) => path.resolve(d));
  if (resultFiles(dirs).length === 0) {
    throw new CommandError(`no Allure results in ${dirs.join(', ')}: run npm run certify first (and npm run load -- --scenario NAME --profile smoke for load results).`, 1);
  }
  // The release decision and what changed since the last run, in the report itself.
  const certification = readCertification(reportDir);
  if (certification?.sinceLast) console.log(`report: ${describeSince(certification.sinceLast)}`);
  removeDecisionFromAllure(path.join(reportDir, 'allure-results'));
  let qualityGateEnv: Record<string, string> = {};
  let firstScreen: Record<string, string> = {};
  try {
    const decision = await evaluateGate({ results: extraResults, readOnly: false });
    qualityGateEnv = decision.qualityGateEnv;
    firstScreen = firstScreenEnv(certification?.verdict === 'INCONCLUSIVE' ? 'INCONCLUSIVE' : decision.go ? 'GO' : 'NO-GO', certification);
    writeDecisionToAllure(path.join(reportDir, 'allure-results'), decision, certification?.verdict === 'INCONCLUSIVE', certification?.run.startedAt);
    console.log(`report: release decision ${certification?.verdict === 'INCONCLUSIVE' ? 'INCONCLUSIVE' : decision.go ? 'GO' : 'NO-GO'} (npm run gate decides the same; --read-only and --no-regressions are gate options)`);
  } catch (error) {
    // The report is still worth building without a decision; the gate itself will say what is missing.
    console.warn(`report: no release decision in the report (${error instanceof Error ? error.message : String(error)})`);
  }
  const history = historyPath();
  mkdirSync(path.dirname(history), { recursive: true });
  const existing = dirs.filter((d) => existsSync(d));
  // One trend point per run: rebuilding the report of the run last recorded does not append again.
  const runId = allureRunId(existing);
  const marker = path.join(path.dirname(history), '.last-run-id');
  const seen = runId !== undefined && existsSync(marker) && readFileSync(marker, 'utf8').trim() === runId;
  // Generated with the quality gate evaluated as npm run gate evaluates it: the report's Quality Gates tab agrees.
  const run = await runAllure(existing, { script: 'generate-with-gate.mjs', env: { ...process.env, ...qualityGateEnv, ...firstScreen, PVH_ALLURE_HISTORY: history, ...(seen ? { PVH_ALLURE_APPEND_HISTORY: 'false' } : {}) } });
  const index = path.join(path.resolve(reportDir), 'allure-report', 'index.html');
  if (run.code !== 0 || !existsSync(index)) throw new CommandError(`allure generate failed (exit ${run.code})${existsSync(index) ? '' : `; no ${index}`}`, run.code || 1);
  if (runId !== undefined) writeFileSync(marker, `${runId}\n`);
  const runs = existsSync(history) ? readFileSync(history, 'utf8').split('\n').filter((l) => l.trim() !== '').length : 0;
  // The count Allure shows (its own summary: one result per test, retries folded), not the files read.
  const stats = readSummaryStats(path.join(path.resolve(reportDir), 'allure-report', 'summary.json'));
  const from = existing.map((d) => path.relative(process.cwd(), d) || '.').join(', ');
  const kinds = describeKinds(resultKinds(existing.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('-result.json')).map((f) => path.join(d, f)))));
  console.log(stats ? `report: Allure shows ${describeStats(stats)} from ${from}; ${kinds}` : `report: ${kinds} from ${from}`);
  console.log(`report: ${path.relative(process.cwd(), index)} (history: ${runs} run${runs === 1 ? '' : 's'} in ${path.relative(process.cwd(), history)})`);
  return 0;
}
