import { _baseTest as test, expect } from '@playwright/test';
import type { FullConfig, FullResult, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import CompactProgress from './compact.ts';

/** Feeds the reporter a run of `n` tests, every 40th failing with a long message; returns what it printed. */
function printed(n: number, stoppedAt = Infinity): string[] {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void lines.push(args.join(' '));
  try {
    const tests = Array.from({ length: n }, (_, i) => {
      const failed = i % 40 === 39;
      // From `stoppedAt` on, a stop signal ended the tests: the client refused their next request.
      const stopped = i >= stoppedAt;
      return {
        test: {
          outcome: () => (failed || stopped ? 'unexpected' : 'expected'),
          titlePath: () => [
            '',
            'conformance',
            'suites/x.spec.ts',
            'A group of checks',
            `test ${i} ${'with a very long title '.repeat(10)}(PV-3-CONFLICT)`,
          ],
        } as unknown as TestCase,
        result: stopped
          ? ({
              status: 'failed',
              errors: [{ message: 'RunStopped: the run was stopped: POST http://127.0.0.1:1/x was not sent' }],
            } as unknown as TestResult)
          : ({
              status: failed ? 'failed' : 'passed',
              errors: failed
                ? [{ message: `\u001b[31mError: [PV-3-CONFLICT] ${'x'.repeat(400)}\u001b[39m\nmore` }]
                : [],
            } as unknown as TestResult),
      };
    });
    const reporter = new CompactProgress();
    reporter.onBegin({ workers: 2 } as FullConfig, { allTests: () => tests.map((t) => t.test) } as unknown as Suite);
    for (const t of tests) reporter.onTestEnd(t.test, t.result);
    reporter.onEnd({ status: 'failed' } as FullResult);
  } finally {
    console.log = log;
  }
  return lines;
}

test('a run of 123 tests prints a line per tenth and a short line per failure, not 123 lines of 300 characters', () => {
  const lines = printed(123);
  expect(lines.filter((l) => /^progress: +\d+ %/.test(l))).toHaveLength(10);
  expect(lines.filter((l) => l.startsWith('  ✘ '))).toHaveLength(3);
  expect(lines.length).toBe(1 + 10 + 3);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(280);
  expect(lines.at(-1)).toMatch(/^progress: 100 % \(123\/123\): 120 passed, 3 failed, 0 skipped, [\d.]+ s$/);
  expect(lines.join('\n')).not.toContain('\u001b[');
});

test('tests a stop signal ended are counted as stopped (not run), never as failures, and get no ✘ line', () => {
  const lines = printed(20, 15);
  expect(lines.filter((l) => l.startsWith('  ✘ '))).toEqual([]);
  expect(lines.at(-1)).toMatch(
    /^progress: 100 % \(20\/20\): 15 passed, 0 failed, 0 skipped, 5 stopped \(not run\), [\d.]+ s$/,
  );
});

test('a quiet stretch prints what is still running and for how long, once per stretch', async () => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void lines.push(args.join(' '));
  const slow = { titlePath: () => ['', 'conformance', 'x.spec.ts', 'Races', 'a slow race (PV-3-ATOMIC)'] };
  const reporter = new CompactProgress({ quietMs: 100 });
  try {
    reporter.onBegin({ workers: 1 } as FullConfig, { allTests: () => [slow, slow] } as unknown as Suite);
    reporter.onTestBegin(slow as unknown as TestCase);
    await expect.poll(() => lines.length, { timeout: 5_000 }).toBe(2);
    expect(lines[1]).toMatch(/^progress: still running 1 test, 0\/2 done, [\d.]+ s; the longest: Races › a slow race/);
  } finally {
    reporter.onEnd({ status: 'passed' } as FullResult);
    console.log = log;
  }
});

test('a run of 3 tests prints a line per test', () => {
  expect(printed(3).filter((l) => /^progress: +\d+ %/.test(l))).toHaveLength(3);
});

test('certify asks Playwright for the compact progress unless --verbose', () => {
  const list = (progress: string) =>
    spawnSync(
      process.execPath,
      ['-e', 'import("./playwright.config.ts").then((m) => console.log(JSON.stringify(m.default.reporter[0])))'],
      {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
        env: { ...process.env, PVH_PROGRESS: progress, NODE_OPTIONS: '--import tsx' },
      },
    ).stdout.trim();
  expect(list('compact')).toBe('["./reporters/progress/compact.ts"]');
  expect(list('full')).toMatch(/^\["(list|dot)"\]$/);
});

test('while certify audits a distant target the begin line waits for the first test, then comes before it', () => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void lines.push(args.join(' '));
  process.env.PVH_PREFLIGHT_GATE = '/tmp/gate';
  try {
    const one = { outcome: () => 'expected', titlePath: () => ['', 'conformance', 'x', 'y'] } as unknown as TestCase;
    const reporter = new CompactProgress();
    reporter.onBegin({ workers: 16 } as FullConfig, { allTests: () => [one] } as unknown as Suite);
    expect(lines).toEqual([]);
    reporter.onTestBegin(one);
    expect(lines).toEqual([expect.stringMatching(/^progress: 1 tests, 16 workers/)]);
    reporter.onTestEnd(one, { status: 'passed', errors: [] } as unknown as TestResult);
    reporter.onEnd({ status: 'passed' } as FullResult);
    expect(lines.filter((l) => l.startsWith('progress: 1 tests'))).toHaveLength(1);
  } finally {
    console.log = log;
    delete process.env.PVH_PREFLIGHT_GATE;
  }
});
