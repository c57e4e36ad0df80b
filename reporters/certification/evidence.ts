/**
 * The evidence of what broke, as real files a release manager can open and run: for every test that
 * failed on a clause (or could not complete), its redacted HTTP exchanges and curl reproducer under
 * certification/evidence/<clause>/<test>/, linked from the certification page.
 */
import type { TestResult } from '@playwright/test/reporter';
import { redact } from '../../fixtures/harness/http/redact.ts';

/** The attachments worth keeping, by file name. */
const KEPT = ['http-exchanges.json', 'reproduce.sh', 'counterexample.sh', 'counterexample-exchanges.json'];

export type EvidenceFiles = Map<string, string>;

/** A file-system-safe, readable folder name for a test title. */
export function slug(title: string): string {
  const s = title.replace(/\([^)]*\)\s*$/, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return s.slice(0, 80) || 'test';
}

/** The kept attachments of a test result, as file name → redacted text. */
export function attachmentsOf(result: Pick<TestResult, 'attachments'>): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of result.attachments) {
    if (KEPT.includes(a.name) && a.body) out.set(a.name, redact(a.body.toString('utf8')));
  }
  return out;
}

/** Adds one test's files under evidence/<clause>/<slug>/ and returns their paths (relative to the report). */
export function addEvidence(files: EvidenceFiles, clause: string, title: string, attachments: Map<string, string>): string[] {
  const dir = `evidence/${clause}/${slug(title)}`;
  return [...attachments].map(([name, body]) => {
    const rel = `${dir}/${name}`;
    files.set(rel, body);
    return rel;
  });
}
