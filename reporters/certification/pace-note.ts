/**
 * The pace a run settled on against a rate limit the config did not declare (or declared too
 * high): each worker's pace after the last 429 that slowed it (fixtures/harness/http/pace-learning.ts),
 * added up, and the `certify.maxRatePerSecond` that starts the next run there. In results.json as
 * `pace`, near the top of SUMMARY.md and index.html, and on the console.
 */
import type { LearntPace } from '../../fixtures/harness/http/pace-learning.ts';
import type { CertificationResults } from './verdicts.ts';

export interface PaceNote {
  /** Requests per second of the whole run: the workers' settled paces added up. */
  settledPerSecond: number;
  /** What to declare in the environment config's `certify.maxRatePerSecond`. */
  suggestedMaxRatePerSecond: number;
  /** 429s met, and how many of them slowed a worker. */
  refusals: number;
  slowDowns: number;
  /** A quota the target stated in RateLimit-Policy, requests per second. */
  statedPerSecond?: number;
  workers: Array<{ worker: number; settledPerSecond: number; refusals: number; slowDowns: number }>;
  /** Workers that met no 429, each counted at its declared share, else at the mean of those that did. */
  unslowed?: { workers: number; eachPerSecond: number; declared: boolean };
}

/** The note from each worker slot's last learnt pace; undefined when no worker met a 429. */
export function paceNoteOf(byWorker: ReadonlyMap<number, LearntPace>): PaceNote | undefined {
  if (byWorker.size === 0) return undefined;
  const workers = [...byWorker].sort(([a], [b]) => a - b).map(([worker, p]) => ({ worker, settledPerSecond: round(p.settledPerSecond), refusals: p.refusals, slowDowns: p.slowDowns }));
  const paces = [...byWorker.values()];
  const slowed = workers.reduce((sum, w) => sum + w.settledPerSecond, 0);
  const declared = paces[0]!.declaredPerSecond;
  const missing = Math.max(0, Math.max(...paces.map((p) => p.workers)) - workers.length);
  const unslowed = missing > 0 ? { workers: missing, eachPerSecond: round(declared ?? slowed / workers.length), declared: declared !== undefined } : undefined;
  const settled = slowed + (unslowed ? unslowed.workers * unslowed.eachPerSecond : 0);
  const stated = paces.find((p) => p.statedRatePerSecond !== undefined)?.statedRatePerSecond;
  return {
    settledPerSecond: round(settled),
    suggestedMaxRatePerSecond: Math.max(1, Math.floor(stated ?? round(settled))),
    refusals: workers.reduce((sum, w) => sum + w.refusals, 0),
    slowDowns: workers.reduce((sum, w) => sum + w.slowDowns, 0),
    ...(stated !== undefined ? { statedPerSecond: stated } : {}),
    workers,
    ...(unslowed ? { unslowed } : {}),
  };
}

/** Reads a test's pace annotation (JSON of LearntPace); undefined when it is not one. */
export function readPace(description: string): LearntPace | undefined {
  try {
    const p = JSON.parse(description) as Partial<LearntPace>;
    return typeof p.ratePerSecond === 'number' && typeof p.settledPerSecond === 'number' && typeof p.workers === 'number' ? (p as LearntPace) : undefined;
  } catch {
    return undefined;
  }
}

export type WithPace = CertificationResults & { pace?: PaceNote };

export function withPace<R extends CertificationResults>(results: R, note: PaceNote | undefined): R & { pace?: PaceNote } {
  return note ? Object.assign(results, { pace: note }) : results;
}

/** One line: the pace settled on and what to declare. */
export function paceLine(r: CertificationResults): string | undefined {
  const p = (r as WithPace).pace;
  if (!p) return undefined;
  const u = p.unslowed;
  const each = [...p.workers.map((w) => w.settledPerSecond), ...(u ? [`${u.workers} × ${u.eachPerSecond} (met no 429: ${u.declared ? 'the declared share' : 'the mean of the others'})`] : [])].join(' + ');
  const stated = p.statedPerSecond !== undefined ? `; the target states ${round(p.statedPerSecond)} per second (RateLimit-Policy)` : '';
  return `Rate limit: the target answered 429 ${p.refusals} time(s); the run slowed down ${p.slowDowns} time(s) and settled on ${p.settledPerSecond} requests per second in all (${p.workers.length + (u?.workers ?? 0)} worker(s): ${each}), counted as certify.maxRatePerSecond is (a tenth kept in reserve)${stated}. Declare certify: { maxRatePerSecond: ${p.suggestedMaxRatePerSecond} } in the environment config to start there.`;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
