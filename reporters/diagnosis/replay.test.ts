/**
 * Whether a failed test can be replayed alone is decided before any replay starts: a budget (a
 * fifth of the run) too small for one replay says so once, with what would allow it, and nothing
 * starts; --replay-budget raises the budget, never lowers it.
 */
import { expect, test } from '@playwright/test';
import { outcome } from '../certification/outcome-fixtures.ts';
import { planReplays, REPLAY_BUDGET_VARIABLE } from './replay.ts';

const failed = (title: string, durationMs: number) => outcome({ title, clauses: ['PV-3-CONFLICT'], status: 'failed', ok: false, errors: ['[PV-3-CONFLICT] a second booking is 409, got 201'], durationMs });

test('a 10 s run with one failure: no replay fits the 2.0 s budget, said up front with the reason and the setting that allows it', () => {
  const plan = planReplays([failed('books twice', 300)], 10_000, {});
  expect(plan.chosen).toEqual([]);
  expect(plan.budgetMs).toBe(2000);
  expect(plan.note).toBe("no failed test replayed alone: one replay needs about 4.1 s (3.5 s to start, then the test 2 times), more than the budget of 2.0 s (a fifth of the run's 10.0 s); --replay-budget 5 allows it");
  expect(plan.skipped.map((s) => s.skipped)).toEqual(["not replayed alone: one replay needs about 4.1 s (3.5 s to start, then the test 2 times), more than the budget of 2.0 s (a fifth of the run's 10.0 s)"]);
});

test('--replay-budget raises the budget so the replay fits; it never lowers a fifth of a long run', () => {
  const raised = planReplays([failed('books twice', 300)], 10_000, { [REPLAY_BUDGET_VARIABLE]: '5' });
  expect(raised.chosen.map((t) => t.title)).toEqual(['books twice']);
  expect(raised.note).toBeUndefined();
  expect(raised.budgetMs).toBe(5000);
  expect(planReplays([failed('books twice', 300)], 100_000, { [REPLAY_BUDGET_VARIABLE]: '5' }).budgetMs).toBe(20_000);
});

test('when the quicker replays take the budget, the others say so, not that no replay fits', () => {
  const other = outcome({ title: 'slow one', clauses: ['PV-3-REMOVE'], status: 'failed', ok: false, errors: ['[PV-3-REMOVE] removal succeeds, got 500'], durationMs: 4000 });
  const plan = planReplays([failed('books twice', 300), other], 30_000, {});
  expect(plan.chosen.map((t) => t.title)).toEqual(['books twice']);
  expect(plan.note).toBeUndefined();
  expect(plan.skipped).toEqual([expect.objectContaining({ title: 'slow one', skipped: "not replayed alone: the budget of 6.0 s (a fifth of the run's 30.0 s) went to quicker replays" })]);
});
