/**
 * Reporter of the mutation run: keeps one compact record per test (no attachments, which would make
 * a JSON report of ~9000 tests huge), prints a progress line whenever a project (one fault or
 * variant) has finished, and writes the records for run.ts to summarise.
 */
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripAnsi } from '../../fixtures/harness/support/ansi.ts';
import { chargedClauseIds } from '../../fixtures/contract/clauses.ts';
import { redact, registerSecret } from '../../fixtures/harness/http/redact.ts';
import { demoUsers } from '../../fixtures/reference-api/index.ts';
import { readPlan } from './plan-file.ts';
import { ANNOTATION, type RootFinding } from '../../fixtures/harness/verdicts.ts';
import { ANNOTATION_WAY } from '../../fixtures/contract/ways-in.ts';
import type { GapSetting } from '../../fixtures/contract/needs.ts';
import type { MutationPlan } from './plan.ts';
import { rowFor } from './results.ts';
import { progressLine } from './score.ts';
import type { RecordStatus, TestRecord } from './shapes.ts';

interface Options {
  outputFile: string;
}

export default class CollectReporter implements Reporter {
  private readonly records: TestRecord[] = [];
  private readonly remaining = new Map<string, number>();
  private readonly started = new Map<string, number>();
  private plan: MutationPlan | undefined;
  private done = 0;

  constructor(private readonly options: Options) {}

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: FullConfig, suite: Suite): void {
    this.plan = readPlan();
    // Workers register the secrets they use; this process only sees their messages, so it registers
    // the reference's demo secrets itself before redacting them.
    for (const u of demoUsers(1)) registerSecret(u.clientSecret);
    for (const project of suite.suites) this.remaining.set(project.title, project.allTests().length);
    const tests = suite.allTests().length;
    console.log(`mutation: ${this.remaining.size} targets, ${tests} tests, ${_config.workers} workers`);
  }

  onTestBegin(test: TestCase): void {
    const project = test.parent.project()?.name ?? '';
    if (!this.started.has(project)) this.started.set(project, Date.now());
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const annotations = [...test.annotations, ...result.annotations];
    const of = (type: string) => annotations.filter((a) => a.type === type).map((a) => redact(a.description ?? ''));
    const firstError = result.errors[0];
    const record: TestRecord = {
      project,
      file: path.relative(process.cwd(), test.location.file),
      title: test.titlePath().slice(3).join(' › '),
      clauses: [...new Set(of('clause'))],
      status: result.status as RecordStatus,
      warnings: of('warning'),
      durationMs: result.duration,
    };
    // First lines, colour codes removed: enough to see why, small enough for a 9000-row file.
    const firstLines = result.errors.map((e) =>
      redact(stripAnsi(e.message ?? e.value ?? 'error').split('\n')[0] ?? '').slice(0, 300),
    );
    if (firstError) record.error = firstLines[0]!;
    if (firstLines.length > 0) record.errors = firstLines;
    // What the reduced-config verdicts need: the ways in, in-passing clauses and why a test was skipped.
    const [ways, inPassing] = [of(ANNOTATION_WAY), of(ANNOTATION.inPassing)];
    if (ways.length > 0) record.ways = [...new Set(ways)];
    if (inPassing.length > 0) record.inPassing = [...new Set(inPassing)];
    if (result.status === 'skipped') {
      const [notTested, notApplicable, inconclusive] = [
        of(ANNOTATION.notTested)[0],
        of(ANNOTATION.notApplicable)[0],
        of(ANNOTATION.inconclusive)[0],
      ];
      if (notTested)
        record.notTested = { line: notTested, setting: (of(ANNOTATION.gapSetting)[0] ?? 'selection') as GapSetting };
      if (notApplicable) record.notApplicable = notApplicable;
      if (inconclusive) record.inconclusive = inconclusive;
    }
    const finding = of(ANNOTATION.finding)[0];
    if (finding) record.finding = JSON.parse(finding) as RootFinding;
    const named = chargedClauseIds(result.errors.map((e) => stripAnsi(e.message ?? e.value ?? '')));
    if (named.length > 0) record.named = named;
    this.records.push(record);
    const left = (this.remaining.get(project) ?? 1) - 1;
    this.remaining.set(project, left);
    if (left === 0) this.projectDone(project);
  }

  async onEnd(): Promise<void> {
    mkdirSync(path.dirname(this.options.outputFile), { recursive: true });
    writeFileSync(this.options.outputFile, JSON.stringify(this.records));
  }

  private projectDone(project: string): void {
    this.done += 1;
    const target = this.plan?.targets.find((t) => t.project === project);
    if (!target || !this.plan) return;
    const seconds = (Date.now() - (this.started.get(project) ?? Date.now())) / 1000;
    console.log(progressLine(this.done, this.plan.targets.length, rowFor(target, this.records, this.plan), seconds));
  }
}
