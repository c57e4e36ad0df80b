/**
 * A load run from start to end: the target first (a config problem is reported before k6 is looked
 * for, let alone built), then k6 and the bundles, then the caller's k6 runs; the target is closed
 * whatever happens. `runLoad` is `npm run load`.
 */
import path from 'node:path';
import { buildLoadBundles } from './build.ts';
import { locateK6, type LocatedK6 } from './k6-binary.ts';
import { runK6 } from './k6-run.ts';
import { describeNetwork } from '../../fixtures/environments/network/settings.ts';
import { loadMetrics } from './metrics.ts';
import type { LoadOptions } from './options.ts';
import { loadConfigFor, prepareTarget, type Target } from './target.ts';
import { shownPath } from '../../fixtures/harness/support/shown-path.ts';

export async function withLoadTarget<T>(
  opts: LoadOptions,
  body: (k6: LocatedK6, target: Target) => Promise<T>,
): Promise<T> {
  const target = await prepareTarget(opts);
  for (const line of describeNetwork(target.resolved.network)) console.log(`load: ${line}`);
  try {
    const k6 = await locateK6();
    await buildLoadBundles();
    return await body(k6, target);
  } finally {
    await target.close();
  }
}

/** One scenario with one profile; prints the verdict line and returns k6's exit code (99 = thresholds failed). */
export function runLoad(opts: LoadOptions): Promise<number> {
  return withLoadTarget(opts, async (k6, target) => {
    const cfg = loadConfigFor(target, opts);
    const metrics = await loadMetrics(opts, target, cfg);
    const run = await runK6(k6, target, cfg, [...opts.k6Args, ...(metrics?.args ?? [])], false, metrics?.env);
    console.log(run.verdict);
    await metrics?.finish(run.exitCode, run.summary);
    const files = `${cfg.scenario}-{summary.json,junit.xml${run.dashboard ? ',dashboard.html' : ''}}`;
    if (run.summary)
      console.log(
        `load: reports in ${shownPath(path.join(cfg.reportDir, 'load'))}/${files} and ` +
          `${shownPath(path.join(cfg.reportDir, 'allure-results'))}/`,
      );
    return run.exitCode;
  });
}
