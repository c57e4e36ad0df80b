/**
 * What the Allure report shows beside its tests: the certification verdict, each root cause and the release
 * decision are not tests, so they are Allure's global errors (a run not GO, a verdict not CONFORMANT, each root
 * cause) and global attachments (the whole text), never results that add to its Failed count. The report's title,
 * badge and variables show the decision first (scripts/report/report.ts).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { redact } from '../../fixtures/harness/http/redact.ts';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';
import {
  DECISION_PREFIX,
  gapLines,
  networkLines,
  rootCauseText,
  statementText,
} from '../../fixtures/judgement/index.ts';
import { summaryLine } from '../../fixtures/judgement/index.ts';
import { rootCauseLines } from './verdict-entries.ts';

/** The verdict's files: a run written again (certify writes a diagnosed run a second time) replaces them. */
const VERDICT_PREFIX = 'certification-verdict-';

interface GlobalError {
  message: string;
  trace: string;
  timestamp: number;
}

/** One `*-globals.json` (errors and one text attachment) under `prefix`, in place of the earlier one. */
function writeGlobals(dir: string, prefix: string, errors: GlobalError[], name: string, text: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.startsWith(prefix)) rmSync(path.join(dir, f), { force: true });
  const source = `${prefix}text-attachment.txt`;
  writeFileSync(path.join(dir, source), redact(text));
  const timestamp = Date.now();
  const attachments = [{ name, source, type: 'text/plain', timestamp }];
  const redacted = errors.map((e) => ({ ...e, message: redact(e.message), trace: redact(e.trace) }));
  writeFileSync(path.join(dir, `${prefix}globals.json`), JSON.stringify({ errors: redacted, attachments }));
}

/** The verdict and its root causes: a global error each (none for CONFORMANT), and the whole text. */
export function addVerdictToAllure(resultsDir: string, r: CertificationResults): void {
  const at = Date.parse(r.run.startedAt) || Date.now();
  const lines = [summaryLine(r), ...rootCauseLines(r), ...networkLines(r), ...r.causes, ...gapLines(r, 50)];
  const verdict: GlobalError[] =
    r.verdict === 'CONFORMANT'
      ? []
      : [{ message: `Certification verdict: ${r.verdict}`, trace: lines.join('\n'), timestamp: at }];
  const causes = r.rootCauses.map((c) => ({
    message: `Root cause: ${c.clause} (${c.level}): ${statementText(c)}`,
    trace: rootCauseText(c),
    timestamp: at,
  }));
  writeGlobals(
    resultsDir,
    VERDICT_PREFIX,
    [...verdict, ...causes],
    `Certification verdict: ${r.verdict}`,
    lines.join('\n'),
  );
}

/** Removes an earlier decision, so the gate does not count it and a rebuilt report has one. */
export function removeDecisionFromAllure(resultsDir: string): void {
  if (!existsSync(resultsDir)) return;
  for (const f of readdirSync(resultsDir))
    if (f.startsWith(DECISION_PREFIX)) rmSync(path.join(resultsDir, f), { force: true });
}

/** The release decision (npm run gate's rules): a global error unless GO, and its reasons, warnings and counts. */
export function writeDecisionToAllure(
  resultsDir: string,
  d: { go: boolean; reasons: string[]; warnings: string[]; counts: string[] },
  inconclusive: boolean,
): void {
  const decision = inconclusive ? 'INCONCLUSIVE' : d.go ? 'GO' : 'NO-GO';
  const lines = [
    `release decision: ${decision}`,
    ...d.reasons.map((r) => `why: ${r}`),
    ...d.warnings.map((w) => `warning: ${w}`),
    ...d.counts,
  ];
  const errors =
    d.go && !inconclusive
      ? []
      : [{ message: `Release decision: ${decision}`, trace: lines.join('\n'), timestamp: Date.now() }];
  writeGlobals(resultsDir, DECISION_PREFIX, errors, `Release decision: ${decision}`, lines.join('\n'));
}
