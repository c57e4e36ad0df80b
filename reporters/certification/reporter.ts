/**
 * Playwright reporter writing the certification report of the conformance project (write-run.ts):
 * results.json (machine-readable), SUMMARY.md and index.html, all from the same data, all redacted,
 * written as one unit. It only reports: certify diagnoses a failing run after the suites, replays
 * and experiments included, and writes the report again from what this reporter left (run-input.ts).
 */
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import path from 'node:path';
import type { GapSetting } from '../../fixtures/contract/needs.ts';
import { ANNOTATION_WAY } from '../../fixtures/contract/ways-in.ts';
import type { LearntPace } from '../../fixtures/harness/http/pace-learning.ts';
import { redact } from '../../fixtures/harness/http/redact.ts';
import {
  CERTIFY_VARIABLE,
  readRunContext,
  type DeclaredTest,
  type RunContext,
} from '../../fixtures/harness/run/run-context.ts';
import { gitCommit, harnessVersion } from '../../fixtures/harness/run/run-info.ts';
import { PREFLIGHT_GATE_ENV } from '../../fixtures/harness/run/suites-go.ts';
import { readLostMarker } from '../../fixtures/harness/run/target-health.ts';
import { ANNOTATION, type RootFinding } from '../../fixtures/harness/verdicts.ts';
import {
  describePlan,
  paceNoteOf,
  planOf,
  readPace,
  servingFor,
  type TestOutcome,
} from '../../fixtures/judgement/index.ts';
import { annotationsOf } from './annotations.ts';
import { attachmentsOf } from './evidence.ts';
import { writeRunInput } from './run-input.ts';
import { writeRun, type RunInput } from './write-run.ts';

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
  /** Every test of the project as declared, selected or not by this run's filter. */
  private declared: DeclaredTest[] = [];
  private context: RunContext | undefined;
  /** Files are named relative to it, as Playwright's listing names them. */
  private rootDir = process.cwd();
  /** The last pace each worker slot learnt from the target's 429s. */
  private readonly paces = new Map<number, LearntPace>();

  constructor(options: Options = {}) {
    this.outputDir = options.outputDir ?? 'reports/certification';
    this.project = options.project ?? 'conformance';
  }

  /** The plan's lines, until the first test begins (PREFLIGHT_GATE_ENV). */
  private plan: string | undefined;

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.startedAt = new Date();
    this.rootDir = config.rootDir;
    this.declared = suite
      .allTests()
      .filter((t) => t.parent.project()?.name === this.project)
      .map((t) => declaredOf(t, this.rootDir));
    this.context = readRunContext(path.dirname(this.outputDir), process.env.PVH_RUN_ID ?? 'adhoc');
    // Before any test: which clauses this config can test fully, partly or not at all. Only certify
    // says so: in npm test the line would read as a certification of its own.
    const serving = this.context?.serving;
    if (process.env[CERTIFY_VARIABLE] && serving && this.declared.length > 0) {
      const plan = planOf(
        this.context?.universe ?? this.declared,
        serving,
        this.context?.acceptedGaps,
        this.context?.universe ? this.declared : undefined,
        this.context?.evidence,
      );
      const lines = redact(
        describePlan(plan, serving.name, 12)
          .map((l) => `plan: ${l}`)
          .join('\n'),
      );
      // While certify's audit still runs (its workers start meanwhile), the plan waits for the first test.
      if (process.env[PREFLIGHT_GATE_ENV]) this.plan = lines;
      else console.log(lines);
    }
  }

  onTestBegin(): void {
    this.printPlan();
  }

  private printPlan(): void {
    if (this.plan !== undefined) console.log(this.plan);
    this.plan = undefined;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (test.parent.project()?.name !== this.project) return;
    const annotations = [...test.annotations, ...result.annotations];
    const of = annotationsOf(test, result);
    const declared = declaredOf(test, this.rootDir);
    const outcome: TestOutcome = {
      id: test.id,
      title: declared.title,
      file: declared.file,
      clauses: of('clause'),
      ...(declared.inPassing ? { inPassing: declared.inPassing } : {}),
      ...(declared.ways ? { ways: declared.ways } : {}),
      status: result.status,
      ok: test.outcome() === 'expected' || test.outcome() === 'flaky' || test.outcome() === 'skipped',
      warnings: of('warning'),
      observations: of('observation'),
      errors: result.errors.map((e) => redact(e.message ?? e.value ?? 'error')),
      durationMs: result.duration,
    };
    const configErrors = of(ANNOTATION.configError);
    if (configErrors.length > 0) outcome.configErrors = configErrors;
    const finding = of(ANNOTATION.finding)[0];
    if (finding) outcome.finding = parseFinding(finding);
    const deviation = of('known-deviation')[0];
    if (deviation) outcome.knownDeviation = deviation;
    const inconclusive = of(ANNOTATION.inconclusive)[0];
    if (inconclusive) outcome.inconclusive = inconclusive;
    const skip = annotations.find((a) => a.type === 'skip')?.description;
    if (result.status === 'skipped' && skip) outcome.skippedReason = redact(skip);
    const notTested = of(ANNOTATION.notTested)[0];
    if (result.status === 'skipped' && notTested)
      outcome.notTested = { line: notTested, setting: (of(ANNOTATION.gapSetting)[0] ?? 'selection') as GapSetting };
    const notApplicable = of(ANNOTATION.notApplicable)[0];
    if (result.status === 'skipped' && notApplicable) outcome.notApplicable = notApplicable;
    this.outcomes.set(test.id, outcome);
    const pace = readPace(annotations.filter((a) => a.type === ANNOTATION.pace).at(-1)?.description ?? '');
    if (pace) this.paces.set(result.parallelIndex, pace);
    if (result.status !== 'passed' && result.status !== 'skipped') this.attachments.set(test.id, attachmentsOf(result));
  }

  async onEnd(result: FullResult): Promise<void> {
    this.printPlan();
    const tests = [...this.outcomes.values()];
    // A harness-only run or a --list certifies nothing (certify itself reports a run stopped before any test).
    if (tests.length === 0) return;
    const runId = process.env.PVH_RUN_ID ?? 'adhoc';
    const context = readRunContext(path.dirname(this.outputDir), runId) ?? this.context;
    const serving = context?.serving ?? (await servingFor(process.env.PVH_ENV));
    const lost = readLostMarker();
    const interrupted =
      result.status === 'interrupted'
        ? 'the run was stopped before it finished'
        : result.status === 'timedout'
          ? "the run reached Playwright's global time limit"
          : undefined;
    const sha = gitCommit();
    const input: RunInput = {
      run: {
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
        ...(context?.filter ? { filter: context.filter } : {}),
        plannedTests: this.declared.length,
        ...(context?.settings ? { settings: context.settings } : {}),
      },
      tests,
      conditions: { ...(interrupted ? { interrupted } : {}), causes: lost ? [lost] : [] },
      context: {
        universe: context?.universe ?? this.declared,
        ...(serving ? { serving } : {}),
        ...(context?.filter ? { filter: context.filter } : {}),
        ...(interrupted ? { interrupted: true } : {}),
        acceptedGaps: context?.acceptedGaps ?? [],
        ...(context?.evidence ? { evidence: context.evidence } : {}),
      },
      ...(context?.network ? { network: context.network } : {}),
      ...(this.paces.size > 0 ? { pace: paceNoteOf(this.paces) } : {}),
      attachments: Object.fromEntries([...this.attachments].map(([id, files]) => [id, Object.fromEntries(files)])),
      ...((interrupted ?? lost) ? { unfinished: interrupted ?? lost } : {}),
    };
    writeRun(this.outputDir, input);
    // certify diagnoses a failing run after the suites (replays, experiments) and writes it again from this.
    if (process.env[CERTIFY_VARIABLE]) writeRunInput(path.dirname(this.outputDir), input);
  }
}

/** A root finding as after-test wrote it (JSON); redaction keeps it JSON, but a reporter never throws on it. */
function parseFinding(text: string): RootFinding | undefined {
  try {
    return JSON.parse(text) as RootFinding;
  } catch {
    return undefined;
  }
}

/** A test as the suites declare it, from its static annotations. */
function declaredOf(test: TestCase, rootDir: string): DeclaredTest {
  const of = (type: string) => [
    ...new Set(test.annotations.filter((a) => a.type === type).map((a) => a.description ?? '')),
  ];
  const [ways, inPassing, needs] = [of(ANNOTATION_WAY), of(ANNOTATION.inPassing), of(ANNOTATION.needs)];
  return {
    title: test.titlePath().slice(3).join(' › '),
    file: path.relative(rootDir, test.location.file),
    clauses: of(ANNOTATION.clause),
    ...(ways.length > 0 ? { ways } : {}),
    ...(inPassing.length > 0 ? { inPassing } : {}),
    ...(needs.length > 0 ? { needs } : {}),
  };
}
