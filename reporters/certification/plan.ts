/**
 * What a config can certify, known before any request: for each clause, which of its checks the
 * config can serve. certify prints it before the suites start (a partner sees in the first seconds
 * that the run cannot certify the venue rule), and `coverage:clauses --env` shows the same.
 */
import { firstUnmet, type Need, type ServingTarget } from '../../fixtures/contract/needs.ts';
import { parseCellKey, unservable } from '../../fixtures/contract/ways-in.ts';
import type { AcceptedGap, DeclaredTest } from '../../fixtures/harness/run-context.ts';
import { describeGap } from '../../fixtures/contract/needs.ts';
import { gapParts, unitOf } from './checks.ts';
import type { TestOutcome } from './outcomes.ts';
import { clauseVerdicts, type ClauseResult } from './verdicts.ts';

/** Each test as it would end on this config if the target held: passed, or not tested with the gap. */
function foreseen(t: DeclaredTest, serving: ServingTarget, selected: ((t: DeclaredTest) => boolean) | undefined): TestOutcome {
  const gap =
    (selected && !selected(t) ? { why: 'not selected in this run', setting: 'selection' as const, enable: 'run certify without the filter' } : undefined) ??
    firstUnmet((t.needs ?? []) as Need[], serving) ??
    (t.ways ?? [])
      .map((key) => parseCellKey(key))
      .map((c) => c && unservable(c.behaviour.id, c.cell, serving))
      .find((g) => g !== undefined);
  const base = { id: `${t.file} ${t.title}`, title: t.title, file: t.file, clauses: t.clauses, ...(t.inPassing ? { inPassing: t.inPassing } : {}), ...(t.ways ? { ways: t.ways } : {}), ok: true, warnings: [], observations: [], errors: [], durationMs: 0 };
  if (gap?.notApplicable) return { ...base, status: 'skipped', notApplicable: gap.why };
  return gap ? { ...base, status: 'skipped', notTested: { line: describeGap(gap), setting: gap.setting } } : { ...base, status: 'passed' };
}

/** The clause verdicts this config can reach at best: pass = fully testable, partial = partly, not-tested = not at all. */
export function planOf(universe: readonly DeclaredTest[], serving: ServingTarget, acceptedGaps: readonly AcceptedGap[] = [], selected?: readonly DeclaredTest[]): ClauseResult[] {
  const keys = selected && new Set(selected.map((t) => `${t.file}\u0000${t.title}`));
  return clauseVerdicts(
    universe.map((t) => foreseen(t, serving, keys && ((x) => keys.has(`${x.file}\u0000${x.title}`)))),
    { universe, serving, acceptedGaps },
  );
}

/**
 * The clauses of a run that tested nothing, as its plan would have checked them (the same ways in
 * as a run of the same suites), every check not tested for `why`; none when the suites were not
 * listed, rather than counts of some other universe.
 */
export function untestedPlan(universe: readonly DeclaredTest[] | undefined, why: string): ClauseResult[] {
  return universe ? clauseVerdicts([], { universe, nothingRan: why }) : [];
}

/** Why a not-applicable clause is (its first check's reason). */
const c0reason = (c: ClauseResult): string => c.checks.find((x) => x.status === 'not-applicable')?.reason ?? 'not applicable to this environment';

/** The plan in a few lines: the counts of MUST clauses, then each one not fully testable with what is missing. */
export function describePlan(plan: readonly ClauseResult[], environment: string, max = Infinity): string[] {
  const must = plan.filter((c) => c.level === 'MUST');
  const full = must.filter((c) => c.verdict === 'pass');
  const partly = must.filter((c) => c.verdict === 'partial');
  // A clause the environment declares it has nothing for (no old interface) is not applicable, not a gap.
  const na = must.filter((c) => c.verdict === 'not-applicable');
  const none = must.filter((c) => c.verdict !== 'pass' && c.verdict !== 'partial' && c.verdict !== 'not-applicable');
  const applicable = must.length - na.length;
  const naText = na.length > 0 ? ` (${na.length} not applicable: ${na.map((c) => c.id).join(', ')}: ${c0reason(na[0]!)})` : '';
  const lines = [`"${environment}" can test ${full.length} of ${applicable} MUST clauses fully, ${partly.length} partly, ${none.length} not at all${naText}${partly.length + none.length > 0 ? ' (a run can be CONFORMANT only on what it tests):' : ''}`];
  const gaps = [...partly, ...none];
  for (const c of gaps.slice(0, max)) {
    const testable = c.checks.filter((x) => x.status === 'held').length;
    const accepted = c.checks.every((x) => x.status === 'held' || x.accepted) ? ' [gaps accepted by the config]' : '';
    lines.push(`  ${c.id} ${c.verdict === 'partial' ? `partly (${testable} of ${c.checks.length} ${unitOf(c.checks)})` : 'not at all'}${accepted}: ${gapParts(c.checks, false).join('; ')}`);
  }
  if (gaps.length > max) lines.push(`  … and ${gaps.length - max} more (npm run coverage:clauses -- --env ${environment} lists them all)`);
  return lines;
}
