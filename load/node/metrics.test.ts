/**
 * npm run load --prometheus with Prometheus down: k6 runs without its remote-write output, the run
 * keeps its verdict and exit code, and one line says the metrics were not sent.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { findK6 } from './k6-binary.ts';
import { loadMetrics } from './metrics.ts';
import type { LoadOptions } from './options.ts';
import type { Target } from './target.ts';
import type { LoadConfig } from '../lib/load-config.ts';
import { freePort } from '../../fixtures/harness/support/free-port.ts';
import { RUN_PREFIXES, envWithout } from '../../fixtures/harness/run/hermetic-env.ts';

test('an endpoint that refuses the empty write leaves k6 without the output, with one line', async () => {
  const port = await freePort();
  const lines: string[] = [];
  const log = console.log;
  console.log = (l: string) => lines.push(l);
  try {
    // Only what loadMetrics reads of the run: the flag and the config's (absent) setting.
    const target = { resolved: { config: {} } } as unknown as Target;
    const opts = { prometheus: `http://127.0.0.1:${port}/api/v1/write` } as LoadOptions;
    expect(await loadMetrics(opts, target, {} as LoadConfig)).toBeUndefined();
    expect(await loadMetrics({} as LoadOptions, target, {} as LoadConfig)).toBeUndefined();
  } finally {
    console.log = log;
  }
  expect(lines).toEqual([
    `load: metrics not sent to Prometheus at http://127.0.0.1:${port}/api/v1/write: ECONNREFUSED (the run's ` +
      `verdict is unchanged)`,
  ]);
});

test(
  'a contention smoke with Prometheus down holds its thresholds (exit 0) ' + 'and says once that nothing was sent',
  async () => {
    test.skip(!findK6(), 'k6 is not built yet (npm run k6:ensure; .ci/nightly.d/25-prometheus.sh runs the same check)');
    test.setTimeout(120_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-load-down-'));
    const port = await freePort();
    try {
      const env = envWithout(RUN_PREFIXES);
      const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            path.join(PROJECT_ROOT, 'scripts', 'load.ts'),
            '--scenario',
            'contention',
            '--profile',
            'smoke',
            '--duration',
            '3s',
            '--prometheus',
            `http://127.0.0.1:${port}/api/v1/write`,
          ],
          {
            cwd: PROJECT_ROOT,
            env: { ...env, PVH_REPORT_DIR: dir },
          },
        );
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain('LOAD PASS contention/smoke');
      expect(run.output.match(/metrics not sent to Prometheus/g), run.output).toHaveLength(1);
      expect(run.output).not.toContain('experimental-prometheus-rw');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
