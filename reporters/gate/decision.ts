/**
 * The release decision, from three inputs: the certification verdicts (results.json), Allure's
 * quality gate (rules in allurerc.mjs), and the k6 threshold results in the Allure results.
 * Pure: run.ts gathers the inputs and prints the decision.
 */
import { describeKinds, type ResultKinds } from '../allure/result-kinds.ts';
import { clauseCounts, coverageAfterVerdict, testCount } from '../certification/headline.ts';
import { mustFailed, mustNotRun, unacceptedGaps, type CertificationResults } from '../certification/verdicts.ts';
import { statementText } from '../diagnosis/describe.ts';

export interface LoadResult {
  name: string;
  status: string;
  message?: string;
  /** The load run's environment and run ID (labels of its Allure results); absent on results of older runs. */
  environment?: string;
  runId?: string;
}

/** The k6 results that belong to the decision, and a line naming the ones left out. */
export interface LoadSelection {
  counted: LoadResult[];
  /** The runs counted, as "run R on ENV". */
  runs: string[];
  /** "N k6 results of other runs left out: run X (local, 11), …", when any. */
  ignored?: string;
}

/**
 * Load results count only when they come from the certification's own run and environment (a load
 * run started with the certification's PVH_RUN_ID), or from a run named with --load-run: results
 * left in allure-results by other load runs (another environment, an injected fault) never decide.
 */
export function selectLoad(load: LoadResult[], certification: Pick<CertificationResults, 'run'> | undefined, named: readonly string[] = []): LoadSelection {
  const counts = (r: LoadResult) => (r.runId !== undefined && named.includes(r.runId)) || (!!certification && r.runId === certification.run.id && r.environment === certification.run.environment);
  const counted = load.filter(counts);
  const runs = [...new Set(counted.map((r) => `run ${r.runId} on ${r.environment ?? 'unknown'}`))];
  const others = new Map<string, number>();
  for (const r of load.filter((x) => !counts(x))) {
    const key = `run ${r.runId ?? 'unknown'} (${r.environment ?? 'environment unknown'}`;
    others.set(key, (others.get(key) ?? 0) + 1);
  }
  const total = [...others.values()].reduce((a, b) => a + b, 0);
  const ignored = total > 0 ? `${total} k6 result(s) of other runs left out of the decision: ${[...others].map(([k, n]) => `${k}, ${n})`).join(', ')}; a load run counts when started with the certification's run ID (PVH_RUN_ID) on the same environment, or when named with --load-run RUN` : undefined;
  return { counted, runs, ...(ignored ? { ignored } : {}) };
}

export interface GateInputs {
  /** Undefined when results.json is missing. */
  certification: CertificationResults | undefined;
  /** Number of Allure result files found (all kinds), the release decision's excepted. */
  allureResults: number;
  /** The same files by kind (tests, verdict, root causes, k6 thresholds), for the count the report shows. */
  allureKinds?: ResultKinds;
  /** `allure quality-gate`: exit code and its output (ANSI stripped). */
  allureGate: { code: number; output: string };
  /** The k6 results that count (selectLoad), and what it says about the others. */
  load: LoadResult[];
  loadRuns?: string[];
  loadIgnored?: string;
  /** Run ID written by the Allure reporter (environment.properties), if any. */
  allureRunId?: string;
  /** Read-only target (production): accept MUST clauses that did not run only because writes are off; they are listed as warnings. */
  readOnly?: boolean;
  /** A clause that regressed since the previous run is no-go. */
  noRegressions?: boolean;
}

export interface GateDecision {
  go: boolean;
  /** Why not: empty when go. */
  reasons: string[];
  /** Listed, never blocking: SHOULD warnings, known deviations, accepted gaps. */
  warnings: string[];
  counts: string[];
}

export interface CertificationOptions {
  /** Read-only target (production): accept MUST clauses that did not run only because writes are off. */
  readOnly?: boolean;
  /** Any clause worse than in the previous run of this environment is no-go, known deviation or not. */
  noRegressions?: boolean;
}

/** The certification's part of the decision: what the certification page shows, and the gate adds to. */
export function certificationPart(cert: CertificationResults, options: CertificationOptions = {}): Omit<GateDecision, 'go'> {
  const reasons: string[] = [];
  const warnings: string[] = [];
  const failed = mustFailed(cert.clauses);
  // Nothing certain (INCONCLUSIVE), or a config the target contradicts (CONFIG ERROR): never a GO,
  // whatever the clauses the run got through say.
  if (cert.verdict === 'INCONCLUSIVE' || cert.verdict === 'CONFIG ERROR') {
    const first = cert.verdict === 'CONFIG ERROR' ? (cert.causes.find((c) => c.startsWith('config error: ')) ?? cert.causes[0]) : cert.causes[0];
    reasons.push(`certification ${cert.verdict}: ${first ?? 'no cause recorded'}${cert.causes.length > 1 ? ` (and ${cert.causes.length - 1} more)` : ''}`);
  }
  // Root causes first: what to fix; the failed clauses follow from them.
  for (const c of (cert.rootCauses ?? []).filter((x) => x.level === 'MUST')) reasons.push(`root cause: ${c.clause}: ${clip(statementText(c))}${c.consequences.length ? ` (dragged along: ${few(c.consequences)})` : ''}`);
  for (const c of failed) reasons.push(`MUST clause failed: ${c.id}: ${c.summary}${c.evidence[0] ? ` (${clip(c.evidence[0])})` : ''}`);
  // A MUST clause with checks that did not run is no evidence either way: no-go unless the config
  // accepts those gaps (acceptedGaps), or --read-only accepts the ones writes being off explain.
  const writesOff: string[] = [];
  // Only a gap the config can close or accept gets that advice: not a check another failure stopped,
  // nor one a filter or a stop left out (accepting those would make no sense).
  const untested: string[] = [];
  const stopped: string[] = [];
  const unselected: string[] = [];
  for (const c of mustNotRun(cert.clauses).filter((x) => !x.incomplete)) {
    const open = unacceptedGaps(c).filter((g) => !(options.readOnly && g.setting === 'writes'));
    if (open.length === 0) {
      if (unacceptedGaps(c).length > 0) writesOff.push(c.id);
    } else if (open.every((g) => g.status === 'stopped')) stopped.push(c.id);
    else if (open.every((g) => g.status === 'not-tested' && g.setting === 'selection')) unselected.push(c.id);
    else untested.push(`${c.id} ${c.verdict}: ${coverageAfterVerdict(c)}`);
  }
  if (writesOff.length > 0) warnings.push(`${writesOff.length} MUST clause(s) not fully tested because writes are off (accepted: --read-only): ${few(writesOff)}`);
  // A run that tested nothing has one cause (its INCONCLUSIVE line): no config setting or accepted gap would test more.
  const all = untested.length + stopped.length + unselected.length;
  if (cert.tests.length === 0 && all > 0) reasons.push(`nothing was tested: no check ran, so none of the ${all} MUST clauses is tested`);
  else {
    if (untested.length > 0) reasons.push(`incomplete run: ${untested.length} MUST clause(s) not fully tested (add what each names, or accept the gap in the config's acceptedGaps):`, ...untested.map((u) => `· ${clip(u, 400)}`));
    if (stopped.length > 0) reasons.push(`${stopped.length} MUST clause(s) not fully tested because another clause failed first (fix the root cause above and run again): ${few(stopped)}`);
    if (unselected.length > 0) reasons.push(`${unselected.length} MUST clause(s) not fully tested because ${cert.verdict === 'INCONCLUSIVE' && cert.causes.some((x) => x.startsWith('interrupted')) ? 'the run was stopped before their checks ran (run it to its end)' : `this run did not select their checks (run without the filter${cert.run.filter ? ` ${cert.run.filter}` : ''})`}: ${few(unselected)}`);
  }
  for (const g of cert.acceptedGaps ?? []) warnings.push(`accepted gap: ${g.clause}: ${g.reasons.join('; ')}`);
  const regressed = cert.sinceLast?.regressed ?? [];
  if (regressed.length > 0) {
    const line = `regressed since run ${cert.sinceLast!.runId}: ${few(regressed)}`;
    if (options.noRegressions) reasons.push(`${line} (--no-regressions)`);
    else warnings.push(line);
  }
  for (const c of cert.clauses.filter((x) => x.verdict === 'warning')) warnings.push(`SHOULD warning: ${c.id}: ${c.summary}`);
  for (const c of cert.clauses.filter((x) => x.knownDeviation)) warnings.push(`known deviation: ${c.id}: ${c.knownDeviation}`);
  const counts = [`certification ${cert.run.environment} (run ${cert.run.id}): ${clauseCounts(cert)}; ${testCount(cert)}`];
  return { reasons, warnings, counts };
}

export function decide(inputs: GateInputs): GateDecision {
  const reasons: string[] = [];
  const warnings: string[] = [];
  const counts: string[] = [];
  const cert = inputs.certification;

  if (inputs.allureResults === 0) reasons.push('no Allure results: run npm run certify first');
  if (!cert) {
    reasons.push('no certification results (certification/results.json): run npm run certify first');
  } else {
    const part = certificationPart(cert, { ...(inputs.readOnly ? { readOnly: true } : {}), ...(inputs.noRegressions ? { noRegressions: true } : {}) });
    reasons.push(...part.reasons);
    warnings.push(...part.warnings);
    if (inputs.allureRunId && cert.run.id && inputs.allureRunId !== cert.run.id) {
      reasons.push(`the Allure results (run ${inputs.allureRunId}) and the certification results (run ${cert.run.id}) come from different runs: run npm run certify again`);
    }
    counts.push(...part.counts);
  }

  const gateFailures = inputs.allureGate.output.split('\n').filter((l) => /⨯/.test(l)).map((l) => l.replace(/⨯/, '').replace(/\s+/g, ' ').trim());
  if (inputs.allureGate.code !== 0) {
    if (gateFailures.length > 0) for (const f of gateFailures) reasons.push(`Allure quality gate: ${clip(f, 300)}`);
    else reasons.push(`Allure quality gate could not be evaluated (exit ${inputs.allureGate.code}): ${lastLine(inputs.allureGate.output)}`);
  }
  // The count the Allure report shows, the release decision npm run report adds included, part by part.
  const kinds = inputs.allureKinds ? `${describeKinds({ ...inputs.allureKinds, decisions: 1 })} (npm run report adds the decision)` : `${inputs.allureResults + 1} results, the release decision npm run report adds included`;
  counts.push(`Allure: ${kinds}; quality gate ${inputs.allureGate.code === 0 ? 'passed' : 'failed'}`);

  const loadFailed = inputs.load.filter((l) => l.status !== 'passed' && l.status !== 'skipped');
  for (const l of loadFailed) reasons.push(`load threshold failed: ${l.name}${l.message ? ` (${l.message})` : ''}`);
  const which = inputs.loadRuns?.length ? ` (${inputs.loadRuns.join(', ')})` : '';
  if (inputs.load.length > 0) counts.push(`load: ${inputs.load.length - loadFailed.length}/${inputs.load.length} k6 thresholds held${which}`);
  else counts.push('load: no k6 results of this run (not part of this decision)');
  if (inputs.loadIgnored) warnings.push(inputs.loadIgnored);

  return { go: reasons.length === 0, reasons, warnings, counts };
}

function few(ids: string[], max = 12): string {
  return ids.length > max ? `${ids.slice(0, max).join(', ')} and ${ids.length - max} more` : ids.join(', ');
}

function clip(s: string, max = 200): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function lastLine(s: string): string {
  return s.split('\n').map((l) => l.trim()).filter(Boolean).slice(-1)[0] ?? 'no output';
}

export function render(d: GateDecision): string {
  const lines = [`release gate: ${d.go ? 'GO' : 'NO-GO'}`];
  if (d.reasons.length > 0) lines.push('why:', ...d.reasons.map((r) => `  - ${r}`));
  if (d.warnings.length > 0) lines.push('warnings (not blocking):', ...d.warnings.map((w) => `  - ${w}`));
  lines.push(...d.counts.map((c) => `  ${c}`));
  return lines.join('\n');
}
