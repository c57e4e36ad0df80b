/**
 * Writes the certification report (results.json, SUMMARY.md, index.html) as one unit: into a
 * temporary directory beside the target, then swapped in, so readers never see a half-written
 * report or one file of this run beside another of an earlier run. Everything is redacted.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { redact } from '../../fixtures/harness/http/redact.ts';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';
import { renderHtml, renderMarkdown } from './render.ts';

/** `evidence`: extra files (relative path → text) written with the report, e.g.
 * evidence/<clause>/<test>/reproduce.sh. */
export function writeCertification(
  outputDir: string,
  results: CertificationResults,
  evidence: ReadonlyMap<string, string> = new Map(),
): void {
  const parent = path.dirname(path.resolve(outputDir));
  mkdirSync(parent, { recursive: true });
  const tmp = `${path.resolve(outputDir)}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(path.join(tmp, 'results.json'), redact(`${JSON.stringify(results, null, 2)}\n`));
  writeFileSync(path.join(tmp, 'SUMMARY.md'), redact(renderMarkdown(results)));
  writeFileSync(path.join(tmp, 'index.html'), redact(renderHtml(results)));
  for (const [rel, text] of evidence) {
    mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
    writeFileSync(path.join(tmp, rel), redact(text));
  }
  const old = `${path.resolve(outputDir)}.old-${process.pid}`;
  if (existsSync(outputDir)) renameSync(outputDir, old);
  renameSync(tmp, outputDir);
  rmSync(old, { recursive: true, force: true });
}
