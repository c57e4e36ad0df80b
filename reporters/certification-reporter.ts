/**
 * Playwright reporter writing the certification report of the conformance project:
 * results.json (machine-readable), SUMMARY.md and index.html, all from the same data, all redacted.
 */
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { redact } from '../fixtures/http/redact.ts';
import { gitCommit, harnessVersion } from '../fixtures/run-info.ts';
import { ANNOTATION } from '../fixtures/verdicts.ts';
import { clauseVerdicts, summaryLine, totals, type CertificationResults, type TestOutcome } from './certification.ts';
import { renderHtml, renderMarkdown } from './render.ts';

interface Options {
  outputDir?: string;
  /** Project whose tests certify the target. */
  project?: string;
}

export default class CertificationReporter implements Reporter {
  private readonly outputDir: string;
  private readonly project: string;
  private readonly outcomes = new Map<string, TestOutcome>();
  private startedAt = new Date();

  constructor(options: Options = {}) {
    this.outputDir = options.outputDir ?? 'reports/certification';
    this.project = options.project ?? 'conformance';
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(_config: FullConfig, _suite: Suite): void {
    this.startedAt = new Date();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (test.parent.project()?.name !== this.project) return;
    const annotations = [...test.annotations, ...result.annotations];
    const of = (type: string) => annotations.filter((a) => a.type === type).map((a) => redact(a.description ?? ''));
    const outcome: TestOutcome = {
      id: test.id,
      title: test.titlePath().slice(3).join(' › '),
      file: path.relative(process.cwd(), test.location.file),
      clauses: [...new Set(of('clause'))],
      status: result.status,
      ok: test.outcome() === 'expected' || test.outcome() === 'flaky' || (test.outcome() === 'skipped'),
      warnings: of('warning'),
      observations: of('observation'),
      errors: result.errors.map((e) => redact(e.message ?? e.value ?? 'error')),
      durationMs: result.duration,
    };
    const deviation = of('known-deviation')[0];
    if (deviation) outcome.knownDeviation = deviation;
    const skip = annotations.find((a) => a.type === 'skip')?.description;
    if (result.status === 'skipped' && skip) outcome.skippedReason = redact(skip);
    if (result.status === 'skipped' && of(ANNOTATION.skippedWrite).length > 0) outcome.skippedForWrites = true;
    this.outcomes.set(test.id, outcome);
  }

  onEnd(result: FullResult): void {
    const tests = [...this.outcomes.values()];
    if (tests.length === 0) return; // a harness-only run certifies nothing
    const clauseResults = clauseVerdicts(tests);
    const t = totals(clauseResults, tests);
    const results: CertificationResults = {
      schemaVersion: 1,
      run: {
        id: process.env.PVH_RUN_ID ?? 'adhoc',
        environment: process.env.PVH_ENV ?? 'local',
        baseUrl: process.env.PVH_BASE_URL ?? '',
        authUrl: process.env.PVH_AUTH_URL ?? '',
        startedAt: this.startedAt.toISOString(),
        durationMs: Math.round(result.duration),
        harnessVersion: harnessVersion(),
        node: process.version,
        ...commit(),
      },
      totals: t,
      conformant: t.mustFailed === 0 && result.status !== 'interrupted' && result.status !== 'timedout',
      complete: t.mustNotRun === 0,
      clauses: clauseResults,
      tests,
    };
    mkdirSync(this.outputDir, { recursive: true });
    writeFileSync(path.join(this.outputDir, 'results.json'), redact(`${JSON.stringify(results, null, 2)}\n`));
    writeFileSync(path.join(this.outputDir, 'SUMMARY.md'), redact(renderMarkdown(results)));
    writeFileSync(path.join(this.outputDir, 'index.html'), redact(renderHtml(results)));
    console.log(`\n${summaryLine(results)}\nreport: ${path.join(this.outputDir, 'index.html')}`);
  }
}

function commit(): { commit?: string } {
  const sha = gitCommit();
  return sha ? { commit: sha } : {};
}
