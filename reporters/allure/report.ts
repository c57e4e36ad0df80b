/**
 * `npm run report`: builds the Allure 3 report (Awesome, one self-contained index.html) from
 * $PVH_REPORT_DIR/allure-results (conformance results of `npm run certify` plus the k6 threshold
 * results of `npm run load`) into $PVH_REPORT_DIR/allure-report/, and appends this run to the
 * history file so repeated runs show trends. Settings: allurerc.mjs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CommandError } from '../../fixtures/harness/command-error.ts';
import { describeSince } from '../certification/history.ts';
import { removeDecisionFromAllure, writeDecisionToAllure } from '../certification/verdict-entries.ts';
import type { CertificationResults } from '../certification/verdicts.ts';
import { evaluateGate } from '../gate/run.ts';
import { allureRunId, resultFiles, runAllure } from './allure-cli.ts';

function readCertification(reportDir: string): CertificationResults | undefined {
  try {
    return JSON.parse(readFileSync(path.join(reportDir, 'certification', 'results.json'), 'utf8')) as CertificationResults;
  } catch {
    return undefined;
  }
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
  try {
    const decision = await evaluateGate({ results: extraResults, readOnly: false });
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
  const run = await runAllure(['generate', ...existing], { env: { ...process.env, PVH_ALLURE_HISTORY: history, ...(seen ? { PVH_ALLURE_APPEND_HISTORY: 'false' } : {}) } });
  const index = path.join(path.resolve(reportDir), 'allure-report', 'index.html');
  if (run.code !== 0 || !existsSync(index)) throw new CommandError(`allure generate failed (exit ${run.code})${existsSync(index) ? '' : `; no ${index}`}`, run.code || 1);
  if (runId !== undefined) writeFileSync(marker, `${runId}\n`);
  const runs = existsSync(history) ? readFileSync(history, 'utf8').split('\n').filter((l) => l.trim() !== '').length : 0;
  const files = resultFiles(dirs);
  console.log(`report: ${files.length} results from ${existing.map((d) => path.relative(process.cwd(), d) || '.').join(', ')}`);
  console.log(`report: ${path.relative(process.cwd(), index)} (history: ${runs} run${runs === 1 ? '' : 's'} in ${path.relative(process.cwd(), history)})`);
  return 0;
}
