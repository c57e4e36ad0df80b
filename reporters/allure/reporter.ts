/**
 * allure-playwright with the clause catalogue applied: each test result gets epic/feature/story/
 * severity labels and spec/RFC links from the clauses it covers (reporters/allure/allure-labels.ts),
 * SHOULD warnings become a `warning` tag plus a description (the test stays passed), harness
 * self-tests are put under their own parent suite, and everything written is redacted.
 *
 * Runtime annotations (warnings, observations) exist only at test end, and allure-playwright reads
 * annotations at test begin, so a reporter is the one place that sees both.
 */
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import type { TestResult as AllureTestResult, StepResult } from 'allure-js-commons';
import type { Writer } from 'allure-js-commons/sdk/reporter';
import { AllureReporter } from 'allure-playwright';
import { ResultsWriter } from './results-writer.ts';
import { clauseDescription, clauseLabels, PARENT_SUITE } from './allure-labels.ts';
import { loadEnvironment } from '../../fixtures/environments/load.ts';
import { environmentName } from '../../fixtures/environments/open-target.ts';
import { redact, registerSecret } from '../../fixtures/harness/http/redact.ts';
import { readRunContext, reportDir } from '../../fixtures/harness/run/run-context.ts';
import { gitCommit, harnessVersion } from '../../fixtures/harness/run/run-info.ts';
import { ANNOTATION } from '../../fixtures/harness/verdicts.ts';

type AllureOptions = ConstructorParameters<typeof AllureReporter>[0];

/** allure-playwright internals we rely on (declared private in its types; pinned at 3.12.2, checked by
 * reporters/allure/reporter.test.ts). */
interface AllureInternals {
  allureResultsUuids: Map<string, string>;
  allureRuntime: { updateTest(uuid: string, update: (r: AllureTestResult) => void): void; writer: Writer };
}

const TEXT_TYPES = /^(text\/|application\/(json|problem\+json|xml))/;

export default class AllureClauseReporter extends AllureReporter {
  /** Filled at the end of the run, when globalSetup has set the target's PVH_* variables. */
  private readonly envInfo: Record<string, string>;
  private readonly pending: Promise<void>[] = [];
  private secretsReady: Promise<void> | undefined;
  private readonly resultsDir: string;

  constructor(options: AllureOptions = {}) {
    const envInfo: Record<string, string> = {};
    super({
      detail: false,
      suiteTitle: true,
      ...options,
      environmentInfo: envInfo,
      listeners: [...(options.listeners ?? []), { beforeTestResultWrite: redactResult }],
    });
    this.envInfo = envInfo;
    this.resultsDir = options.resultsDir ?? 'allure-results';
  }

  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    // The runtime exists from here on; its writer is replaced by one that does not sync each file to disk.
    const runtime = (this as unknown as AllureInternals).allureRuntime;
    if (runtime && 'writer' in runtime) runtime.writer = new ResultsWriter(this.resultsDir);
  }

  override onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    const done = this.registerSecrets().then(() => {
      this.applyClauses(test, result);
      result.stdout = result.stdout.map((c) =>
        typeof c === 'string' ? redact(c) : Buffer.from(redact(c.toString('utf8'))),
      );
      result.stderr = result.stderr.map((c) =>
        typeof c === 'string' ? redact(c) : Buffer.from(redact(c.toString('utf8'))),
      );
      for (const a of result.attachments)
        if (a.body && TEXT_TYPES.test(a.contentType)) a.body = Buffer.from(redact(a.body.toString('utf8')));
      return super.onTestEnd(test, result);
    });
    this.pending.push(done);
    return done;
  }

  override async onEnd(): Promise<void> {
    await Promise.all(this.pending);
    Object.assign(this.envInfo, environmentInfo());
    await super.onEnd();
  }

  /** The target's secrets are known in this process only once globalSetup has run. */
  private registerSecrets(): Promise<void> {
    this.secretsReady ??= loadEnvironment(environmentName()).then(
      (env) => env.secrets.forEach(registerSecret),
      () => undefined, // harness-only runs may have no usable environment; nothing to register then
    );
    return this.secretsReady;
  }

  private applyClauses(test: TestCase, result: TestResult): void {
    const internals = this as unknown as AllureInternals;
    const uuid = internals.allureResultsUuids?.get(test.id);
    if (!uuid || typeof internals.allureRuntime?.updateTest !== 'function') return;
    const annotations = [...test.annotations, ...result.annotations];
    const of = (type: string) => [
      ...new Set(annotations.filter((a) => a.type === type).map((a) => redact(a.description ?? ''))),
    ];
    const notes = {
      warnings: of('warning'),
      observations: of('observation'),
      knownDeviation: of('known-deviation')[0],
    };
    const project = test.parent.project()?.name ?? '';
    const { labels, links } = clauseLabels(of('clause'), notes);
    const description = clauseDescription(notes);
    // A skipped check says why, in the same words as the certification report (not tested and what
    // would test it, not applicable, could not complete).
    const skipped = result.status === 'skipped' ? skipLine(of) : undefined;
    internals.allureRuntime.updateTest(uuid, (r) => {
      if (skipped) r.statusDetails = { ...r.statusDetails, message: skipped };
      const parentSuite =
        project === 'harness' ? PARENT_SUITE.harness : project === 'conformance' ? PARENT_SUITE.conformance : undefined;
      if (parentSuite) r.labels.push({ name: 'parentSuite', value: parentSuite });
      r.labels.push(...labels);
      r.links.push(...links);
      if (description) r.description = r.description ? `${r.description}\n\n${description}` : description;
    });
  }
}

function skipLine(of: (type: string) => string[]): string {
  const [notTested, notApplicable, inconclusive] = [
    of(ANNOTATION.notTested)[0],
    of(ANNOTATION.notApplicable)[0],
    of(ANNOTATION.inconclusive)[0],
  ];
  if (notTested) return `not tested: ${notTested}`;
  if (notApplicable) return `not applicable: ${notApplicable}`;
  if (inconclusive) return `could not complete: ${inconclusive}`;
  return of('skip')[0] ?? 'skipped';
}

/** Secrets must not reach the results dir through messages, steps or parameters either. */
function redactResult(r: AllureTestResult): void {
  if (r.name) r.name = redact(r.name);
  if (r.description) r.description = redact(r.description);
  if (r.statusDetails?.message) r.statusDetails.message = redact(r.statusDetails.message);
  if (r.statusDetails?.trace) r.statusDetails.trace = redact(r.statusDetails.trace);
  for (const p of r.parameters ?? []) p.value = redact(p.value);
  (r.steps ?? []).forEach(redactStep);
}

function redactStep(s: StepResult): void {
  s.name = redact(s.name ?? '');
  if (s.statusDetails?.message) s.statusDetails.message = redact(s.statusDetails.message);
  if (s.statusDetails?.trace) s.statusDetails.trace = redact(s.statusDetails.trace);
  for (const p of s.parameters) p.value = redact(p.value);
  s.steps.forEach(redactStep);
}

/** environment.properties of the Allure results: what was tested, with what, from which commit. */
export function environmentInfo(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const context = readRunContext(reportDir(env), env.PVH_RUN_ID ?? 'adhoc');
  return {
    environment: context?.environment.name ?? environmentName(env),
    baseUrl: redact(context?.environment.baseUrl ?? ''),
    tokenUrl: redact(context?.environment.authUrl ?? ''),
    runId: env.PVH_RUN_ID ?? 'adhoc',
    commit: gitCommit() ?? 'unknown (no git)',
    harnessVersion: harnessVersion(),
    node: process.version,
  };
}
