/**
 * Maps the test records of one mutation run to the matrix: which checks killed each fault, whether
 * each variant passed, and which checks killed nothing. Pure functions over plain data.
 *
 * Kill rule: a fault is killed only by the check of its own clause: a failing test whose error
 * names the fault's clause ([ID], as because() writes it), or for a fault on a SHOULD clause also a
 * warning naming it (should() never fails a test). Failures on other clauses are kills by accident:
 * listed, never counted. A variant (or the control) passes only with no
 * failing test and no warning at all: a conformant target gives no reason to warn.
 */
import type { MutationPlan, MutationTarget } from './plan.ts';
import type { CheckView, Kill, MatrixRow, MutationSummary, Outcome, TestRecord } from './shapes.ts';
import { explanationFor } from './unkilled-explanations.ts';
import { clause as clauseOf, type ClauseId } from '../../fixtures/contract/clauses.ts';
import { clauseVerdicts, type TestOutcome } from '../../fixtures/judgement/index.ts';
import { rootCauses } from '../../fixtures/judgement/index.ts';
import { confirmCauses } from '../../fixtures/judgement/index.ts';
import { experimentFor, type ExperimentRun } from '../../fixtures/judgement/index.ts';

export function outcomeOf(r: TestRecord): Outcome | undefined {
  if (r.status === 'failed' || r.status === 'timedOut' || r.status === 'interrupted') return 'fail';
  if (r.warnings.length > 0) return 'warning';
  return undefined;
}

/** A kill by `r`; on the fault's clause when it names `clauses` (its own, and those its nature spans). */
function kill(r: TestRecord, outcome: Outcome, clauses: readonly string[]): Kill {
  const onClause = clauses.some((clause) =>
    outcome === 'fail' ? (r.named ?? []).includes(clause) : r.warnings.some((w) => w.includes(`[${clause}]`)),
  );
  const clause = clauses[0];
  const message =
    outcome === 'fail'
      ? (r.error ?? r.status)
      : (r.warnings.find((w) => clause !== undefined && w.includes(`[${clause}]`)) ?? r.warnings[0]!);
  return { test: r.title, file: r.file, clauses: r.clauses, outcome, onClause, message };
}

/** A record as the certification sees a test outcome. */
export function outcomeFrom(r: TestRecord, i: number): TestOutcome {
  return {
    id: `${r.project}#${i}`,
    title: r.title,
    file: r.file,
    clauses: r.clauses,
    status: r.status,
    ok: r.status === 'passed' || r.status === 'skipped',
    warnings: r.warnings,
    observations: [],
    errors: r.errors ?? (r.error ? [r.error] : []),
    durationMs: r.durationMs,
    ...(r.ways ? { ways: r.ways } : {}),
    ...(r.inPassing ? { inPassing: r.inPassing } : {}),
    ...(r.notTested ? { notTested: r.notTested } : {}),
    ...(r.notApplicable ? { notApplicable: r.notApplicable } : {}),
    ...(r.inconclusive ? { inconclusive: r.inconclusive } : {}),
    ...(r.finding ? { finding: r.finding } : {}),
  };
}

/**
 * A fault under a reduced config: its clause's verdict, bound to the checks that ran, must not be
 * PASS (the run it stands for would otherwise be CONFORMANT, and the gate GO, on a broken target).
 */
function reducedRow(
  target: MutationTarget,
  mine: TestRecord[],
  plan: Pick<MutationPlan, 'universe' | 'serving'>,
  row: MatrixRow,
): MatrixRow {
  const serving = plan.serving[target.reduction!];
  const [verdict] = clauseVerdicts(
    mine.map(outcomeFrom),
    { universe: plan.universe, filter: `@${target.clause}`, ...(serving ? { serving } : {}) },
    [clauseOf(target.clause as ClauseId)],
  );
  row.ok = verdict!.verdict !== 'pass';
  row.note = `${target.clause} ${verdict!.verdict.toUpperCase()} under ${target.reduction}: ${verdict!.coverage}`;
  return row;
}

/** `experiments`: what the diagnosis's experiments showed against this fault alone (diagnose.ts); without them the
 * candidates stand. */
export function rowFor(
  target: MutationTarget,
  records: TestRecord[],
  plan?: Pick<MutationPlan, 'universe' | 'serving'>,
  experiments?: Pick<ExperimentRun, 'records'>,
): MatrixRow {
  const mine = records.filter((r) => r.project === target.project);
  const kills = mine.flatMap((r) => {
    const o = outcomeOf(r);
    return o ? [kill(r, o, target.clause ? [target.clause, ...(target.alsoNamed ?? [])] : [])] : [];
  });
  const tests = {
    total: mine.length,
    passed: mine.filter((r) => r.status === 'passed').length,
    failed: kills.filter((k) => k.outcome === 'fail').length,
    warned: kills.filter((k) => k.outcome === 'warning').length,
    skipped: mine.filter((r) => r.status === 'skipped').length,
  };
  const row: MatrixRow = {
    name: target.name,
    kind: target.kind,
    clause: target.clause ?? null,
    level: target.level ?? null,
    description: target.description,
    ok: false,
    killedBy: kills,
    tests,
  };
  if (mine.length === 0) {
    row.note = 'not run: no test result for this project';
    return row;
  }
  if (target.kind === 'reduced') return plan ? reducedRow(target, mine, plan, row) : row;
  if (target.kind === 'fault') {
    const candidates = rootCauses(mine.map(outcomeFrom));
    const roots = (experiments ? confirmCauses(candidates, experiments, experimentFor).confirmed : candidates).map(
      (c) => c.clause,
    );
    const allowed: string[] = [target.clause!, ...(target.alsoNamed ?? [])];
    // Named right: its own clause alone, or (a fault spanning clauses) some of the clauses it spans and no other.
    const named = target.alsoNamed
      ? roots.length > 0 && roots.every((c) => allowed.includes(c))
      : roots.length === 1 && roots[0] === target.clause;
    row.diagnosis = { rootCauses: roots, named };
    const counts = kills.filter((k) => k.onClause && (k.outcome === 'fail' || target.level === 'SHOULD'));
    row.ok = counts.length > 0;
    if (!row.ok) {
      const onClauseWarnings = kills.filter((k) => k.onClause && k.outcome === 'warning').length;
      row.note =
        kills.length === 0
          ? 'survivor: every check passed'
          : onClauseWarnings > 0
            ? `survivor: only warnings, but ${target.clause} is a ${target.level} clause and needs a failing check`
            : `survivor: no check of ${target.clause} failed; ${kills.length} check(s) failed on other clauses ` +
              `(by accident)`;
    }
  } else {
    row.ok = kills.length === 0;
    if (!row.ok) row.note = `false alarm: ${tests.failed} failed, ${tests.warned} warned`;
  }
  return row;
}

/** The check → faults view: every test seen in the run, with the faults it killed. */
export function checkView(plan: Pick<MutationPlan, 'targets'>, rows: MatrixRow[], records: TestRecord[]): CheckView[] {
  const byKey = new Map<string, CheckView>();
  const key = (file: string, test: string) => `${file}\u0000${test}`;
  for (const r of records) {
    if (!byKey.has(key(r.file, r.title)))
      byKey.set(key(r.file, r.title), { test: r.title, file: r.file, clauses: r.clauses, kills: [] });
  }
  const faults = new Set(plan.targets.filter((t) => t.kind === 'fault').map((t) => t.name));
  for (const row of rows) {
    if (!faults.has(row.name) || row.kind !== 'fault' || !row.ok) continue;
    for (const k of row.killedBy) {
      // Only kills on the fault's own clause count; a warning only against SHOULD faults.
      if (!k.onClause || (k.outcome === 'warning' && row.level !== 'SHOULD')) continue;
      const view = byKey.get(key(k.file, k.test));
      if (view && !view.kills.includes(row.name)) view.kills.push(row.name);
    }
  }
  return [...byKey.values()].sort((a, b) => a.file.localeCompare(b.file) || a.test.localeCompare(b.test));
}

export function summarise(
  plan: MutationPlan,
  records: TestRecord[],
  complete: boolean,
  durationMs: number,
  experiments: ReadonlyMap<string, Pick<ExperimentRun, 'records'>> = new Map(),
): MutationSummary {
  const matrix = plan.targets.map((t) =>
    rowFor(t, records, plan, t.kind === 'fault' ? experiments.get(t.name) : undefined),
  );
  const faults = matrix.filter((r) => r.kind === 'fault');
  const reduced = matrix.filter((r) => r.kind === 'reduced');
  const variants = matrix.filter((r) => r.kind === 'variant');
  const checks = checkView(plan, matrix, records);
  const unkilledChecks = complete
    ? checks
        .filter((c) => c.kills.length === 0)
        .map((c) => ({ test: c.test, file: c.file, clauses: c.clauses, reason: explanationFor(c.clauses) }))
    : [];
  return {
    runId: plan.runId,
    complete,
    faults: {
      total: faults.length,
      killed: faults.filter((r) => r.ok).length,
      survivors: faults.filter((r) => !r.ok).map((r) => r.name),
    },
    variants: {
      total: variants.length,
      passed: variants.filter((r) => r.ok).length,
      falseAlarms: variants.filter((r) => !r.ok).map((r) => r.name),
    },
    matrix,
    checks,
    unkilledChecks,
    reduced: {
      total: reduced.length,
      neverPass: reduced.filter((r) => r.ok).length,
      passed: reduced.filter((r) => !r.ok).map((r) => r.name),
      pairs: plan.reducedPairs,
    },
    diagnosis: {
      total: faults.length,
      named: faults.filter((r) => r.diagnosis?.named).length,
      missed: faults
        .filter((r) => !r.diagnosis?.named)
        .map((r) => ({ fault: r.name, clause: r.clause ?? '', rootCauses: r.diagnosis?.rootCauses ?? [] })),
    },
    durationMs,
  };
}
