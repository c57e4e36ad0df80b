/**
 * What a clause's verdict rests on: its checks, each either a cell of the coverage matrix (a way in,
 * fixtures/contract/ways-in.ts) or a test that covers the clause without taking one of its cells.
 * A clause is PASS only when every check the suites hold for it ran and held; a check the config
 * cannot serve (or the run did not select) is not tested, with its reason; a check stopped by another
 * clause's failure says so. Pure: the reporter, the gate and the mutation run share it.
 */
import { behaviours, cellKey, describeCell, parseCellKey, unservable, type ServingTarget } from '../../fixtures/contract/ways-in.ts';
import { describeGap, type GapSetting } from '../../fixtures/contract/needs.ts';
import { readTest, type TestOutcome, type TestReading } from './outcomes.ts';

import type { AcceptedGap, DeclaredTest } from '../../fixtures/harness/run-context.ts';

export type { AcceptedGap, DeclaredTest } from '../../fixtures/harness/run-context.ts';

export type CheckStatus = 'held' | 'not-applicable' | 'failed' | 'not-tested' | 'stopped' | 'incomplete';

export interface CheckResult {
  /** A cell key (`venue-refused{op=get,id=legacy}`) or the test's title. */
  way: string;
  kind: 'cell' | 'test';
  /** A test meeting the clause only in passing (the state machine). */
  inPassing?: boolean;
  status: CheckStatus;
  /** Why it did not run or hold, in one line (for not-tested: what would enable it). */
  reason?: string;
  setting?: GapSetting;
  /** A not-tested check the environment's config accepts as a gap (acceptedGaps), with the config's reason. */
  accepted?: string;
}

export interface CheckContext {
  /** Every test of the suites, selected or not (default: the tests of the run). */
  universe?: readonly DeclaredTest[];
  /** What the environment can serve (undefined: unknown, cells missing from the run are "not selected"). */
  serving?: ServingTarget;
  /** How the run was filtered, for "not selected" reasons (e.g. `--grep @PV-3-CONFLICT`). */
  filter?: string;
  /** The run was stopped before its end: a check missing from it did not run for that reason. */
  interrupted?: boolean;
  /** Why no check ran at all (a failed preflight, a stop before the first test): every check's reason. */
  nothingRan?: string;
  acceptedGaps?: readonly AcceptedGap[];
}

/** A check an interrupted run never reached; "this check" becomes "its N ways in" when none of a clause's ran. */
const STOPPED_FIRST = 'the run was stopped before this check ran';

const RANK: Record<CheckStatus, number> = { failed: 5, incomplete: 4, stopped: 3, 'not-tested': 2, held: 1, 'not-applicable': 0 };

/** How one test's reading bears on clause `id`. */
function statusFor(id: string, r: TestReading): Pick<CheckResult, 'status' | 'reason' | 'setting'> {
  switch (r.kind) {
    case 'passed':
    case 'stale-deviation':
      return { status: 'held' };
    case 'not-applicable':
      return { status: 'not-applicable', reason: r.why };
    case 'not-tested':
      return { status: 'not-tested', reason: r.why, ...(r.setting ? { setting: r.setting } : {}) };
    case 'failed':
      return r.clauses.includes(id) ? { status: 'failed', reason: r.message } : { status: 'stopped', reason: `${r.clauses.join(', ')} failed first` };
    case 'incomplete':
    case 'harness-error':
      return { status: 'incomplete', reason: r.cause };
  }
}

const keyOf = (t: { file: string; title: string }) => `${t.file}\u0000${t.title}`;

/** The checks of clause `id` and how each went in this run. */
export function checksOf(id: string, tests: readonly TestOutcome[], ctx: CheckContext = {}): CheckResult[] {
  const universe = ctx.universe ?? tests;
  const ran = new Map(tests.map((t) => [keyOf(t), t]));
  const reading = (t: TestOutcome) => statusFor(id, readTest(t));
  const notSelected = { status: 'not-tested' as const, reason: ctx.nothingRan ?? (ctx.interrupted ? STOPPED_FIRST : `not selected in this run${ctx.filter ? ` (${ctx.filter})` : ''}`), setting: 'selection' as const };
  const cells = behaviours.filter((b) => b.clause === id).flatMap((b) => b.cells.map((c) => cellKey(b.id, c)));
  const out: CheckResult[] = [];

  for (const key of cells) {
    const takers = tests.filter((t) => t.ways?.includes(key));
    let result: Pick<CheckResult, 'status' | 'reason' | 'setting'>;
    if (takers.length > 0) {
      result = takers.map(reading).sort((a, b) => RANK[b.status] - RANK[a.status])[0]!;
    } else {
      const parsed = parseCellKey(key)!;
      const gap = ctx.serving ? unservable(parsed.behaviour.id, parsed.cell, ctx.serving) : undefined;
      if (gap) result = gap.notApplicable ? { status: 'not-applicable', reason: gap.why } : { status: 'not-tested', reason: describeGap(gap), setting: gap.setting };
      else if (universe.some((t) => t.ways?.includes(key))) result = notSelected;
      else result = { status: 'not-tested', reason: 'no check of the suites takes this way in (npm run coverage:clauses)', setting: 'selection' };
    }
    out.push({ way: key, kind: 'cell', ...result });
  }

  // Tests of the clause that take none of its cells: each is a check of its own.
  for (const u of universe) {
    if (!u.clauses.includes(id) || u.ways?.some((w) => cells.includes(w))) continue;
    const t = ran.get(keyOf(u));
    out.push({ way: u.title, kind: 'test', ...(u.inPassing?.includes(id) ? { inPassing: true } : {}), ...(t ? reading(t) : notSelected) });
  }

  // A test charged with this clause that is none of its checks (a race's setup booking refused is
  // PV-3-CREATE's): its failure is a check of the clause too, so a failed clause names what failed.
  for (const t of tests) {
    const r = readTest(t);
    if (r.kind !== 'failed' || !r.clauses.includes(id) || out.some((c) => c.way === t.title || (t.ways ?? []).includes(c.way))) continue;
    out.push({ way: t.title, kind: 'test', status: 'failed', reason: r.message });
  }

  for (const c of out) {
    if (c.status !== 'not-tested') continue;
    const accepted = ctx.acceptedGaps?.find((g) => (!g.clause || g.clause === '*' || g.clause === id) && (!g.setting || g.setting === c.setting) && (!g.way || c.way.includes(g.way)));
    if (accepted) c.accepted = accepted.reason;
  }
  return out;
}

/** A check's name for a reader: "GET by legacy number" for a cell, the title for a test. */
export function describeWay(c: CheckResult): string {
  if (c.kind === 'test') {
    const title = c.way.replace(/ \((?:PV|RFC)[^()]*\)$/, '');
    return title.length > 110 ? `${title.slice(0, 109)}…` : title;
  }
  const parsed = parseCellKey(c.way);
  return parsed ? `${parsed.behaviour.summary}: ${describeCell(parsed.cell) || 'its one way'}` : c.way;
}

const held = (c: CheckResult) => c.status === 'held' || c.status === 'not-applicable';

/** "ways in" for a clause with cells in the coverage matrix, else "checks". */
export function unitOf(checks: readonly CheckResult[]): string {
  return checks.some((c) => c.kind === 'cell') ? 'ways in' : 'checks';
}

/** The checks that neither held nor failed, grouped by reason: "not tested (GET by legacy number): no read-only…". */
export function gapParts(checks: readonly CheckResult[], showAccepted = true): string[] {
  const byReason = new Map<string, CheckResult[]>();
  for (const c of checks.filter((x) => !held(x) && x.status !== 'failed')) {
    const label = c.status === 'not-tested' ? `not tested: ${c.reason}${c.accepted && showAccepted ? ` [accepted: ${c.accepted}]` : ''}` : c.status === 'stopped' ? `not run because ${c.reason}` : `could not complete: ${c.reason}`;
    byReason.set(label, [...(byReason.get(label) ?? []), c]);
  }
  return [...byReason].map(([label, cs]) => (cs.length === 1 ? label.replace(/^(not tested|not run|could not complete)/, `$1 (${describeWay(cs[0]!)})`) : `${cs.length} ${label}`));
}

/**
 * One line for reports: "held on 10 of 11 ways in; 1 not run because PV-3-CONFLICT failed first".
 * A clause none of whose checks ran says so first ("not tested: …"), never "held on 0 of 11", which
 * reads like a failure.
 */
export function coverageLine(checks: readonly CheckResult[]): string {
  const unit = unitOf(checks);
  const h = checks.filter(held).length;
  const dedicated = checks.filter((c) => held(c) && !c.inPassing).length;
  const passing = h > 0 && dedicated === 0 ? ', only in passing' : '';
  const one = unit === 'ways in' ? 'way in' : 'check';
  const failed = checks.filter((c) => c.status === 'failed').length;
  if (checks.length > 0 && checks.every((c) => c.status === 'not-applicable')) return `not applicable: ${[...new Set(checks.map((c) => c.reason ?? 'nothing to check on this target'))].join('; ')}`;
  if (checks.length > 0 && h === 0 && failed === 0) return untestedLine(checks, unit, one);
  const line = checks.length === 0 ? 'no check of the suites' : h === checks.length ? (h === 1 ? `held on its one ${one}${passing}` : `held on all ${h} ${unit}${passing}`) : `held on ${h} of ${checks.length} ${unit}${passing}`;
  const parts = [line, ...gapParts(checks)];
  if (failed > 0) parts.push(`failed on ${failed}`);
  return parts.join('; ');
}

/** A clause none of whose checks held or failed: why they did not run, in one line. */
function untestedLine(checks: readonly CheckResult[], unit: string, one: string): string {
  const first = checks[0]!;
  const same = checks.every((c) => c.status === 'not-tested' && c.reason === first.reason && c.accepted === first.accepted);
  if (!same) return checks.length === 1 ? gapParts(checks).join('; ') : `none of its ${checks.length} ${unit} was tested: ${gapParts(checks).join('; ')}`;
  const which = checks.length === 1 ? `its one ${one} (${describeWay(first)})` : `its ${checks.length} ${unit}`;
  const accepted = first.accepted ? ` [accepted: ${first.accepted}]` : '';
  const reason = first.reason ?? 'no reason recorded';
  if (reason.includes('this check')) return `not tested: ${reason.replace('this check', which)}${accepted}`;
  return `not tested: ${reason}${accepted}; ${checks.length === 1 ? `${which} did not run` : `none of ${which} ran`}`;
}

export interface ClauseCoverage {
  held: number;
  total: number;
  /** Held by a check that is not only in passing. */
  dedicatedHeld: number;
  failed: number;
  notTested: CheckResult[];
  stopped: CheckResult[];
  incomplete: CheckResult[];
}

export function coverageOf(checks: readonly CheckResult[]): ClauseCoverage {
  return {
    held: checks.filter(held).length,
    total: checks.length,
    dedicatedHeld: checks.filter((c) => held(c) && !c.inPassing).length,
    failed: checks.filter((c) => c.status === 'failed').length,
    notTested: checks.filter((c) => c.status === 'not-tested'),
    stopped: checks.filter((c) => c.status === 'stopped'),
    incomplete: checks.filter((c) => c.status === 'incomplete'),
  };
}
