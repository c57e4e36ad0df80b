/**
 * `npm run report`: builds the Allure 3 report (Awesome, one self-contained index.html) from
 * $PVH_REPORT_DIR/allure-results (conformance results of `npm run certify` plus the k6 threshold
 * results of `npm run load`) into $PVH_REPORT_DIR/allure-report/, and appends this run to the
 * history file so repeated runs show trends. Settings: allurerc.mjs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CommandError } from '../../fixtures/harness/command-error.ts';
import { allureRunId, resultFiles, runAllure } from './allure-cli.ts';

function historyPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.PVH_ALLURE_HISTORY ?? path.join(env.PVH_REPORT_DIR ?? 'reports', 'history', 'allure-history.jsonl'));
}

/** Builds the report from $PVH_REPORT_DIR/allure-results and `extraResults`; returns the exit code. */
export async function buildReport(extraResults: string[]): Promise<number> {
  const reportDir = process.env.PVH_REPORT_DIR ?? 'reports';
  const dirs = [path.join(reportDir, 'allure-results'), ...extraResults].map((d) => path.resolve(d));
  const files = resultFiles(dirs);
  if (files.length === 0) {
    throw new CommandError(`no Allure results in ${dirs.join(', ')}: run npm run certify first (and npm run load -- --scenario NAME --profile smoke for load results).`, 1);
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
  console.log(`report: ${files.length} results from ${existing.map((d) => path.relative(process.cwd(), d) || '.').join(', ')}`);
  console.log(`report: ${path.relative(process.cwd(), index)} (history: ${runs} run${runs === 1 ? '' : 's'} in ${path.relative(process.cwd(), history)})`);
  return 0;
}
