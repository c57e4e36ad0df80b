/**
 * The catalogue of experiments, by the clauses they judge, and how they run after a failing run:
 * one experiment per kind of candidate root cause, each once, in the order of the candidates,
 * within the time the run gives its diagnosis. A candidate whose clause no experiment judges is a
 * rule of one answer (a status, an error name, a body's shape): the smallest experiment for it is
 * one request, and the check's own request, recorded in its evidence, already was that.
 */
import type { ResolvedEnvironment } from '../../../fixtures/environments/load.ts';
import type { Exchange } from '../../../fixtures/harness/http/exchange.ts';
import { redact } from '../../../fixtures/harness/http/redact.ts';
import type { Experiment, ExperimentRecord } from './experiment.ts';
import { Lab } from './lab.ts';
import { bookingShows, outsideVenueWritten, readOnlyWriteWritten, removalShows } from './state.ts';
import { otherCertificatesUnchanged, secondBookingRefused, simultaneousBookings } from './writes.ts';
import { refusedBodiesWritten } from './refused-bodies.ts';

export const EXPERIMENTS: readonly Experiment[] = [readOnlyWriteWritten, outsideVenueWritten, removalShows, bookingShows, secondBookingRefused, simultaneousBookings, otherCertificatesUnchanged, refusedBodiesWritten];

export function experimentFor(clause: string): (Experiment & { explainsOnly: boolean }) | undefined {
  const judges = EXPERIMENTS.find((e) => (e.clauses as readonly string[]).includes(clause));
  if (judges) return { ...judges, explainsOnly: false };
  const explains = EXPERIMENTS.find((e) => (e.explains as readonly string[] | undefined)?.includes(clause));
  return explains ? { ...explains, explainsOnly: true } : undefined;
}

/** What the experiments of a failing run did: their records, their requests (for the evidence), their time. */
export interface ExperimentRun {
  records: ExperimentRecord[];
  budgetMs: number;
  spentMs: number;
  /** Every request they sent, redacted, labelled "experiment: …". */
  exchanges: Exchange[];
  /** Bookings the experiments could not remove (none normally). */
  leftBooked: string[];
}

/** Less than this left, an experiment does not start: it could not finish. */
const MIN_LEFT_MS = 1500;

const step = (ex: Exchange) => `${ex.request.method} ${new URL(ex.request.url).pathname}${ex.response ? ` → ${ex.response.status}` : ` → no answer (${ex.error ?? 'transport failure'})`}`;

/** Runs the experiments of the candidates' clauses, alone, one after the other, within `budgetMs`. */
export async function runExperiments(clauses: readonly string[], env: ResolvedEnvironment, budgetMs: number): Promise<ExperimentRun> {
  const t0 = Date.now();
  // In the order of the candidates whose clauses they judge.
  // Every experiment that judges a candidate's clause or can explain it away.
  const about = (e: Experiment, c: string) => (e.clauses as readonly string[]).includes(c) || (e.explains as readonly string[] | undefined)?.includes(c) === true;
  const firstIndex = (e: Experiment) => clauses.findIndex((c) => about(e, c));
  const lab = new Lab(env, t0 + budgetMs);
  const chosen = EXPERIMENTS.filter((e) => clauses.some((c) => about(e, c))).sort((a, b) => firstIndex(a) - firstIndex(b));
  const records: ExperimentRecord[] = [];
  let leftBooked: string[] = [];
  try {
    for (const e of chosen) {
      const started = Date.now();
      const from = lab.log.exchanges.length;
      const base = { name: e.name, hypothesis: e.hypothesis };
      if (lab.leftMs() < MIN_LEFT_MS) {
        records.push({ ...base, findings: [], notRun: `the diagnosis's ${(budgetMs / 1000).toFixed(1)} s were spent before it (--replay-budget S gives it more)`, steps: [], durationMs: 0 });
        continue;
      }
      const outcome = await e.run(lab).catch((error: Error) => ({ notRun: `it could not complete: ${redact(error.message)}` }));
      const steps = lab.log.exchanges.slice(from).map(step);
      records.push({ ...base, ...('notRun' in outcome ? { findings: [], notRun: outcome.notRun } : { findings: outcome.findings }), steps, durationMs: Date.now() - started });
    }
  } finally {
    leftBooked = await lab.close().catch(() => [...lab.api.touched]);
  }
  return { records, budgetMs, spentMs: Date.now() - t0, exchanges: [...lab.log.exchanges], leftBooked };
}
