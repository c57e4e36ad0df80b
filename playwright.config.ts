/**
 * One runner for everything: the `harness` project holds the project's own tests (reference API,
 * config, encoder, reporters, scripts: *.test.ts), the `conformance` project holds the suites
 * (suites/**\/*.spec.ts) that certify a target, the `e2e` project the whole-command tests
 * (*.e2e.ts). npm test runs the first two, npm run test:e2e the third. No browser is used or installed.
 */
import { defineConfig } from '@playwright/test';
import { CERTIFY_VARIABLE, playwrightReportDir, SELF_TEST_VARIABLE } from './fixtures/harness/run/run-context.ts';
import { makeHermetic } from './fixtures/harness/run/hermetic-env.ts';
import { PLAN_ENV } from './scripts/mutation/plan-file.ts';
import { conformanceWorkers } from './fixtures/harness/run/worker-count.ts';
import { awaitPreflightGate, awaitSuitesGo } from './fixtures/harness/run/suites-go.ts';

// Started early by certify (scripts/certify/suites.ts): the run's environment arrives here, before anything below
// reads it.
await awaitSuitesGo();
// A worker of a run certify gave before its audit ended (a distant target) waits here for the audit's end.
await awaitPreflightGate();

// The harness's own tests run with an environment they set themselves (hermetic-env.ts): decided
// once, in the runner process, before any worker starts (workers inherit it).
// A mutation run (its config imports this one) is a run of the suites like certify's, set up by npm run mutation.
if (
  !process.env[CERTIFY_VARIABLE] &&
  !process.env[SELF_TEST_VARIABLE] &&
  !process.env[PLAN_ENV] &&
  process.env.TEST_WORKER_INDEX === undefined
)
  makeHermetic(process.env);
// certify (PVH_CERTIFY=1) writes reports/; npm test and the harness's own tests write reports/self-test/.
const reportDir = playwrightReportDir();
const ci = !!process.env.CI;
// certify asks for a compact progress (PVH_PROGRESS=compact) unless --verbose; other runs list every test.
const progress =
  process.env.PVH_PROGRESS === 'compact'
    ? (['./reporters/progress/compact.ts'] as const)
    : ([ci ? 'dot' : 'list'] as const);

export default defineConfig({
  globalSetup: './fixtures/harness/run/global-setup.ts',
  outputDir: `${reportDir}/test-results`,
  fullyParallel: true,
  forbidOnly: ci,
  // Retries would hide failures; a conformance verdict is first-try or nothing.
  retries: 0,
  // PVH_WORKERS, else the count certify chose for the target (worker-count.ts), else 2.
  workers: conformanceWorkers(),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [
    progress,
    // npm test and other runs that certify nothing: why each skipped test was skipped.
    ...(process.env.PVH_CERTIFY ? [] : [['./reporters/progress/skip-reasons.ts'] as const]),
    ['json', { outputFile: `${reportDir}/playwright/results.json` }],
    ['junit', { outputFile: `${reportDir}/junit/results.xml` }],
    ['./reporters/certification/reporter.ts', { outputDir: `${reportDir}/certification` }],
    // Sharded CI runs: each shard also writes a blob report; `merge-reports` joins them
    // (.github/workflows/sharded.yml).
    ...(process.env.PVH_BLOB ? [['blob', { outputDir: `${reportDir}/blob-report` }] as const] : []),
    ['./reporters/allure/reporter.ts', { resultsDir: `${reportDir}/allure-results` }],
  ],
  projects: [
    // The suites first: their serial groups then overlap the harness's many short tests instead of ending npm test on
    // one busy worker.
    { name: 'conformance', testDir: './suites', testMatch: /.*\.spec\.ts$/ },
    { name: 'harness', testDir: '.', testMatch: /(fixtures|scripts|reporters|load)\/.*\.test\.ts$/ },
    // Whole commands end to end (certify against broken targets, signals, reproducers run from
    // elsewhere, the client check's real clients): npm run test:e2e, a CI stage of its own.
    { name: 'e2e', testDir: '.', testMatch: /(fixtures|scripts|reporters|load)\/.*\.e2e\.ts$/ },
  ],
});
