/**
 * Isolation replays: after the suites, failed tests run again alone (one worker, a new process, so
 * a fresh token and fresh certificates, nothing else in flight), within a time budget the run
 * states (a fifth of the run's wall time, or more where --replay-budget asks for it). Whether any
 * replay fits is decided before one starts, and said once. A failure that does not happen again alone is
 * interaction-dependent. Only failures no after-test reading explained are replayed, one test per
 * root clause, the quickest first: a reading's probe already established the others.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../fixtures/harness/project-root.ts';
import { readTest, type TestOutcome } from '../certification/outcomes.ts';
import type { ReplayResult } from './replay-result.ts';

/** The share of a failing run's wall time the replays may take. */
export const REPLAY_SHARE = 0.2;
/** `certify --replay-budget S`: the replays may take at least S seconds, over the fifth of the run. */
export const REPLAY_BUDGET_VARIABLE = 'PVH_REPLAY_BUDGET_SECONDS';
/** What starting a replay run costs before its first test (Playwright, the suites' modules), ms. */
const STARTUP_MS = 3500;
/** Runs alone per replayed test. */
const RUNS = 2;

/** What will be replayed, decided before any replay starts. */
export interface ReplayPlan {
  chosen: TestOutcome[];
  /** The candidates that do not fit, each saying why. */
  skipped: ReplayResult[];
  budgetMs: number;
  /** Why nothing will be replayed, in one line with what would allow it; undefined when something will. */
  note?: string;
}

export interface Replays {
  results: ReplayResult[];
  budgetMs: number;
  spentMs: number;
  /** Why nothing (or not everything) was replayed. */
  note?: string;
}

/** One failed test per root clause that no after-test reading explained, the quickest first. */
export function candidates(tests: readonly TestOutcome[]): TestOutcome[] {
  const byClause = new Map<string, TestOutcome>();
  for (const t of tests) {
    const r = readTest(t);
    if (r.kind !== 'failed' || t.finding) continue;
    const held = byClause.get(r.clauses[0]!);
    if (!held || t.durationMs < held.durationMs) byClause.set(r.clauses[0]!, t);
  }
  return [...byClause.values()].sort((a, b) => a.durationMs - b.durationMs);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface JsonSuite {
  title: string;
  specs?: Array<{ title: string; tests: Array<{ results: Array<{ status: string }> }> }>;
  suites?: JsonSuite[];
}

/** Each replayed test's outcomes, by its title as the certification names it (describe › test). */
function outcomesOf(suites: readonly JsonSuite[], prefix: string[] = []): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of suites) {
    // The top suites are files: their titles are not part of a test's name.
    const path_ = s.title.endsWith('.spec.ts') ? prefix : [...prefix, s.title];
    for (const spec of s.specs ?? []) out.set([...path_, spec.title].join(' › '), spec.tests.flatMap((t) => t.results.map((r) => r.status)));
    for (const [k, v] of outcomesOf(s.suites ?? [], path_)) out.set(k, [...(out.get(k) ?? []), ...v]);
  }
  return out;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The replays' budget: a fifth of the run, or the seconds --replay-budget asks for when more. */
export function replayBudgetMs(runWallMs: number, env: NodeJS.ProcessEnv = process.env): { ms: number; why: string } {
  const share = Math.round(runWallMs * REPLAY_SHARE);
  const asked = Number(env[REPLAY_BUDGET_VARIABLE] ?? '') * 1000;
  return asked > share ? { ms: asked, why: `--replay-budget ${asked / 1000}` } : { ms: share, why: `a fifth of the run's ${seconds(runWallMs)}` };
}

/** The experiments' time: the replays' budget, never less than MIN_EXPERIMENT_MS (a read after a write may take seconds to show). */
export const MIN_EXPERIMENT_MS = 10_000;
export function experimentBudgetMs(runWallMs: number, env: NodeJS.ProcessEnv = process.env): { ms: number; why: string } {
  const budget = replayBudgetMs(runWallMs, env);
  return budget.ms >= MIN_EXPERIMENT_MS ? budget : { ms: MIN_EXPERIMENT_MS, why: `at least ${MIN_EXPERIMENT_MS / 1000} s; ${budget.why} is less` };
}

/** As many candidates as fit in the budget, quickest first, each run RUNS times after one start-up. */
export function planReplays(tests: readonly TestOutcome[], runWallMs: number, env: NodeJS.ProcessEnv = process.env): ReplayPlan {
  const budget = replayBudgetMs(runWallMs, env);
  const all = candidates(tests);
  const chosen: TestOutcome[] = [];
  let planned = STARTUP_MS;
  for (const t of all) {
    if (planned + t.durationMs * RUNS > budget.ms) break;
    planned += t.durationMs * RUNS;
    chosen.push(t);
  }
  const within = `the budget of ${seconds(budget.ms)} (${budget.why})`;
  if (chosen.length === 0 && all.length > 0) {
    // The quickest replay alone does not fit: no replay can happen, and nothing starts.
    const needMs = STARTUP_MS + all[0]!.durationMs * RUNS;
    const why = `one replay needs about ${seconds(needMs)} (${seconds(STARTUP_MS)} to start, then the test ${RUNS} times), more than ${within}`;
    const skipped = all.map((t): ReplayResult => ({ title: t.title, runs: 0, failed: 0, durationMs: 0, skipped: `not replayed alone: ${why}` }));
    return { chosen, skipped, budgetMs: budget.ms, note: `no failed test replayed alone: ${why}; --replay-budget ${Math.ceil(needMs / 1000)} allows it` };
  }
  const skipped = all.slice(chosen.length).map((t): ReplayResult => ({ title: t.title, runs: 0, failed: 0, durationMs: 0, skipped: `not replayed alone: ${within} went to quicker replays` }));
  return { chosen, skipped, budgetMs: budget.ms };
}

/** Runs the plan's tests alone within its budget; the children's reports go to `dir`, never over the run's. */
export async function replayAlone(plan: ReplayPlan, dir: string, env: NodeJS.ProcessEnv): Promise<Replays> {
  const { chosen, skipped, budgetMs } = plan;
  if (chosen.length === 0) return { results: skipped, budgetMs, spentMs: 0, ...(plan.note ? { note: plan.note } : {}) };

  const report = path.join(dir, 'replay.json');
  rmSync(report, { force: true });
  const grep = chosen.map((t) => escape(t.title.replace(/ › /g, ' '))).join('|');
  const t0 = performance.now();
  await new Promise<void>((resolve) => {
    const args = [path.join(PROJECT_ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--project', 'conformance', '--workers', '1', '--retries', '0', '--repeat-each', String(RUNS), '--grep', grep, '--reporter', 'json', '--output', path.join(dir, 'test-results'), '--global-timeout', String(Math.max(1000, budgetMs))];
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env: { ...env, PVH_REPLAY: '1', PVH_REPORT_DIR: dir, PLAYWRIGHT_JSON_OUTPUT_NAME: report, PVH_PROGRESS: '' }, stdio: 'ignore' });
    child.on('exit', () => resolve());
    child.on('error', () => resolve());
  });
  const spentMs = Math.round(performance.now() - t0);
  const seen = existsSync(report) ? outcomesOf((JSON.parse(readFileSync(report, 'utf8')) as { suites: JsonSuite[] }).suites) : new Map<string, string[]>();
  const results = chosen.map((t): ReplayResult => {
    const statuses = (seen.get(t.title) ?? []).filter((s) => s === 'passed' || s === 'failed' || s === 'timedOut');
    return { title: t.title, runs: statuses.length, failed: statuses.filter((s) => s !== 'passed').length, durationMs: Math.round(spentMs / chosen.length), ...(statuses.length === 0 ? { skipped: 'the replay run ended before this test finished' } : {}) };
  });
  return { results: [...results, ...skipped], budgetMs, spentMs };
}
