/**
 * Playwright reporter writing the certification report of the conformance project:
 * results.json (machine-readable), SUMMARY.md and index.html, all from the same data, all redacted,
 * written as one unit. The verdict is CONFORMANT, NOT CONFORMANT or INCONCLUSIVE (certification.ts).
 */
import { withNetwork } from '../../fixtures/judgement/verdicts/network-note.ts';
import { paceLine, paceNoteOf, readPace, withPace } from '../../fixtures/judgement/verdicts/pace-note.ts';
import type { LearntPace } from '../../fixtures/harness/http/pace-learning.ts';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import path from 'node:path';
import { redact } from '../../fixtures/harness/http/redact.ts';
import { readRunContext, type DeclaredTest, type RunContext } from '../../fixtures/harness/run/run-context.ts';
import type { GapSetting } from '../../fixtures/contract/needs.ts';
import { ANNOTATION_WAY } from '../../fixtures/contract/ways-in.ts';
import { gitCommit, harnessVersion } from '../../fixtures/harness/run/run-info.ts';
import { readLostMarker } from '../../fixtures/harness/run/target-health.ts';
import { ANNOTATION, type RootFinding } from '../../fixtures/harness/verdicts.ts';
import { readTest, resultsOf, type CertificationResults, type TestOutcome } from '../../fixtures/judgement/verdicts/verdicts.ts';
import { summaryLine } from '../../fixtures/judgement/verdicts/headline.ts';
import { describePlan, planOf } from '../../fixtures/judgement/verdicts/plan.ts';
import { gapLines, servingFor } from '../../fixtures/judgement/verdicts/run-gaps.ts';
import { writeCertification } from './files.ts';
import { addVerdictToAllure, addVerdictToJUnit } from './verdict-entries.ts';
import { addEvidence, attachmentsOf, type EvidenceFiles } from './evidence.ts';
import { describeSince, historyFile, recordRun } from '../../fixtures/judgement/verdicts/history.ts';
import { rootCausesHeadline, rootCauseText, suspectedText } from '../../fixtures/judgement/diagnosis/describe.ts';
import { experimentBudgetMs, planReplays, replayAlone, type Replays } from '../../fixtures/judgement/diagnosis/replay.ts';
import type { ReplayResult } from '../../fixtures/judgement/diagnosis/replay-result.ts';
import { rootCauses } from '../../fixtures/judgement/diagnosis/root-causes.ts';
import { confirmCauses } from '../../fixtures/judgement/diagnosis/confirm.ts';
import { experimentFor, runExperiments, type ExperimentRun } from '../../fixtures/judgement/experiments/catalogue.ts';
import { loadEnvironment } from '../../fixtures/environments/load.ts';
import { environmentName } from '../../fixtures/environments/open-target.ts';
import { registerSecret } from '../../fixtures/harness/http/redact.ts';
import { CERTIFY_VARIABLE } from '../../fixtures/harness/run/run-context.ts';

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

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.startedAt = new Date();
    this.rootDir = config.rootDir;
    this.declared = suite.allTests().filter((t) => t.parent.project()?.name === this.project).map((t) => declaredOf(t, this.rootDir));
    this.context = readRunContext(path.dirname(this.outputDir), process.env.PVH_RUN_ID ?? 'adhoc');
    // Before any test: which clauses this config can test fully, partly or not at all. Only certify
    // says so: in npm test the line would read as a certification of its own.
    const serving = this.context?.serving;
    if (process.env[CERTIFY_VARIABLE] && serving && this.declared.length > 0) {
      const plan = planOf(this.context?.universe ?? this.declared, serving, this.context?.acceptedGaps, this.context?.universe ? this.declared : undefined);
      console.log(redact(describePlan(plan, serving.name, 12).map((l) => `plan: ${l}`).join('\n')));
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (test.parent.project()?.name !== this.project) return;
    const annotations = [...test.annotations, ...result.annotations];
    const of = (type: string) => annotations.filter((a) => a.type === type).map((a) => redact(a.description ?? ''));
    const declared = declaredOf(test, this.rootDir);
    const outcome: TestOutcome = {
      id: test.id,
      title: declared.title,
      file: declared.file,
      clauses: [...new Set(of('clause'))],
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
    if (result.status === 'skipped' && notTested) outcome.notTested = { line: notTested, setting: (of(ANNOTATION.gapSetting)[0] ?? 'selection') as GapSetting };
    const notApplicable = of(ANNOTATION.notApplicable)[0];
    if (result.status === 'skipped' && notApplicable) outcome.notApplicable = notApplicable;
    this.outcomes.set(test.id, outcome);
    const pace = readPace(annotations.filter((a) => a.type === ANNOTATION.pace).at(-1)?.description ?? '');
    if (pace) this.paces.set(result.parallelIndex, pace);
    if (result.status !== 'passed' && result.status !== 'skipped') this.attachments.set(test.id, attachmentsOf(result));
  }

  async onEnd(result: FullResult): Promise<void> {
    const tests = [...this.outcomes.values()];
    // A harness-only run or a --list certifies nothing (certify itself reports a run stopped before any test).
    if (tests.length === 0) return;
    const runId = process.env.PVH_RUN_ID ?? 'adhoc';
    const context = readRunContext(path.dirname(this.outputDir), runId) ?? this.context;
    const serving = context?.serving ?? (await servingFor(process.env.PVH_ENV));
    const lost = readLostMarker();
    const interrupted =
      result.status === 'interrupted' ? 'the run was stopped before it finished' : result.status === 'timedout' ? "the run reached Playwright's global time limit" : undefined;
    const sha = gitCommit();
    // certify's failing runs: each candidate root cause is tested alone by an experiment of its
    // kind, and each failure no after-test reading explained runs again alone.
    const diagnose = !interrupted && !lost && process.env[CERTIFY_VARIABLE] && !process.env.PVH_REPLAY && tests.some((t) => !t.ok && t.status !== 'skipped');
    // Replays first: a failure that passed alone is a candidate of its own (PV-3-ISOLATED), which an
    // experiment of state may explain (a view kept per identifier reads the same way).
    const replays = diagnose ? await this.replay(tests, result.duration) : undefined;
    const replayed = new Map(replays?.results.map((r) => [r.title, r]) ?? []);
    const experiments = diagnose ? await this.experiment(tests, replayed, result.duration) : undefined;
    const diagnosed = experiments ? confirmCauses(rootCauses(tests, replayed), experiments, experimentFor) : undefined;
    const results = withPace(withNetwork(resultsOf(
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
        ...(context?.filter ? { filter: context.filter } : {}),
        plannedTests: this.declared.length,
        ...(context?.settings ? { settings: context.settings } : {}),
      },
      tests,
      { ...(interrupted ? { interrupted } : {}), causes: lost ? [lost] : [] },
      { universe: context?.universe ?? this.declared, ...(serving ? { serving } : {}), ...(context?.filter ? { filter: context.filter } : {}), ...(interrupted ? { interrupted: true } : {}), acceptedGaps: context?.acceptedGaps ?? [] },
      replayed,
      diagnosed,
    ), context?.network), paceNoteOf(this.paces));
    if (replays) results.diagnosis = replays;
    const evidence = this.evidence(results);
    if (experiments) {
      const file = 'evidence/diagnosis-experiments/http-exchanges.json';
      if (experiments.exchanges.length > 0) evidence.set(file, redact(JSON.stringify(experiments.exchanges, null, 2)));
      results.experiments = { records: experiments.records, budgetMs: experiments.budgetMs, spentMs: experiments.spentMs, leftBooked: experiments.leftBooked, ...(experiments.exchanges.length > 0 ? { evidence: file } : {}) };
    }
    results.sinceLast = recordRun(historyFile(), results, undefined, interrupted ?? lost);
    writeCertification(this.outputDir, results, evidence);
    const reportDir = path.dirname(this.outputDir);
    addVerdictToJUnit(path.join(reportDir, 'junit', 'results.xml'), results);
    addVerdictToAllure(path.join(reportDir, 'allure-results'), results);
    const gaps = [...gapLines(results), ...[paceLine(results)].flatMap((x) => (x ? [x] : []))];
    const suspected = results.suspectedCauses?.length ? `suspected, not confirmed: ${results.suspectedCauses.length}\n${results.suspectedCauses.map((s) => `  - ${suspectedText(s)}`).join('\n')}\n` : '';
    const causes = `${results.rootCauses.length > 0 ? `${rootCausesHeadline(results.rootCauses)}\n${results.rootCauses.map((c, i) => `  ${i + 1}. ${rootCauseText(c)}`).join('\n')}\n` : ''}${suspected}`;
    // A run that certifies nothing (npm test's conformance project) writes its report quietly.
    if (!process.env[CERTIFY_VARIABLE]) return;
    console.log(`\n${redact(causes)}${summaryLine(results)}${gaps.length ? `\n${gaps.join('\n')}` : ''}${results.sinceLast ? `\n${describeSince(results.sinceLast)}` : ''}\nreport: ${path.join(this.outputDir, 'index.html')}`);
  }

  /** The experiments of the run's candidate root causes, alone against the target, within the diagnosis's time. */
  private async experiment(tests: TestOutcome[], replayed: ReadonlyMap<string, ReplayResult>, wallMs: number): Promise<ExperimentRun | undefined> {
    const clauses = rootCauses(tests, replayed).map((c) => c.clause).filter((c) => experimentFor(c));
    if (clauses.length === 0) return { records: [], budgetMs: 0, spentMs: 0, exchanges: [], leftBooked: [] };
    const budget = experimentBudgetMs(wallMs);
    console.log(`diagnosis: testing ${clauses.length} candidate root cause${clauses.length === 1 ? '' : 's'} alone (${clauses.join(', ')}), within ${(budget.ms / 1000).toFixed(1)} s (${budget.why})`);
    try {
      const env = await loadEnvironment(environmentName());
      for (const s of env.secrets) registerSecret(s);
      return await runExperiments(clauses, env, budget.ms);
    } catch (error) {
      console.log(`diagnosis: the experiments could not start: ${redact((error as Error).message)}`);
      return undefined;
    }
  }

  private async replay(tests: TestOutcome[], wallMs: number): Promise<Replays> {
    const dir = path.join(path.dirname(this.outputDir), 'diagnosis');
    // Decided before any replay starts: a budget too small for one replay is said once, up front.
    const plan = planReplays(tests, wallMs);
    const n = plan.chosen.length;
    if (plan.note) console.log(`diagnosis: ${plan.note}`);
    else if (n > 0) console.log(`diagnosis: replaying failed tests alone (${n} root clause${n === 1 ? '' : 's'}${plan.skipped.length ? ` of ${n + plan.skipped.length}` : ''}, within ${(plan.budgetMs / 1000).toFixed(1)} s)`);
    return replayAlone(plan, dir, process.env);
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
        const paths = addEvidence(files, id, t, attachments);
        t.evidenceFiles = [...(t.evidenceFiles ?? []), ...paths];
        const clause = byClause.get(id);
        if (clause) clause.evidenceFiles = [...(clause.evidenceFiles ?? []), ...paths];
      }
    }
    return files;
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
  const of = (type: string) => [...new Set(test.annotations.filter((a) => a.type === type).map((a) => a.description ?? ''))];
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
