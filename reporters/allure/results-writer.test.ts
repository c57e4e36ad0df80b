/** The results writer writes what Allure's own does, whole files with no temporary left, and is the one in use. */
import { _baseTest as test, expect } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AllureClauseReporter from './reporter.ts';
import { ResultsWriter } from './results-writer.ts';

test('results, attachments and globals land whole under their names, no temporary file left', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-allure-writer-'));
  try {
    const writer = new ResultsWriter(path.join(dir, 'results'));
    writer.writeResult({ uuid: 'u1', name: 'a test' } as never);
    writer.writeAttachment('a-attachment.txt', Buffer.from('exchanges'));
    writeFileSync(path.join(dir, 'from.txt'), 'copied');
    writer.writeAttachmentFromPath('b-attachment.txt', path.join(dir, 'from.txt'));
    writer.writeGlobals('g-globals.json', { errors: [], attachments: [] } as never);
    writer.writeEnvironmentInfo({ run: 'r1' });
    const files = readdirSync(path.join(dir, 'results')).sort();
    expect(files).toEqual([
      'a-attachment.txt',
      'b-attachment.txt',
      'environment.properties',
      'g-globals.json',
      'u1-result.json',
    ]);
    expect(JSON.parse(readFileSync(path.join(dir, 'results', 'u1-result.json'), 'utf8')).name).toBe('a test');
    expect(readFileSync(path.join(dir, 'results', 'b-attachment.txt'), 'utf8')).toBe('copied');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the Allure reporter writes through it once the run begins', () => {
  const reporter = new AllureClauseReporter({ resultsDir: path.join(tmpdir(), 'pvh-allure-unused') });
  reporter.onBegin({ allTests: () => [], suites: [] } as never);
  const runtime = (reporter as unknown as { allureRuntime: { writer: unknown } }).allureRuntime;
  expect(runtime.writer).toBeInstanceOf(ResultsWriter);
});
