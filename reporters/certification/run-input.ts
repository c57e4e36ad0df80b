/**
 * What the reporter leaves for certify's diagnosis: the run's input to its certification
 * (write-run.ts), beside the report as diagnosis/run-input.json, redacted as every report is.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { redact } from '../../fixtures/harness/http/redact.ts';
import { writeFileAtomic } from '../../fixtures/harness/support/files.ts';
import type { RunInput } from './write-run.ts';

const file = (reportDir: string) => path.join(reportDir, 'diagnosis', 'run-input.json');

export function writeRunInput(reportDir: string, input: RunInput): void {
  writeFileAtomic(file(reportDir), redact(JSON.stringify(input)));
}

/** The input the run `runId` left, or undefined when it left none (no test finished, another run's). */
export function readRunInput(reportDir: string, runId: string): RunInput | undefined {
  if (!existsSync(file(reportDir))) return undefined;
  const input = JSON.parse(readFileSync(file(reportDir), 'utf8')) as RunInput;
  return input.run.id === runId ? input : undefined;
}
