/**
 * Test outcomes for the harness's own tests of verdicts and the gate: a run where one test takes
 * every clause and every way in of the coverage matrix, and single tests beside it.
 */
import { behaviours, cellKey } from '../../fixtures/contract/ways-in.ts';
import { clauses } from '../../fixtures/contract/clauses.ts';
import type { TestOutcome } from './outcomes.ts';

export const everyClause = clauses.map((c) => c.id);
export const everyWay = behaviours.flatMap((b) => b.cells.map((c) => cellKey(b.id, c)));

export const outcome = (o: Partial<TestOutcome> & { clauses: string[] }): TestOutcome => ({ id: o.title ?? 't', title: 'a test', file: 'suites/x.spec.ts', status: 'passed', ok: true, warnings: [], observations: [], errors: [], durationMs: 10, ...o });

/** One passing test covering every clause but `ids`, and taking every way in whose clause is not among them. */
export const others = (...ids: string[]): TestOutcome =>
  outcome({ title: 'the rest', clauses: everyClause.filter((id) => !ids.includes(id)), ways: everyWay.filter((w) => !behaviours.some((b) => ids.includes(b.clause) && w.startsWith(`${b.id}{`))) });

/** The ways in of one clause's behaviours. */
export const waysOf = (id: string): string[] => behaviours.filter((b) => b.clause === id).flatMap((b) => b.cells.map((c) => cellKey(b.id, c)));
