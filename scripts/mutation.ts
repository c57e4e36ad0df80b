/**
 * `npm run mutation [-- --only NAME] [-- --workers N]`
 *
 * Proves the harness both ways: runs the conformance suites against the reference API once per
 * fault (every fault must be killed by some check) and once per conformant variant (every variant
 * must pass), in ONE Playwright run with a project per fault/variant, and writes
 * $PVH_REPORT_DIR/mutation/{summary.json,summary.md}. The last line is the score; the exit code is
 * non-zero on a survivor, a false alarm, or a check that kills nothing without an explanation.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ClauseId } from '../fixtures/contract/clauses.ts';
import { newRunId } from '../fixtures/harness/run-id.ts';
import { PLAN_ENV } from '../fixtures/harness/mutation/plan-file.ts';
import { allTargets, SELECTIVE_SUITES, selectTargets, type MutationPlan } from '../fixtures/harness/mutation/plan.ts';
import { renderSummaryMarkdown } from '../fixtures/harness/mutation/render.ts';
import { exitCodeFor, scoreLine, summarise, type TestRecord } from '../fixtures/harness/mutation/results.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PLAYWRIGHT = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const CONFIG = path.join(ROOT, 'fixtures', 'harness', 'mutation', 'playwright.mutation.config.ts');

const HELP = `Usage: npm run mutation -- [--only NAME] [--workers N]

  --only NAME   run one fault or variant (repeatable; names: fixtures/reference-api/faults.ts,
                variants.ts, or reference-default for the unmodified reference)
  --workers N   parallel workers (default 6, or PVH_MUTATION_WORKERS); tests mostly wait on I/O
Writes $PVH_REPORT_DIR/mutation/summary.json and summary.md (PVH_REPORT_DIR defaults to reports).`;

interface ListedSuite {
  suites?: ListedSuite[];
  specs?: Array<{ file: string; tests: Array<{ annotations: Array<{ type: string; description?: string }> }> }>;
}

/** The clauses each spec file of the selective suites covers, from Playwright's own --list. */
function selectiveClauses(): Record<string, ClauseId[]> {
  const res = spawnSync(process.execPath, [PLAYWRIGHT, 'test', ...SELECTIVE_SUITES, '--list', '--reporter=json', '--project', 'conformance'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(`listing ${SELECTIVE_SUITES.join(', ')} failed:\n${res.stderr || res.stdout}`);
  const out: Record<string, Set<ClauseId>> = {};
  const walk = (s: ListedSuite) => {
    for (const child of s.suites ?? []) walk(child);
    for (const spec of s.specs ?? []) {
      const file = spec.file;
      out[file] ??= new Set();
      for (const t of spec.tests) for (const a of t.annotations) if (a.type === 'clause' && a.description) out[file]!.add(a.description as ClauseId);
    }
  };
  walk(JSON.parse(res.stdout) as ListedSuite);
  return Object.fromEntries(Object.entries(out).map(([f, ids]) => [f, [...ids].sort()]));
}

async function runPlaywright(planFile: string, plan: MutationPlan, workers: string | undefined): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, [PLAN_ENV]: planFile, PVH_RUN_ID: plan.runId };
  if (workers) env.PVH_MUTATION_WORKERS = workers;
  const child = spawn(process.execPath, [PLAYWRIGHT, 'test', '--config', CONFIG], { cwd: ROOT, env, stdio: 'inherit' });
  // Playwright exits non-zero whenever a test failed, which is the point for faults: not an error here.
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve());
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { only: { type: 'string', multiple: true }, workers: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const started = Date.now();
  const reportDir = path.resolve(process.env.PVH_REPORT_DIR ?? 'reports', 'mutation');
  const selective = selectiveClauses();
  const targets = selectTargets(allTargets(selective), values.only);
  const plan: MutationPlan = { runId: process.env.PVH_RUN_ID ?? newRunId(), reportDir, selective, targets };

  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const planFile = path.join(reportDir, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan, null, 2));
  await runPlaywright(planFile, plan, values.workers);

  const recordsFile = path.join(reportDir, 'playwright', 'records.json');
  if (!existsSync(recordsFile)) throw new Error(`Playwright wrote no results (${recordsFile}); see its output above`);
  const records = JSON.parse(readFileSync(recordsFile, 'utf8')) as TestRecord[];
  const summary = summarise(plan, records, values.only === undefined, Date.now() - started);
  const line = scoreLine(summary);
  writeFileSync(path.join(reportDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(path.join(reportDir, 'summary.md'), renderSummaryMarkdown(summary, line));

  const rel = path.relative(process.cwd(), reportDir);
  if (summary.faults.survivors.length) console.log(`survivors: ${summary.faults.survivors.join(', ')}`);
  if (summary.variants.falseAlarms.length) console.log(`false alarms: ${summary.variants.falseAlarms.join(', ')}`);
  for (const u of summary.unkilledChecks) console.log(`unkilled check${u.reason ? '' : ' (UNEXPLAINED)'}: ${u.file}: ${u.test}`);
  console.log(`mutation: ${(summary.durationMs / 1000).toFixed(0)} s; summary: ${rel}/summary.md, ${rel}/summary.json`);
  console.log(line);
  return exitCodeFor(summary);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`mutation: ${(error as Error).message}`);
    process.exit(2);
  },
);
