/**
 * `allure generate` as the Allure CLI does it (its commons/generate.js), plus the one thing the CLI
 * leaves out: the quality gate evaluated over the same results and stored in the report, so its
 * Quality Gates tab shows what `npm run gate` decides instead of nothing. Run by report.ts with
 * the gate's environment (allurerc.mjs reads the suite size and MUST clauses from it). The report
 * it leaves opens offline (offline-report.mjs).
 * Usage: node generate-with-gate.mjs RESULTS_DIR...
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { AllureReport, readConfig } from '@allurereport/core';
import { withoutAnalytics } from './offline-report.mjs';

const dirs = process.argv.slice(2).map((dir) => path.resolve(dir));
const config = await readConfig(process.cwd());
const report = new AllureReport(config);
await report.start();
for (const dir of dirs) await report.readDirectory(dir);
const trs = await report.store.allTestResults({ includeRetries: false });
const { results } = await report.validate({ trs });
// Allure's rule messages carry terminal colour codes; the report is HTML.
if (results.length > 0)
  report.realtimeDispatcher.sendQualityGateResults(
    results.map((r) => ({ ...r, message: stripVTControlCharacters(r.message) })),
  );
await report.done();
const index = path.join(config.output, 'index.html');
if (existsSync(index)) writeFileSync(index, withoutAnalytics(readFileSync(index, 'utf8')));
// Generated: the gate (npm run gate) decides pass or fail, not this script's exit code.
process.exitCode = 0;
