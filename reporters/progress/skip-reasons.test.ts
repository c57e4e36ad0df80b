/** npm test's skipped tests each say why, in one line after the run (#34). */
import { _baseTest as test, expect } from '@playwright/test';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import SkipReasons from './skip-reasons.ts';

const testCase = (titles: string[], annotations: TestCase['annotations'] = []) =>
  ({ titlePath: () => ['', 'harness', ...titles], annotations }) as unknown as TestCase;
const result = (status: TestResult['status'], annotations: TestResult['annotations'] = []) =>
  ({ status, annotations }) as unknown as TestResult;

test('a line per skipped test with its reason, from the test or its result; nothing for a run without skips', () => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (s: string) => lines.push(s);
  try {
    const quiet = new SkipReasons();
    quiet.onTestEnd(testCase(['a.test.ts', 'runs']), result('passed'));
    quiet.onEnd();
    expect(lines).toEqual([]);

    const reporter = new SkipReasons();
    reporter.onTestEnd(
      testCase(['rules.test.ts', 'promtool', 'parses'], [{ type: 'skip', description: 'promtool is not installed' }]),
      result('skipped'),
    );
    reporter.onTestEnd(
      testCase(['k6.test.ts', 'smoke']),
      result('skipped', [{ type: 'skip', description: 'k6 is not built yet (npm run k6:ensure)' }]),
    );
    reporter.onTestEnd(testCase(['x.test.ts', 'bare']), result('skipped'));
    reporter.onEnd();
    expect(lines.join('\n').trim().split('\n')).toEqual([
      'skipped: rules.test.ts › promtool › parses: promtool is not installed',
      'skipped: k6.test.ts › smoke: k6 is not built yet (npm run k6:ensure)',
      'skipped: x.test.ts › bare: no reason given',
    ]);
  } finally {
    console.log = log;
  }
});
