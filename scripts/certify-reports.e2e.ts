/**
 * What a certification leaves is the certification's: a later npm test (its conformance project
 * included) or any other Playwright run writes under self-test/ and never replaces the report, the
 * history or the Allure results. And certify's console shows a compact progress, not a line per test.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripAnsi } from '../fixtures/harness/support/ansi.ts';
import { runNode } from './lib/captured-run.ts';

const GREP = 'each certificate URL returns';

const run = runNode;

/** Lines of a CI run (dot reporter) that are not Playwright's: the header, the dots, the totals. */
function strayLines(out: string): string[] {
  const own = /^(Running \d+ tests? using \d+ workers?|[·°×±TF*]+|\d+ (passed|skipped|flaky|failed) \(.+\))$/;
  return stripAnsi(out)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !own.test(l));
}

const results = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'certification', 'results.json'), 'utf8')) as { run: { id: string } };

test(
  'npm test after certify leaves the certification report, history and Allure results in place; its own go to ' +
    'self-test/',
  async () => {
    test.setTimeout(240_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-reports-'));
    try {
      const certify = await run(['--import', 'tsx', 'scripts/certify.ts', '--grep', GREP], {
        PVH_REPORT_DIR: dir,
        CI: '1',
      });
      expect(certify.code, certify.out).toBe(4); // one test: conformant on what was tested
      // Compact progress: no line per test, none of Playwright's 300-character list lines.
      expect(certify.out).toMatch(/^progress: 100 % \(\d+\/\d+\): /m);
      for (const line of certify.out.split('\n')) expect(line.length, line).toBeLessThan(400);
      const certified = results(dir).run.id;
      const history = readFileSync(path.join(dir, 'history', 'certification.jsonl'), 'utf8');
      const allure = readdirSync(path.join(dir, 'allure-results')).sort();

      // What npm test runs: playwright test, both projects (here one conformance test and two harness
      // tests, one of which runs sample clients that print what they do).
      const selfTest = await run(
        [
          path.join('node_modules', '@playwright', 'test', 'cli.js'),
          'test',
          '--grep',
          `${GREP}|the module proxy comes from|a run of clients`,
        ],
        { PVH_REPORT_DIR: dir, CI: '1' },
      );
      expect(selfTest.code, selfTest.out).toBe(0);
      // npm test prints nothing that reads like a certification of its own (#34), nor a child's or a
      // client's output: only the reporter's own lines (its dots and totals).
      expect(selfTest.out).not.toMatch(/^(certification \S+|plan|preflight|failed): /m);
      expect(strayLines(selfTest.out)).toEqual([]);
      expect(results(dir).run.id).toBe(certified);
      expect(readFileSync(path.join(dir, 'history', 'certification.jsonl'), 'utf8')).toBe(history);
      expect(readdirSync(path.join(dir, 'allure-results')).sort()).toEqual(allure);
      // Its own reports, where .ci/run counts them.
      const own = path.join(dir, 'self-test');
      expect(results(own).run.id).not.toBe(certified);
      expect(
        (
          JSON.parse(readFileSync(path.join(own, 'playwright', 'results.json'), 'utf8')) as {
            stats: { expected: number };
          }
        ).stats.expected,
      ).toBe(3);
      expect(existsSync(path.join(own, 'self-test'))).toBe(false); // workers load the config again: not nested
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
