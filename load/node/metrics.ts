/**
 * `npm run load --prometheus URL` (or $PVH_PROMETHEUS_URL, or the config's
 * observability.prometheusRemoteWrite): k6's own remote-write output during the run, tagged with
 * the run's labels, then the threshold verdicts (reporters/prometheus/load-series.ts). An empty
 * write first checks the endpoint takes requests: when it does not, one line says the metrics are
 * not sent and k6 runs without the output (no error every 5 s, the same verdict and exit code).
 */
import { gitCommit, harnessVersion } from '../../fixtures/harness/run/run-info.ts';
import { k6RemoteWrite, loadSamples, type LoadRunLabels } from '../../reporters/prometheus/load-series.ts';
import { pushSamples, remoteWriteTarget, sendSamples } from '../../reporters/prometheus/send.ts';
import type { LoadConfig } from '../lib/load-config.ts';
import { planFor } from '../lib/profiles.ts';
import type { LoadSummary } from '../lib/summary.ts';
import type { LoadOptions } from './options.ts';
import type { Target } from './target.ts';

export interface LoadMetrics {
  /** k6's arguments and environment for its remote-write output. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Sends what the end of the run knows; prints one line, never throws. */
  finish(exitCode: number, summary: LoadSummary | undefined): Promise<void>;
}

export async function loadMetrics(
  opts: LoadOptions,
  target: Target,
  cfg: LoadConfig,
): Promise<LoadMetrics | undefined> {
  const endpoint = remoteWriteTarget(opts.prometheus, target.resolved.config.observability?.prometheusRemoteWrite);
  if (!endpoint) return undefined;
  const reachable = await pushSamples(endpoint, [], 5_000);
  if (!reachable.ok) {
    console.log(
      `load: metrics not sent to Prometheus at ${endpoint.shown}: ${reachable.reason} (the run's verdict is unchanged)`,
    );
    return undefined;
  }
  const labels: LoadRunLabels = {
    environment: cfg.environment,
    load_scenario: cfg.scenario,
    profile: cfg.profile,
    testid: cfg.runId,
    commit: gitCommit() ?? 'unknown',
  };
  console.log(`load: k6 sends its metrics to Prometheus at ${endpoint.shown} (testid ${cfg.runId})`);
  const p95Ms = planFor(cfg.scenario, cfg.profile, cfg).p95Ms;
  return {
    ...k6RemoteWrite(endpoint, labels),
    finish: async (exitCode, summary) => {
      await sendSamples(
        'load',
        endpoint,
        loadSamples(
          labels,
          { exitCode, p95Ms, harnessVersion: harnessVersion(), ...(summary ? { summary } : {}) },
          Date.now(),
        ),
      );
    },
  };
}
