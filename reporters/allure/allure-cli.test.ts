/** The Allure 3 CLI this project runs: its Node options per line, and its quality gate on this runtime. */
import { _baseTest as test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allureEnv, allureNodeOptions, nodeMajor, runAllure } from './allure-cli.ts';

test.describe('the Allure CLI on each Node line', () => {
  const POLYFILL = /^--import=file:\/\/\/.*\/reporters\/allure\/iter-toarray-polyfill\.mjs$/;

  test('Node 20 gets the Iterator.prototype.toArray polyfill, 22 and later nothing', () => {
    for (const v of ['20.19.0', 'v20.20.2']) expect(allureNodeOptions(v), v).toEqual([expect.stringMatching(POLYFILL)]);
    for (const v of ['22.12.0', 'v22.23.3', '24.0.0', '24.21.0', '26.10.0'])
      expect(allureNodeOptions(v), v).toEqual([]);
    expect(() => nodeMajor('lts')).toThrow(/not a Node version/);
  });

  test('the choice matches what this runtime has, and keeps NODE_OPTIONS already set', () => {
    const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as {
      toArray?: unknown;
    };
    expect(allureNodeOptions().length > 0, `Node ${process.versions.node}`).toBe(
      typeof iteratorPrototype.toArray !== 'function',
    );
    expect(allureEnv({ NODE_OPTIONS: '--max-old-space-size=512' }, '20.20.2').NODE_OPTIONS).toMatch(
      /^--max-old-space-size=512 --import=file:/,
    );
    expect(allureEnv({ NODE_OPTIONS: '--max-old-space-size=512' }, '24.21.0').NODE_OPTIONS).toBe(
      '--max-old-space-size=512',
    );
    expect(allureEnv({}, '24.21.0')).not.toHaveProperty('NODE_OPTIONS');
  });

  test('the polyfill, loaded through NODE_OPTIONS as on Node 20, gives iterators toArray on this runtime', () => {
    const r = spawnSync(
      process.execPath,
      ['-e', 'console.log(new Map([[1, "a"], [2, "b"]]).values().toArray().join())'],
      { env: allureEnv({ PATH: process.env.PATH }, '20.20.2'), encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('a,b');
  });
});

test.describe('allure quality-gate on this Node runtime (with the polyfill on Node 20 only)', () => {
  // Each check starts Allure's CLI (seconds of CPU each): a busy machine is given the time, an idle one does not need
  // it.
  test.describe.configure({ timeout: 120_000 });
  let dir: string;
  test.beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pvh-gate-'));
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function results(name: string, statuses: string[]): string {
    const out = path.join(dir, name, 'allure-results');
    mkdirSync(out, { recursive: true });
    statuses.forEach((status, i) => {
      const uuid = randomUUID();
      const labels = [
        { name: 'parentSuite', value: 'Conformance' },
        { name: 'severity', value: 'critical' },
        { name: 'clause', value: 'PV-3-CONFLICT' },
      ];
      writeFileSync(
        path.join(out, `${uuid}-result.json`),
        JSON.stringify({
          uuid,
          historyId: `h${i}`,
          testCaseId: `h${i}`,
          fullName: `t${i}`,
          name: `t${i}`,
          status,
          stage: 'finished',
          labels,
          links: [],
          steps: [],
          attachments: [],
          parameters: [],
          start: 1,
          stop: 2,
        }),
      );
    });
    return out;
  }

  test('passes on passing results and fails, naming the rule, on a failed MUST test or too few tests', async () => {
    const env = {
      ...process.env,
      PVH_REPORT_DIR: dir,
      PVH_GATE_MIN_TESTS: '2',
      PVH_GATE_MUST_CLAUSES: 'PV-3-CONFLICT',
    };
    const [ok, failed, few] = await Promise.all([
      runAllure(['quality-gate', results('ok', ['passed', 'passed'])], { env, capture: true }),
      runAllure(['quality-gate', results('failed', ['passed', 'failed'])], { env, capture: true }),
      runAllure(['quality-gate', results('few', ['passed'])], { env, capture: true }),
    ]);
    expect(ok.output).not.toContain('toArray');
    expect(ok.code).toBe(0);
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('must/maxFailures');
    expect(few.code).toBe(1);
    expect(few.output).toContain('conformance/minTestsCount');
  });

  test(
    "a failed k6 threshold fails Allure's gate only when its run is one the gate counts " + '(PVH_GATE_LOAD_RUNS)',
    async () => {
      const out = results('load', ['passed', 'passed']);
      const uuid = randomUUID();
      const labels = [
        { name: 'parentSuite', value: 'Load' },
        { name: 'framework', value: 'k6' },
        { name: 'environment', value: 'local' },
        { name: 'runId', value: 'local-b' },
      ];
      writeFileSync(
        path.join(out, `${uuid}-result.json`),
        JSON.stringify({
          uuid,
          historyId: 'k',
          testCaseId: 'k',
          fullName: 'k',
          name: 'k',
          status: 'failed',
          stage: 'finished',
          labels,
          links: [],
          steps: [],
          attachments: [],
          parameters: [],
          start: 1,
          stop: 2,
        }),
      );
      const env = {
        ...process.env,
        PVH_REPORT_DIR: dir,
        PVH_GATE_MIN_TESTS: '2',
        PVH_GATE_MUST_CLAUSES: 'PV-3-CONFLICT',
      };
      expect(
        (await runAllure(['quality-gate', out], { env: { ...env, PVH_GATE_LOAD_RUNS: 'stg-1' }, capture: true })).code,
      ).toBe(0);
      const counted = await runAllure(['quality-gate', out], {
        env: { ...env, PVH_GATE_LOAD_RUNS: 'stg-1,local-b' },
        capture: true,
      });
      expect(counted.code).toBe(1);
      expect(counted.output).toContain('load/maxFailures');
    },
  );
});
