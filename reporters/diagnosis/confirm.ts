/**
 * Root causes as tested hypotheses (pure). The candidates (root-causes.ts) each name a broken
 * promise; an experiment of its kind, run alone after the suites (experiments/), shows it or not.
 * A candidate its experiment showed is confirmed; one its experiment ran and did not show follows
 * from a confirmed one (the failure it explained came from elsewhere), or is suspected when none
 * was confirmed; one whose experiment could not run is suspected, saying why. A candidate no
 * experiment judges is a rule of one answer, and its check's own request showed it; so is one an
 * experiment could only have explained away (experiment.ts, explains) and did not.
 */
import { clause as clauseOf, clauseIdsIn, ROOT_CAUSE, type ClauseId, type ClauseLevel } from '../../fixtures/contract/clauses.ts';
import type { TestOutcome } from '../certification/outcomes.ts';
import type { ExperimentRun } from './experiments/catalogue.ts';
import type { ExperimentRecord } from './experiments/experiment.ts';
import type { RootCause } from './root-causes.ts';

export interface Confirmation {
  /** The experiment's name, or "its check" where the failing check's own request is the experiment. */
  experiment: string;
  hypothesis?: string;
  /** What it saw, in one line. */
  seen: string;
  /** Its requests and answers, one short line each. */
  steps: string[];
}

/** A candidate no experiment confirmed: listed apart from the root causes, with what was tried. */
export interface SuspectedCause {
  clause: string;
  level: ClauseLevel;
  statement: string;
  tests: string[];
  /** What was tried, and what it saw or why it could not run. */
  tried: string;
}

/** The experiment that judges a clause, by name and hypothesis (the catalogue's, passed in to keep this pure). */
export type ExperimentOf = (clause: string) => { name: string; hypothesis: string; explainsOnly?: boolean } | undefined;

export function confirmCauses(candidates: readonly RootCause[], run: Pick<ExperimentRun, 'records'>, experimentOf: ExperimentOf): { confirmed: RootCause[]; suspected: SuspectedCause[] } {
  const confirmed: RootCause[] = [];
  const notShown: Array<{ rc: RootCause; tried: string; record: ExperimentRecord }> = [];
  const suspected: SuspectedCause[] = [];
  const suspect = (rc: RootCause, tried: string) => suspected.push({ clause: rc.clause, level: rc.level, statement: rc.statement, tests: rc.tests, tried });
  for (const rc of candidates) {
    const exp = experimentOf(rc.clause);
    if (!exp) {
      confirmed.push({ ...copy(rc), confirmedBy: { experiment: 'its check', seen: rc.statement, steps: [] } });
      continue;
    }
    if (exp.explainsOnly) {
      // Experiments that can only explain this clause away (any that ran): one that did explains it;
      // none did, its check's own answer stands.
      const by = run.records.flatMap((r) => r.findings.filter((f) => f.clause === rc.clause && !f.shown).map((f) => ({ r, f })))[0];
      if (by) notShown.push({ rc, tried: `${by.r.name}: ${by.f.seen}`, record: by.r });
      else confirmed.push({ ...copy(rc), confirmedBy: { experiment: 'its check', seen: rc.statement, steps: [] } });
      continue;
    }
    const record = run.records.find((r) => r.name === exp.name);
    const finding = record?.findings.find((f) => f.clause === rc.clause);
    if (record && finding?.shown) confirmed.push({ ...copy(rc), confirmedBy: { experiment: exp.name, hypothesis: exp.hypothesis, seen: finding.seen, steps: record.steps } });
    else if (record && finding) notShown.push({ rc, tried: `${exp.name}: ${finding.seen}`, record });
    else suspect(rc, `${exp.name} (${exp.hypothesis}) did not run: ${record?.notRun ?? 'the diagnosis had no time left for it'}`);
  }
  // With no confirmed root, the causes the experiments showed while explaining candidates away (a
  // booking that does not show explains how it is shown) are roots of their own, named although no
  // check's failure named them first: before any candidate is attached, whatever the order.
  // A SHOULD root alone (a warning its check showed) is no cause for MUST failures: promote then too.
  if (!confirmed.some((c) => c.level === 'MUST')) for (const { record } of notShown) promote(record, confirmed);
  for (const { rc, tried } of notShown) {
    // The failure it explained came from a confirmed root: the one that met the same test, else the
    // first; a MUST failure only from a MUST root, or it would read "not run" under a warning.
    const eligible = rc.level === 'MUST' ? confirmed.filter((c) => c.level === 'MUST') : confirmed;
    const parent = eligible.find((c) => c.tests.some((t) => rc.tests.includes(t))) ?? eligible.find((c) => c.level === 'MUST') ?? eligible[0];
    if (!parent) {
      suspect(rc, `${tried} (not shown alone)`);
      continue;
    }
    for (const c of [rc.clause, ...rc.consequences]) if (c !== parent.clause && !parent.consequences.includes(c)) parent.consequences.push(c);
    for (const t of rc.tests) if (!parent.tests.includes(t)) parent.tests.push(t);
    parent.notShownAlone = [...(parent.notShownAlone ?? []), { clause: rc.clause, tried, tests: rc.tests }];
  }
  // In the candidates' order: the most met first, as the root causes are.
  const order = (s: SuspectedCause) => candidates.findIndex((c) => c.clause === s.clause);
  return { confirmed, suspected: suspected.sort((a, b) => order(a) - order(b)) };
}

/** The causes an experiment showed while explaining another candidate away, as confirmed roots of their own. */
function promote(record: ExperimentRecord, confirmed: RootCause[]): void {
  for (const f of record.findings) {
    if (!f.shown || confirmed.some((c) => c.clause === f.clause)) continue;
    const c = clauseOf(f.clause as ClauseId);
    confirmed.push({
      clause: f.clause, level: c.level, statement: f.seen, statementIs: 'observation', consequences: [], tests: [], evidence: [],
      confirmedBy: { experiment: record.name, hypothesis: record.hypothesis, seen: f.seen, steps: record.steps },
    });
  }
}

const NOT_SHOWN = '(a candidate root cause its experiment did not show alone)';
const copy = (rc: RootCause): RootCause => ({ ...rc, consequences: [...rc.consequences], tests: [...rc.tests] });

/**
 * The outcomes as the clause verdicts should read them once the experiments are known: a failure
 * charged to a candidate its experiment did not show alone is charged to the confirmed root it
 * follows from, so its own clause reads "not run because <root> failed first", never failed.
 */
export function withConfirmations(tests: readonly TestOutcome[], confirmed: readonly RootCause[]): TestOutcome[] {
  const followsFrom = new Map<string, { parent: string; clause: string; tried: string }>();
  for (const c of confirmed) for (const n of c.notShownAlone ?? []) for (const t of n.tests) followsFrom.set(t, { parent: c.clause, clause: n.clause, tried: n.tried });
  return tests.map((t) => {
    const f = followsFrom.get(t.title);
    if (!f) return t;
    const line = `[${f.parent}] ${ROOT_CAUSE}: ${f.clause} was not shown alone (${f.tried}): this failure follows from ${f.parent}`;
    // A root-cause line of the test naming the candidate no longer charges it: the experiment overruled it.
    const errors = t.errors.map((e) => (e.includes(ROOT_CAUSE) && clauseIdsIn(e).includes(f.clause) ? e.replace(ROOT_CAUSE, NOT_SHOWN) : e));
    return { ...t, clauses: t.clauses.includes(f.parent) ? t.clauses : [...t.clauses, f.parent], errors: [line, ...errors] };
  });
}
