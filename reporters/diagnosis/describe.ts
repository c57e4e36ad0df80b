/** Root causes in words, the same in every report: one line each, the broken promise first. */
import { clause as clauseOf, type ClauseId } from '../../fixtures/contract/clauses.ts';
import type { RootCause } from './root-causes.ts';
import type { SuspectedCause } from './confirm.ts';

const few = (ids: readonly string[], max = 8) => (ids.length > max ? `${ids.slice(0, max).join(', ')} and ${ids.length - max} more` : ids.join(', '));

function summaryOf(id: string): string {
  try {
    return clauseOf(id as ClauseId).summary;
  } catch {
    return '';
  }
}

/** An assertion's message names what it expected, then (after "got") the answer. */
const GOT = /^(.*?)[;,] got:? (.*)$/s;

/**
 * The statement labelled for what it is: "Expected: the rule; got: the answer" for an assertion or
 * a warning, "Seen: …" for what a reading or a replay saw. Never "Seen:" before an expectation.
 */
export function statementText(c: Pick<RootCause, 'statement' | 'statementIs'>): string {
  // Its closing full stop would sit before the "; dragged along" that follows it.
  const statement = c.statement.replace(/\.$/, '');
  if (c.statementIs === 'observation') return `Seen: ${statement}`;
  const m = GOT.exec(statement);
  return m ? `Expected: ${m[1]}; got: ${m[2]}` : `Expected: ${statement}`;
}

/** "PV-5-LIFETIME (MUST) A token works …: Expected: …; got: …; dragged along: PV-3-CREATE, …; met in 12 tests". */
export function rootCauseText(c: RootCause): string {
  const along = c.consequences.length > 0 ? `; dragged along: ${few(c.consequences)}` : '';
  const replay = !c.replay ? '' : c.replay.runs > 0 ? `; replayed alone: ${c.replay.failed} of ${c.replay.runs} failed` : c.replay.skipped ? `; ${c.replay.skipped}` : '';
  const alone = c.notShownAlone?.length ? `; not shown alone, so following from it: ${few(c.notShownAlone.map((n) => n.clause))}` : '';
  return `${c.clause} (${c.level}) ${summaryOf(c.clause)} ${statementText(c)}${confirmationText(c)}${along}${alone}; met in ${c.tests.length} test${c.tests.length === 1 ? '' : 's'}${replay}`;
}

/** How the run knows it: "; confirmed alone (removal-shows): …", or its check's own answer. */
export function confirmationText(c: Pick<RootCause, 'confirmedBy'>): string {
  const by = c.confirmedBy;
  if (!by) return '';
  return by.experiment === 'its check' ? "; shown by its check's own answer" : `; confirmed alone (experiment ${by.experiment}): ${by.seen.replace(/\.$/, '')}`;
}

/** A candidate no experiment confirmed: "PV-3-ATOMIC (MUST) suspected, not confirmed: …; tried: …". */
export function suspectedText(s: SuspectedCause): string {
  return `${s.clause} (${s.level}) suspected, not confirmed: ${statementText({ statement: s.statement })}; tried: ${s.tried}; met in ${s.tests.length} test${s.tests.length === 1 ? '' : 's'}`;
}

/** An experiment's requests in one line, runs of the same one counted: "POST …/booking → 201; GET …/X → 200 ×12". */
export function stepsText(steps: readonly string[], max = 12): string {
  const runs: Array<[string, number]> = [];
  for (const s of steps) {
    const last = runs.at(-1);
    if (last && last[0] === s) last[1] += 1;
    else runs.push([s, 1]);
  }
  const shown = runs.slice(0, max).map(([s, n]) => (n > 1 ? `${s} ×${n}` : s));
  return `${shown.join('; ')}${runs.length > max ? `; … ${runs.length - max} more` : ''}`;
}

/** The console's and the reports' headline: "root causes: 1 (PV-5-LIFETIME)". */
export function rootCausesHeadline(causes: readonly RootCause[]): string {
  return `root causes: ${causes.length}${causes.length ? ` (${few(causes.map((c) => c.clause))})` : ''}`;
}
