/**
 * Playwright reporter writing the certification report of the conformance project:
 * results.json (machine-readable), SUMMARY.md and index.html, all from the same data, all redacted,
 * written as one unit. The verdict is CONFORMANT, NOT CONFORMANT or INCONCLUSIVE (certification.ts).
 */
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import path from 'node:path';
import { redact } from '../../fixtures/harness/http/redact.ts';
import { readRunContext } from '../../fixtures/harness/run-context.ts';
import { gitCommit, harnessVersion } from '../../fixtures/harness/run-info.ts';
import { readLostMarker } from '../../fixtures/harness/target-health.ts';
import { ANNOTATION } from '../../fixtures/harness/verdicts.ts';
import { readTest, resultsOf, summaryLine, type CertificationResults, type TestOutcome } from './verdicts.ts';
import { writeCertification } from './files.ts';
import { addVerdictToAllure, addVerdictToJUnit } from './verdict-entries.ts';
import { addEvidence, attachmentsOf, type EvidenceFiles } from './evidence.ts';
import { describeSince, historyFile, recordRun } from './history.ts';

interface Options {
  outputDir?: string;
  /** Project whose tests certify the target. */
  project?: string;
}

export default class CertificationReporter implements Reporter {
  private readonly outputDir: string;
  private readonly project: string;
  private readonly outcomes = new Map<string, TestOutcome>();
  /** Exchanges and reproducers of tests that did not pass, kept for the evidence files. */
  private readonly attachments = new Map<string, Map<string, string>>();
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
      ok: test.outcome() === 'expected' || test.outcome() === 'flaky' || test.outcome() === 'skipped',
      warnings: of('warning'),
      observations: of('observation'),
      errors: result.errors.map((e) => redact(e.message ?? e.value ?? 'error')),
      durationMs: result.duration,
    };
    const deviation = of('known-deviation')[0];
    if (deviation) outcome.knownDeviation = deviation;
    const inconclusive = of(ANNOTATION.inconclusive)[0];
    if (inconclusive) outcome.inconclusive = inconclusive;
    const skip = annotations.find((a) => a.type === 'skip')?.description;
    if (result.status === 'skipped' && skip) outcome.skippedReason = redact(skip);
    if (result.status === 'skipped' && of(ANNOTATION.skippedWrite).length > 0) outcome.skippedForWrites = true;
    this.outcomes.set(test.id, outcome);
    if (result.status !== 'passed' && result.status !== 'skipped') this.attachments.set(test.id, attachmentsOf(result));
  }

  onEnd(result: FullResult): void {
    const tests = [...this.outcomes.values()];
    // A harness-only run or a --list certifies nothing (certify itself reports a run stopped before any test).
    if (tests.length === 0) return;
    const runId = process.env.PVH_RUN_ID ?? 'adhoc';
    const context = readRunContext(path.dirname(this.outputDir), runId);
    const lost = readLostMarker();
    const interrupted =
      result.status === 'interrupted' ? 'the run was stopped before it finished' : result.status === 'timedout' ? "the run reached Playwright's global time limit" : undefined;
    const sha = gitCommit();
    const results = resultsOf(
      {
        id: runId,
        environment: context?.environment.name ?? 'unknown',
        baseUrl: context?.environment.baseUrl ?? '',
        authUrl: context?.environment.authUrl ?? '',
        ...(context?.environment.legacyBaseUrl ? { legacyBaseUrl: context.environment.legacyBaseUrl } : {}),
        startedAt: this.startedAt.toISOString(),
        durationMs: Math.round(result.duration),
        harnessVersion: harnessVersion(),
        node: process.version,
        ...(sha ? { commit: sha } : {}),
        ...(context?.rttMs !== undefined ? { rttMs: context.rttMs } : {}),
      },
      tests,
      { ...(interrupted ? { interrupted } : {}), causes: lost ? [lost] : [] },
    );
    const evidence = this.evidence(results);
    results.sinceLast = recordRun(historyFile(), results);
    writeCertification(this.outputDir, results, evidence);
    const reportDir = path.dirname(this.outputDir);
    addVerdictToJUnit(path.join(reportDir, 'junit', 'results.xml'), results);
    addVerdictToAllure(path.join(reportDir, 'allure-results'), results);
    console.log(`\n${summaryLine(results)}${results.sinceLast ? `\n${describeSince(results.sinceLast)}` : ''}\nreport: ${path.join(this.outputDir, 'index.html')}`);
  }

  /** Evidence files of every test that failed on a clause or could not complete, linked from its clauses. */
  private evidence(results: CertificationResults): EvidenceFiles {
    const files: EvidenceFiles = new Map();
    const byClause = new Map(results.clauses.map((c) => [c.id, c]));
    for (const t of results.tests) {
      const attachments = this.attachments.get(t.id);
      if (!attachments || attachments.size === 0) continue;
      const reading = readTest(t);
      const clauses = reading.kind === 'failed' ? reading.clauses : reading.kind === 'incomplete' || reading.kind === 'harness-error' ? ['could-not-complete'] : [];
      for (const id of clauses) {
        const paths = addEvidence(files, id, t.title, attachments);
        t.evidenceFiles = [...(t.evidenceFiles ?? []), ...paths];
        const clause = byClause.get(id);
        if (clause) clause.evidenceFiles = [...(clause.evidenceFiles ?? []), ...paths];
      }
    }
    return files;
  }
}
