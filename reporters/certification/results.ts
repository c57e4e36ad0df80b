/**
 * What a certification's results are (results.json, schema 4): the run, its verdict and exit code,
 * every clause's verdict and checks, root causes. verdicts.ts computes them; every report reads them.
 */
import type { ClauseLevel } from '../../fixtures/contract/clauses.ts';
import type { CheckResult } from './checks.ts';
import type { TestOutcome } from './outcomes.ts';
import type { RootCause } from '../diagnosis/root-causes.ts';
import type { SuspectedCause } from '../diagnosis/confirm.ts';
import type { ExperimentRecord } from '../diagnosis/experiments/experiment.ts';
import type { Replays } from '../diagnosis/replay.ts';
import type { AssumedSetting } from '../../fixtures/harness/assumed-settings.ts';

/**
 * pass: every check held; partial: some held, others not tested or stopped by another clause's
 * failure; not-tested: none could run here (config, selection); not-run: none held and one was
 * stopped or could not complete.
 */
export type Verdict = 'pass' | 'fail' | 'warning' | 'observation' | 'partial' | 'not-tested' | 'not-run' | 'not-applicable';
export type RunVerdict = 'CONFORMANT' | 'CONFORMANT ON WHAT WAS TESTED' | 'NOT CONFORMANT' | 'INCONCLUSIVE' | 'CONFIG ERROR';

/**
 * Exit codes of certify: 2 a config the target contradicts (a user it refuses, a pool certificate it
 * lacks, a limit it states lower): the partner's to fix, never a verdict on the target; 4 a run whose
 * MUST clauses were not all tested (never 0).
 */
export const EXIT_CODE: Record<RunVerdict, number> = { CONFORMANT: 0, 'NOT CONFORMANT': 1, 'CONFIG ERROR': 2, INCONCLUSIVE: 3, 'CONFORMANT ON WHAT WAS TESTED': 4 };

export interface ClauseResult {
  id: string;
  source: string;
  level: ClauseLevel;
  area: string;
  summary: string;
  verdict: Verdict;
  /** What the verdict rests on, in one line: "held on 10 of 11 ways in; 1 not run because PV-3-CONFLICT failed first". */
  coverage: string;
  /** Every check of the clause (a way in, or a test) and how it went. */
  checks: CheckResult[];
  knownDeviation?: string;
  /** Set when a check of this clause could not complete: which test, and why (the run is then INCONCLUSIVE). */
  incomplete?: Array<{ test: string; cause: string }>;
  /** Evidence files of the tests that failed on this clause (relative to the certification report). */
  evidenceFiles?: string[];
  tests: Array<{ title: string; file: string; status: string }>;
  evidence: string[];
}

/** What changed since the previous run of the same environment (history.ts keeps the runs). */
export interface SinceLast {
  runId: string;
  finishedAt: string;
  verdict: CertificationResults['verdict'];
  /** Clauses worse than before (pass to warning or fail, warning to fail). */
  regressed: string[];
  /** Clauses better than before. */
  recovered: string[];
  /** Clauses failing now (fail, or a SHOULD warning) that did not in that run: passed, not tested, or absent (then). */
  newlyFailing: Array<{ id: string; now: Verdict; then?: Verdict }>;
  /** Clauses not tested in that run, tested now and held. */
  appeared: string[];
}

export interface CertificationResults {
  schemaVersion: 4;
  run: {
    id: string;
    /** The environment config's name (never the path it was loaded from). */
    environment: string;
    baseUrl: string;
    authUrl: string;
    legacyBaseUrl?: string;
    startedAt: string;
    durationMs: number;
    harnessVersion: string;
    node: string;
    commit?: string;
    /** Round-trip time the preflight measured, ms. */
    rttMs?: number;
    /** How the run was filtered (--grep, file arguments), when it was. */
    filter?: string;
    /** The tests this run selected: an interrupted run finished fewer (totals.tests). */
    plannedTests?: number;
    /** The values the run took from the config, or assumed where it is silent: what the verdicts rest on. */
    settings?: AssumedSetting[];
  };
  verdict: RunVerdict;
  /** What broke, by root cause (reporters/diagnosis): usually one per bug, its clause the broken promise, each confirmed by an experiment or its check's own answer. */
  rootCauses: RootCause[];
  /** Candidates no experiment confirmed (a failing run's diagnosis), with what was tried: never in the headline. */
  suspectedCauses?: SuspectedCause[];
  /** Why the verdict is INCONCLUSIVE (or what else kept the run from being trustworthy). */
  causes: string[];
  totals: Record<Verdict, number> & { tests: number; testsFailed: number; mustFailed: number; mustNotRun: number; mustIncomplete: number; mustPartial: number; mustNotTested: number };
  /** verdict === 'CONFORMANT' (kept for readers of schema 1). */
  conformant: boolean;
  /** Every MUST clause fully tested and held: no gap, accepted or not. */
  complete: boolean;
  /** MUST clauses with gaps the config accepts (acceptedGaps), each with the accepted reasons. */
  acceptedGaps: Array<{ clause: string; reasons: string[] }>;
  clauses: ClauseResult[];
  tests: TestOutcome[];
  /** What changed since the previous run against this environment (history.ts). */
  sinceLast?: SinceLast;
  /** A run that tested nothing: the last complete run of this environment in the history, if any. */
  lastRun?: { runId: string; finishedAt: string; verdict: string };
  /** The isolation replays of failed tests, their budget and the time they took (reporters/diagnosis/replay.ts). */
  diagnosis?: Replays;
  /** The experiments a failing run made to confirm its root causes (reporters/diagnosis/experiments), their requests in the evidence. */
  experiments?: { records: ExperimentRecord[]; budgetMs: number; spentMs: number; evidence?: string; leftBooked: string[] };
}
