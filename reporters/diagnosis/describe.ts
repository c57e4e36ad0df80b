/** Root causes in words, the same in every report: one line each, the broken promise first. */
import { clause as clauseOf, type ClauseId } from '../../fixtures/contract/clauses.ts';
import type { RootCause } from './root-causes.ts';

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
  return `${c.clause} (${c.level}) ${summaryOf(c.clause)} ${statementText(c)}${along}; met in ${c.tests.length} test${c.tests.length === 1 ? '' : 's'}${replay}`;
}

/** The console's and the reports' headline: "root causes: 1 (PV-5-LIFETIME)". */
export function rootCausesHeadline(causes: readonly RootCause[]): string {
  return `root causes: ${causes.length}${causes.length ? ` (${few(causes.map((c) => c.clause))})` : ''}`;
}
