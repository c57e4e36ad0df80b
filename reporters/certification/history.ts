/**
 * What changed since the previous run against the same environment: certify keeps one line per run
 * (the clause verdicts) in reports/history/certification.jsonl, beside Allure's history
 * (PVH_CERT_HISTORY moves it; keep it between nightly runs), and every report says which clauses
 * fail now that did not then, recovered, or were first tested now. The baseline is the last run of
 * the same selection that ran to its end: an interrupted run is recorded but never compared with
 * (its untested clauses would make the next run's failures look new), and a run that tested nothing
 * (a failed preflight) is never recorded. `npm run gate -- --no-regressions` turns a regression
 * into no-go.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CertificationResults, SinceLast, Verdict } from './verdicts.ts';

export interface HistoryEntry {
  runId: string;
  environment: string;
  /** How the run was filtered (--grep, files); absent for a whole run. A run is compared only with runs of the same selection. */
  filter?: string;
  finishedAt: string;
  verdict: CertificationResults['verdict'];
  /** Why the run did not run to its end (interrupted, the target lost): it is never a baseline. */
  unfinished?: string;
  clauses: Record<string, Verdict>;
}

const KEEP = 60;
/** Worse is higher; INFO observations count as held. */
const RANK: Partial<Record<Verdict, number>> = { pass: 0, observation: 0, warning: 1, fail: 2 };

export function historyFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.PVH_CERT_HISTORY ?? path.join(env.PVH_REPORT_DIR ?? 'reports', 'history', 'certification.jsonl'));
}

export function readHistory(file: string): HistoryEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as HistoryEntry];
      } catch {
        return []; // a torn last line (a run killed while writing) is skipped, not fatal
      }
    });
}

/** The last run of `environment` that ran to its end, for a report of a run that tested nothing (nothing to compare, but history known). */
export function lastCompleteRun(file: string, environment: string): { runId: string; finishedAt: string; verdict: string } | undefined {
  const last = readHistory(file).filter((e) => e.environment === environment && !e.unfinished).at(-1);
  return last ? { runId: last.runId, finishedAt: last.finishedAt, verdict: last.verdict } : undefined;
}

export function entryOf(r: CertificationResults, finishedAt: string, unfinished?: string): HistoryEntry {
  return { runId: r.run.id, environment: r.run.environment, ...(r.run.filter ? { filter: r.run.filter } : {}), finishedAt, verdict: r.verdict, ...(unfinished ? { unfinished } : {}), clauses: Object.fromEntries(r.clauses.map((c) => [c.id, c.verdict])) };
}

/** A verdict that fails its clause (a SHOULD fails as a warning); INFO observations never do. */
const failing = (v: Verdict | undefined) => v === 'fail' || v === 'warning';

export function diff(previous: HistoryEntry, current: HistoryEntry): SinceLast {
  const out: SinceLast = { runId: previous.runId, finishedAt: previous.finishedAt, verdict: previous.verdict, regressed: [], recovered: [], newlyFailing: [], appeared: [] };
  for (const [id, now] of Object.entries(current.clauses)) {
    const before = previous.clauses[id];
    const was = before === undefined ? undefined : RANK[before];
    const is = RANK[now];
    if (is === undefined) continue; // not run now: nothing to compare
    // A failure is said as one whatever the clause was then: passed, not tested, or not in that run.
    if (failing(now) && (was === undefined || is > was)) out.newlyFailing.push({ id, now, ...(before ? { then: before } : {}) });
    else if (was === undefined) out.appeared.push(id);
    if (was !== undefined && is > was) out.regressed.push(id);
    else if (was !== undefined && is < was) out.recovered.push(id);
  }
  return out;
}

/**
 * The last complete run of this environment and selection (another run ID), compared with this one;
 * then this one is recorded (`unfinished`: why it did not run to its end, so it is never a baseline).
 */
export function recordRun(file: string, r: CertificationResults, finishedAt = new Date().toISOString(), unfinished?: string): SinceLast | undefined {
  const current = entryOf(r, finishedAt, unfinished);
  const all = readHistory(file);
  const previous = [...all].reverse().find((e) => e.environment === current.environment && e.runId !== current.runId && e.filter === current.filter && !e.unfinished);
  mkdirSync(path.dirname(file), { recursive: true });
  const kept = [...all.filter((e) => e.runId !== current.runId), current].slice(-KEEP);
  if (kept.length === all.length + 1) appendFileSync(file, `${JSON.stringify(current)}\n`);
  else writeFileSync(file, kept.map((e) => JSON.stringify(e)).join('\n') + '\n');
  return previous ? diff(previous, current) : undefined;
}

const THEN: Partial<Record<Verdict, string>> = { pass: 'passed', observation: 'observed', warning: 'a warning', partial: 'partly tested', 'not-tested': 'not tested', 'not-run': 'not run', 'not-applicable': 'not applicable' };

/**
 * In words a release manager reads: failures first, each with what the clause was in that run
 * (a failure of a clause that run did not test is still a failure), then what recovered and what
 * this run tested that that one did not.
 */
export function describeSince(s: SinceLast): string {
  const list = (ids: string[]) => (ids.length > 0 ? ids.join(', ') : 'none');
  // results.json of an earlier harness has no newlyFailing.
  const failures = (s.newlyFailing ?? []).map((f) => `${f.id} (${f.now === 'warning' ? 'SHOULD warning' : 'fails'}; ${f.then ? `${THEN[f.then] ?? f.then} in` : 'not in'} that run)`);
  return `since run ${s.runId} (${s.finishedAt.slice(0, 16).replace('T', ' ')} UTC, ${s.verdict}; the last complete run of this selection): failing now, not then: ${list(failures)}; recovered: ${list(s.recovered)}; tested now and held, not tested then: ${list(s.appeared)}`;
}
