/**
 * A finished test's annotations of one type, redacted and each once: Playwright lists the annotations a test adds while
 * it runs both on the test and on its result, and the report would otherwise show every observation twice.
 */
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { redact } from '../../fixtures/harness/http/redact.ts';

type Annotated = Pick<TestCase, 'annotations'>;

export function annotationsOf(test: Annotated, result: Pick<TestResult, 'annotations'>): (type: string) => string[] {
  const all = [...test.annotations, ...result.annotations];
  return (type) => [...new Set(all.filter((a) => a.type === type).map((a) => redact(a.description ?? '')))];
}
