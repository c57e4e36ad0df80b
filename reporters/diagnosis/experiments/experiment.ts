/**
 * An experiment: the smallest run of requests that shows one kind of root cause, alone, after the
 * suites. Each judges the clauses it can tell about: shown (the broken promise, seen again alone),
 * or not shown (what it saw instead); or it could not run (and why).
 */
import type { ClauseId } from '../../../fixtures/contract/clauses.ts';
import type { Lab } from './lab.ts';

export interface ClauseFinding {
  clause: ClauseId;
  shown: boolean;
  /** What the experiment saw, in one line. */
  seen: string;
}

export type ExperimentOutcome = { findings: ClauseFinding[] } | { notRun: string };

export interface Experiment {
  name: string;
  /** The hypothesis it tests, in words: "a removal that answered success did not free the certificate". */
  hypothesis: string;
  clauses: readonly ClauseId[];
  /**
   * Clauses whose failures it can show to come from its own kind of cause (a read that was stale,
   * not a booking rendered wrong), never confirm: a "not shown" finding for one of these makes it
   * follow from a confirmed cause; anything else leaves it to its check's own answer.
   */
  explains?: readonly ClauseId[];
  run(lab: Lab): Promise<ExperimentOutcome>;
}

/** What one experiment did and saw, as the reports show it. */
export interface ExperimentRecord {
  name: string;
  hypothesis: string;
  findings: ClauseFinding[];
  notRun?: string;
  /** Its requests and answers, one short line each ("POST /api/v1/…/booking → 201"). */
  steps: string[];
  durationMs: number;
}

export const shown = (clause: ClauseId, seen: string): ClauseFinding => ({ clause, shown: true, seen });
export const notShown = (clause: ClauseId, seen: string): ClauseFinding => ({ clause, shown: false, seen });
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
