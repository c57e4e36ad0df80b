/**
 * Allure 3 configuration, read by `npm run report` (allure generate) and `npm run gate`
 * (allure quality-gate) from the repository root. Paths follow PVH_REPORT_DIR like every report.
 *
 * Labels used below come from reporters/allure/reporter.ts (parentSuite, severity, tag `warning`,
 * `clause`) and from load/lib/summary.ts (framework `k6`).
 */
import path from 'node:path';
import { qualityGateDefaultRules } from 'allure/rules';

const reportDir = path.resolve(process.env.PVH_REPORT_DIR ?? 'reports');

const label = (tr, name) => tr.labels.filter((l) => l.name === name).map((l) => l.value);
const isConformance = (tr) => label(tr, 'parentSuite').includes('Conformance');
/** k6 results of the runs the gate counts (PVH_GATE_LOAD_RUNS: the certification's own, or named with --load-run);
 * others never decide. */
const loadRuns =
  process.env.PVH_GATE_LOAD_RUNS === undefined ? undefined : process.env.PVH_GATE_LOAD_RUNS.split(',').filter(Boolean);
const isLoad = (tr) =>
  label(tr, 'framework').includes('k6') &&
  (loadRuns === undefined || label(tr, 'runId').some((id) => loadRuns.includes(id)));

/** The gate (scripts/gate/run.ts) passes the suite's size and the MUST clause IDs; alone, an empty run still fails. */
const minTests = Number(process.env.PVH_GATE_MIN_TESTS ?? 1);
const mustClauses = (process.env.PVH_GATE_MUST_CLAUSES ?? '').split(',').filter(Boolean);

/** Completeness: every MUST clause was exercised by at least one conformance test that ran. */
const mustClausesRanRule = {
  rule: 'mustClausesRan',
  message: ({ actual }) => `MUST clauses that no conformance test ran: ${actual.join(', ')}`,
  successMessage: () => 'every MUST clause ran',
  validate: async ({ trs, expected }) => {
    const ran = new Set(trs.filter((tr) => tr.status !== 'skipped').flatMap((tr) => label(tr, 'clause')));
    const missing = expected.filter((id) => !ran.has(id));
    return { success: missing.length === 0, actual: missing, testResults: [] };
  },
};

// A plain object: importing the `allure` package for its defineConfig (an identity function) would
// start Allure's CLI in whatever process reads this file (reporters/allure/generate-with-gate.mjs).
/** @type {import('@allurereport/plugin-api').Config} */
// npm run report passes the release decision, the verdict and the run's settings: the first screen shows them.
// The release decision first: a release manager reads it before any count or ring.
const title = process.env.PVH_ALLURE_TITLE
  ? `${process.env.PVH_ALLURE_TITLE} · Partner Voucher API conformance and load`
  : 'Partner Voucher API: conformance and load';
const variables = process.env.PVH_ALLURE_VARIABLES ? JSON.parse(process.env.PVH_ALLURE_VARIABLES) : {};

export default {
  name: title,
  variables,
  output: path.join(reportDir, 'allure-report'),
  // One JSON line per generated report; CI restores this file between nightly runs for trends.
  historyPath: path.resolve(process.env.PVH_ALLURE_HISTORY ?? path.join(reportDir, 'history', 'allure-history.jsonl')),
  historyLimit: 60,
  // Only a generated report is a point of the trend: the gate (quality-gate) must not add one, and
  // report.ts says so when it rebuilds the report of a run already recorded.
  appendHistory: !process.argv.includes('quality-gate') && process.env.PVH_ALLURE_APPEND_HISTORY !== 'false',
  plugins: {
    awesome: {
      options: {
        reportName: title,
        // The release decision as a badge where Allure puts its logo: the first thing on the first screen.
        ...(process.env.PVH_ALLURE_LOGO ? { logo: process.env.PVH_ALLURE_LOGO } : {}),
        singleFile: true,
        reportLanguage: 'en',
        groupBy: ['parentSuite', 'epic', 'feature'],
      },
    },
  },
  // First match wins. Categories match passed results too, which is how SHOULD warnings show up.
  categories: [
    // The verdict and release-decision entries are not tests: their own category, never "Harness error".
    {
      id: 'decision',
      name: 'Verdict and release decision (not tests)',
      matchers: { statuses: ['failed', 'broken'], labels: { parentSuite: /^(Certification|Release)$/ } },
    },
    {
      id: 'target-unreachable',
      name: 'Target unreachable or timed out',
      matchers: { statuses: ['failed', 'broken'], message: /target unreachable or timed out|TargetError/ },
    },
    {
      id: 'spec-violation',
      name: 'Spec violation (MUST)',
      matchers: {
        statuses: ['failed', 'broken'],
        labels: { parentSuite: /^Conformance$/ },
        message: /\[(PV|RFC)[A-Za-z0-9.-]+\]/,
      },
    },
    {
      id: 'load-threshold',
      name: 'Load threshold crossed (k6)',
      matchers: { statuses: ['failed', 'broken'], labels: { framework: /^k6$/ } },
    },
    {
      id: 'should-warning',
      name: 'Warning (SHOULD)',
      matchers: { statuses: ['passed'], labels: { tag: /^warning$/ } },
    },
    { id: 'harness-error', name: 'Harness error', matchers: { statuses: ['failed', 'broken'] } },
  ],
  qualityGate: {
    use: [...qualityGateDefaultRules, mustClausesRanRule],
    rules: [
      { id: 'must', maxFailures: 0, filter: (tr) => isConformance(tr) && label(tr, 'severity').includes('critical') },
      { id: 'conformance', minTestsCount: minTests, filter: isConformance },
      { id: 'load', maxFailures: 0, filter: isLoad },
      ...(mustClauses.length > 0 ? [{ id: 'complete', mustClausesRan: mustClauses, filter: isConformance }] : []),
    ],
  },
};
