/**
 * For runs other than certify (npm test, the harness's own tests): after Playwright's own output,
 * one line per skipped test with the reason it gave, so "N skipped" never stands without a why.
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SkipReasons implements Reporter {
  private readonly skipped: string[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reason = [...test.annotations, ...result.annotations].find(
      (a) => a.type === 'skip' || a.type === 'fixme',
    )?.description;
    this.skipped.push(`skipped: ${test.titlePath().slice(2).join(' › ')}: ${reason ?? 'no reason given'}`);
  }

  onEnd(): void {
    if (this.skipped.length > 0) console.log(`\n${this.skipped.join('\n')}`);
  }
}
