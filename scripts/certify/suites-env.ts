/**
 * What certify tells its Playwright run about the target once it knows how far it is: the round trip (the run's time
 * scale), the quickest answer (the workers and whether the target is far), and the line that says how many workers.
 */
import type { ResolvedEnvironment } from '../../fixtures/environments/load.ts';
import { Pacer, workerShare } from '../../fixtures/harness/http/pacer.ts';
import { askedRaceRequests } from '../../fixtures/harness/race/trial.ts';
import { QUICKEST_RTT_ENV } from '../../fixtures/harness/run/distance.ts';
import { timeScaleFor } from '../../fixtures/harness/run/time-scale.ts';
import { CHOSEN_WORKERS_ENV, chooseWorkers, conformanceWorkers } from '../../fixtures/harness/run/worker-count.ts';

/** The round trip from which certify starts the workers before its audit has ended (no loopback is this slow). */
export const EARLY_GO_RTT_MS = 50;

/** Sets the run's PVH_* variables for the target's distance; returns certify's line on the workers. */
export function setSuitesEnv(
  env: NodeJS.ProcessEnv,
  resolved: ResolvedEnvironment,
  times: { rttMs: number; fastestMs?: number },
  verbose: boolean,
): string {
  // How far the target is shows in its quickest answer: on a busy machine the first GETs' median is the CPU's queue,
  // not the distance.
  const quickest = times.fastestMs ?? times.rttMs;
  env.PVH_RTT_MS = String(times.rttMs);
  env[QUICKEST_RTT_ENV] = String(quickest);
  // Workers for this target (PVH_WORKERS wins): the checks mostly wait for round trips.
  const choice = chooseWorkers({
    rttMs: quickest,
    writableVenues: resolved.writable.map((c) => c.venue),
    ...(resolved.certify.maxConcurrency !== undefined ? { maxConcurrency: resolved.certify.maxConcurrency } : {}),
    ...(resolved.writable.length > 0
      ? { raceRequests: Math.min(askedRaceRequests(env), resolved.raceMaxConcurrency) }
      : {}),
  });
  env[CHOSEN_WORKERS_ENV] = String(choice.workers);
  const workers = conformanceWorkers(env);
  const paceMs = new Pacer(workerShare(resolved.certify, workers)).intervalMs;
  env.PVH_TIME_SCALE = String(timeScaleFor(times.rttMs, resolved.config.timeouts?.budgetScale, paceMs));
  // How the count was chosen is for --verbose: a partner needs to know only how many run side by side.
  const why = env.PVH_WORKERS?.trim()
    ? ' (PVH_WORKERS)'
    : verbose
      ? `: ${choice.why}`
      : choice.poolHint
        ? ` (${choice.poolHint})`
        : '';
  return `certify: ${workers} worker${workers === 1 ? '' : 's'} side by side${why}`;
}
