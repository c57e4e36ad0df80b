/**
 * `npm run report`: builds the Allure 3 report (Awesome, one self-contained index.html) from
 * $PVH_REPORT_DIR/allure-results (conformance results of `npm run certify` plus the k6 threshold
 * results of `npm run load`) into $PVH_REPORT_DIR/allure-report/, and appends this run to the
 * history file so repeated runs show trends. Settings: allurerc.mjs.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { describeSince } from '../../fixtures/judgement/index.ts';
import { removeDecisionFromAllure, writeDecisionToAllure } from '../../reporters/certification/allure-globals.ts';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';
import { evaluateGate } from '../gate/run.ts';
import { allureRunId, resultFiles, runAllure } from '../../reporters/allure/allure-cli.ts';
import { describeKinds, kindParts, resultKinds } from '../../fixtures/judgement/index.ts';
import { clause, type ClauseId } from '../../fixtures/contract/clauses.ts';
import { shownPath } from '../../fixtures/harness/support/shown-path.ts';

const clauseSummary = (id: string): string => {
  try {
    return clause(id as ClauseId).summary;
  } catch {
    return '';
  }
};

function readCertification(reportDir: string): CertificationResults | undefined {
  try {
    return JSON.parse(
      readFileSync(path.join(reportDir, 'certification', 'results.json'), 'utf8'),
    ) as CertificationResults;
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
  const parts = ['passed', 'failed', 'broken', 'skipped', 'unknown']
    .filter((k) => (stats[k] ?? 0) > 0)
    .map((k) => `${stats[k]} ${k}`);
  return `${stats.total} result${stats.total === 1 ? '' : 's'}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

/** The decision's colour on the badge: red for NO-GO, amber for GO with accepted gaps, green for GO, grey for
 * INCONCLUSIVE. */
const BADGE: Record<string, string> = { 'NO-GO': '#c62828', GO: '#2e7d32', 'GO*': '#b26a00', INCONCLUSIVE: '#616161' };

/** The decision as a square badge (Allure shows its logo first, top left, at 48 px). */
export function decisionBadge(decision: string, withGaps: boolean): string {
  const words =
    decision === 'GO' && withGaps ? ['GO', 'GAPS'] : decision === 'INCONCLUSIVE' ? ['IN-', 'CONCL.'] : [decision];
  const colour = BADGE[decision === 'GO' && withGaps ? 'GO*' : decision] ?? BADGE.INCONCLUSIVE;
  const lines = words
    .map(
      (w, i) =>
        `<text x="48" y="${words.length === 1 ? 60 : 44 + i * 30}" font-family="Arial, Helvetica, sans-serif" ` +
        `font-size="${words.length === 1 ? 30 : 24}" font-weight="700" fill="#fff" ` +
        `text-anchor="middle">${w}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" ` +
    `height="96" rx="12" fill="${colour}"/>${lines}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The release decision and its first reason, the certification verdict, its accepted gaps, what
 * Allure's counts count, and the settings the run assumed: the report's title (decision first),
 * its badge, and the variables Allure shows on its first screen (allurerc.mjs reads them).
 */
export function firstScreenEnv(
  decision: string,
  reasons: readonly string[],
  certification: CertificationResults | undefined,
  results: string,
): Record<string, string> {
  const gaps = certification?.acceptedGaps ?? [];
  // The first reason in the words people fix: the first root cause's clause and promise, else the gate's first reason.
  const root = certification?.rootCauses[0];
  const first =
    decision === 'GO'
      ? undefined
      : root
        ? `${root.clause} (${root.level}) broken: ${clauseSummary(root.clause)}`
        : reasons[0];
  const variables: Record<string, string> = { 'Release decision': decision };
  if (first) variables['Why'] = first;
  if (gaps.length > 0) variables['Accepted gaps'] = gaps.map((g) => `${g.clause}: ${g.reasons.join('; ')}`).join(' | ');
  variables['What the counts count'] = results;
  if (certification) {
    variables.Certification = certification.verdict;
    variables.Environment = certification.run.environment;
    variables.Run = certification.run.id;
    for (const s of certification.run.settings ?? [])
      variables[s.setting] = s.from === 'config' ? s.value : `${s.value} (${s.from})`;
  }
  const why =
    decision === 'GO'
      ? gaps.length > 0
        ? ` with accepted gaps in ${gaps.map((g) => g.clause).join(', ')}`
        : ''
      : first
        ? `: ${first.length > 140 ? `${first.slice(0, 139)}…` : first}`
        : '';
  const where = certification ? ` · ${certification.run.environment}: ${certification.verdict}` : '';
  const title = `${decision}${why}${where}`;
  return {
    PVH_ALLURE_VARIABLES: JSON.stringify(variables),
    PVH_ALLURE_TITLE: title,
    PVH_ALLURE_LOGO: decisionBadge(decision, gaps.length > 0),
  };
}

function historyPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(
    env.PVH_ALLURE_HISTORY ?? path.join(env.PVH_REPORT_DIR ?? 'reports', 'history', 'allure-history.jsonl'),
  );
}

/** Builds the report from $PVH_REPORT_DIR/allure-results and `extraResults`; returns the exit code. */
export async function buildReport(extraResults: string[]): Promise<number> {
  const reportDir = process.env.PVH_REPORT_DIR ?? 'reports';
  const dirs = [path.join(reportDir, 'allure-results'), ...extraResults].map((d) => path.resolve(d));
  if (resultFiles(dirs).length === 0) {
    throw new CommandError(
      `no Allure results in ${dirs.join(', ')}: run npm run certify first (and npm run load -- --scenario ` +
        `NAME --profile smoke for load results).`,
      1,
    );
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
    writeDecisionToAllure(path.join(reportDir, 'allure-results'), decision, certification?.verdict === 'INCONCLUSIVE');
    const kinds = describeKinds(
      resultKinds(
        dirs
          .filter((d) => existsSync(d))
          .flatMap((d) =>
            readdirSync(d)
              .filter((f) => f.endsWith('-result.json'))
              .map((f) => path.join(d, f)),
          ),
      ),
    );
    const shownDecision = certification?.verdict === 'INCONCLUSIVE' ? 'INCONCLUSIVE' : decision.go ? 'GO' : 'NO-GO';
    firstScreen = firstScreenEnv(
      shownDecision,
      decision.reasons,
      certification,
      `${kinds}; the verdict, root causes and release decision are not tests: Global Errors and Global ` +
        'Attachments show them',
    );
    console.log(
      `report: release decision ${shownDecision} ` +
        `(npm run gate decides the same; --read-only and --no-regressions are gate options)`,
    );
  } catch (error) {
    // The report is still worth building without a decision; the gate itself will say what is missing.
    console.warn(
      `report: no release decision in the report (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const history = historyPath();
  mkdirSync(path.dirname(history), { recursive: true });
  const existing = dirs.filter((d) => existsSync(d));
  // One trend point per run: rebuilding the report of the run last recorded does not append again.
  const runId = allureRunId(existing);
  const marker = path.join(path.dirname(history), '.last-run-id');
  const seen = runId !== undefined && existsSync(marker) && readFileSync(marker, 'utf8').trim() === runId;
  // Generated with the quality gate evaluated as npm run gate evaluates it: the report's Quality Gates tab agrees.
  const run = await runAllure(existing, {
    script: 'generate-with-gate.mjs',
    env: {
      ...process.env,
      ...qualityGateEnv,
      ...firstScreen,
      PVH_ALLURE_HISTORY: history,
      ...(seen ? { PVH_ALLURE_APPEND_HISTORY: 'false' } : {}),
    },
  });
  const index = path.join(path.resolve(reportDir), 'allure-report', 'index.html');
  if (run.code !== 0 || !existsSync(index))
    throw new CommandError(
      `allure generate failed (exit ${run.code})${existsSync(index) ? '' : `; no ${index}`}`,
      run.code || 1,
    );
  if (runId !== undefined) writeFileSync(marker, `${runId}\n`);
  const runs = existsSync(history)
    ? readFileSync(history, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '').length
    : 0;
  // The count Allure shows (its own summary: one result per test, retries folded), not the files read.
  const stats = readSummaryStats(path.join(path.resolve(reportDir), 'allure-report', 'summary.json'));
  const from = existing.map((d) => shownPath(d)).join(', ');
  const found = resultKinds(
    existing.flatMap((d) =>
      readdirSync(d)
        .filter((f) => f.endsWith('-result.json'))
        .map((f) => path.join(d, f)),
    ),
  );
  console.log(
    stats
      ? `report: Allure shows ${describeStats(stats)} from ${from}: ${kindParts(found)}`
      : `report: ${describeKinds(found)} from ${from}`,
  );
  console.log(`report: ${shownPath(index)} (history: ${runs} run${runs === 1 ? '' : 's'} in ${shownPath(history)})`);
  return 0;
}
