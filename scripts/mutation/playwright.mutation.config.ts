/**
 * Playwright config of `npm run mutation`: the base config's settings, one project per fault or
 * variant of the plan. Each project's workers start their own reference API with that fault or
 * variant (the `referenceOverride` option of fixtures/harness/test.ts), so there is no global target, and
 * everything is written under <report dir>/mutation/, never over the normal run's reports.
 */
import { defineConfig } from '@playwright/test';
import path from 'node:path';
import base from '../../playwright.config.ts';
import type { ReferenceOverride } from '../../fixtures/environments/worker-reference.ts';
import { readPlan } from './plan-file.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { workerCount } from '../../fixtures/harness/run/worker-count.ts';

const plan = readPlan();
const ROOT = PROJECT_ROOT;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches exactly one spec file. */
const fileRe = (file: string) => new RegExp(`^${escape(path.join(ROOT, file))}$`);

export default defineConfig<object, { referenceOverride: ReferenceOverride | undefined }>({
  ...base,
  globalSetup: undefined,
  outputDir: path.join(plan.reportDir, 'test-results'),
  // One worker per project, so a project stays in its worker (and its reference) from file to file;
  // parallelism comes from many projects at once.
  fullyParallel: false,
  workers: workerCount('PVH_MUTATION_WORKERS', 6),
  maxFailures: 0,
  // The summary keeps each failure's message; ~9000 per-test output folders would only fill the disk.
  preserveOutput: 'never',
  reporter: [['./collect-reporter.ts', { outputFile: path.join(plan.reportDir, 'playwright', 'records.json') }]],
  projects: plan.targets.map((t) => {
    return {
      name: t.project,
      testDir: path.join(ROOT, 'suites'),
      testMatch: /.*\.spec\.ts$/,
      // The selective suites' files (SELECTIVE_SUITES) this target does not need.
      testIgnore: Object.keys(plan.selective)
        .filter((f) => !t.selectiveFiles.includes(f))
        .map(fileRe),
      workers: 1,
      // A fault runs every test (its own clause's selective suites only): a real target with that bug
      // meets every check, and its report must still name the one root cause (the diagnosis score).
      // A fault under a reduced config runs just its clause's tests: that clause's verdict is judged.
      ...(t.kind === 'reduced' && t.clause ? { grep: new RegExp(`@${escape(t.clause)}(?![\\w.-])`) } : {}),
      use: { referenceOverride: t.override },
    };
  }),
});
