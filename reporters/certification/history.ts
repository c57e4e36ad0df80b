/**
 * What changed since the previous run against the same environment: certify keeps one line per run
 * (the clause verdicts) in reports/history/certification.jsonl, beside Allure's history
 * (PVH_CERT_HISTORY moves it; keep it between nightly runs), and every report says which clauses
 * regressed, recovered or appeared since then. `npm run gate -- --no-regressions` turns a regression
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

export function entryOf(r: CertificationResults, finishedAt: string): HistoryEntry {
  return { runId: r.run.id, environment: r.run.environment, ...(r.run.filter ? { filter: r.run.filter } : {}), finishedAt, verdict: r.verdict, clauses: Object.fromEntries(r.clauses.map((c) => [c.id, c.verdict])) };
}

export function diff(previous: HistoryEntry, current: HistoryEntry): SinceLast {
  const out: SinceLast = { runId: previous.runId, finishedAt: previous.finishedAt, verdict: previous.verdict, regressed: [], recovered: [], appeared: [] };
  for (const [id, now] of Object.entries(current.clauses)) {
    const before = previous.clauses[id];
    const was = before === undefined ? undefined : RANK[before];
    const is = RANK[now];
    if (is === undefined) continue; // not run now: nothing to compare
    if (was === undefined) out.appeared.push(id);
    else if (is > was) out.regressed.push(id);
    else if (is < was) out.recovered.push(id);
  }
  return out;
}

/** The previous run of this environment (another run ID), compared with this one; then this one is recorded. */
export function recordRun(file: string, r: CertificationResults, finishedAt = new Date().toISOString()): SinceLast | undefined {
  const current = entryOf(r, finishedAt);
  const all = readHistory(file);
  const previous = [...all].reverse().find((e) => e.environment === current.environment && e.runId !== current.runId && e.filter === current.filter);
  mkdirSync(path.dirname(file), { recursive: true });
  const kept = [...all.filter((e) => e.runId !== current.runId), current].slice(-KEEP);
  if (kept.length === all.length + 1) appendFileSync(file, `${JSON.stringify(current)}\n`);
  else writeFileSync(file, kept.map((e) => JSON.stringify(e)).join('\n') + '\n');
  return previous ? diff(previous, current) : undefined;
}

export function describeSince(s: SinceLast): string {
  const list = (ids: string[]) => (ids.length > 0 ? ids.join(', ') : 'none');
  return `since run ${s.runId} (${s.finishedAt.slice(0, 16).replace('T', ' ')} UTC, ${s.verdict}): regressed: ${list(s.regressed)}; recovered: ${list(s.recovered)}; new: ${list(s.appeared)}`;
}
