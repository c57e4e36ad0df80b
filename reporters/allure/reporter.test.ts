import { _baseTest as test, expect } from '@playwright/test';
import type { Suite } from '@playwright/test/reporter';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AllureClauseReporter, { environmentInfo } from './reporter.ts';
import { writeRunContext } from '../../fixtures/harness/run/run-context.ts';

test.describe('Allure reporter', () => {
  test('the allure-playwright internals it relies on are still there', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-allure-'));
    try {
      const reporter = new AllureClauseReporter({ resultsDir: dir });
      reporter.onBegin({ allTests: () => [] } as unknown as Suite);
      // Declared private by allure-playwright; an upgrade that renames them must fail here, not silently drop labels.
      const internals = reporter as unknown as { allureResultsUuids: unknown; allureRuntime: { updateTest?: unknown } };
      expect(internals.allureResultsUuids).toBeInstanceOf(Map);
      expect(typeof internals.allureRuntime.updateTest).toBe('function');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(
    'environment info names the target (from the run context certify writes), the run and the harness, and ' +
      'never a credential',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'pvh-allure-env-'));
      writeRunContext(dir, {
        runId: 'run-1',
        startedAt: '2026-11-22T00:00:00Z',
        environment: { name: 'staging', baseUrl: 'https://api.example', authUrl: 'https://auth.example/token' },
      });
      const info = environmentInfo({
        PVH_ENV: './configs/my-staging.ts',
        PVH_REPORT_DIR: dir,
        PVH_RUN_ID: 'run-1',
        PVH_SECRET: 'x',
      });
      rmSync(dir, { recursive: true, force: true });
      expect(Object.keys(info)).toEqual([
        'environment',
        'baseUrl',
        'tokenUrl',
        'runId',
        'commit',
        'harnessVersion',
        'node',
      ]);
      expect(info).toMatchObject({
        environment: 'staging',
        baseUrl: 'https://api.example',
        tokenUrl: 'https://auth.example/token',
        runId: 'run-1',
        node: process.version,
      });
    },
  );
});
