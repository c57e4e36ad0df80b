/**
 * `npm run verify-bundle -- PATH`: checks an evidence bundle against its SHA256SUMS and reads its
 * completeness: intact and complete, tampered (missing, extra or modified files), or intact but
 * incomplete (the output says which).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { checkManifest, MANIFEST } from './manifest.ts';
import type { BundleMetadata } from './bundle.ts';

export type BundleStatus = 'ok' | 'tampered' | 'incomplete';

export interface Verification {
  status: BundleStatus;
  lines: string[];
}

export function verifyBundle(dir: string): Verification {
  const check = checkManifest(dir);
  const lines: string[] = [];
  if (check.manifestProblem) lines.push(`TAMPERED: ${check.manifestProblem}`);
  for (const f of check.missing) lines.push(`TAMPERED: missing file ${f}`);
  for (const f of check.extra) lines.push(`TAMPERED: extra file ${f} (not in ${MANIFEST})`);
  for (const f of check.modified) lines.push(`TAMPERED: modified file ${f} (SHA-256 differs)`);
  if (lines.length > 0) return { status: 'tampered', lines };
  lines.push(`intact: ${check.checked} files match ${MANIFEST}`);
  const metaFile = path.join(dir, 'metadata.json');
  let meta: Partial<BundleMetadata> | undefined;
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8')) as Partial<BundleMetadata>;
  } catch {
    meta = undefined;
  }
  if (!meta || typeof meta.complete !== 'boolean')
    return {
      status: 'incomplete',
      lines: [...lines, 'INCOMPLETE: metadata.json is missing or has no "complete" field'],
    };
  lines.push(
    `run ${meta.runId} against ${meta.environment?.name} (${meta.environment?.baseUrl ?? 'no URL'}), verdict ` +
      `${meta.verdict}, commit ${meta.commit ?? 'unknown'}`,
  );
  const accepted = meta.acceptedGaps ?? [];
  if (!meta.complete && meta.verdict === 'CONFORMANT' && accepted.length > 0) {
    // Conformant on everything but gaps its config accepts, each with a reason: complete as declared.
    return {
      status: 'ok',
      lines: [...lines, ...accepted.map((g) => `accepted gap: ${g.clause}: ${g.reasons.join('; ')}`)],
    };
  }
  if (!meta.complete) {
    const notRun = meta.mustNotRun ?? [];
    const why =
      notRun.length > 0
        ? `${notRun.length} MUST clause(s) not fully tested: ${notRun.join(', ')}`
        : 'the run did not produce complete results';
    return { status: 'incomplete', lines: [...lines, `INCOMPLETE: ${why}`] };
  }
  return { status: 'ok', lines };
}

/** Prints the verification of the bundle in `dir`; 0 when intact and complete, 1 when not. */
export function checkBundle(dir: string | undefined): number {
  if (!dir)
    throw new CommandError(
      'which bundle? Give its directory: npm run verify-bundle -- PATH (e.g. reports/certification/bundle).',
    );
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new CommandError(`${dir} is not a directory. Usage: npm run verify-bundle -- PATH`);
  const v = verifyBundle(dir);
  for (const l of v.lines) console.log(`verify-bundle: ${l}`);
  const outcome =
    v.status === 'ok'
      ? 'OK'
      : v.status === 'tampered'
        ? 'FAILED: the bundle was tampered with'
        : 'FAILED: the bundle is intact but INCOMPLETE';
  console.log(`verify-bundle: ${outcome}`);
  return v.status === 'ok' ? 0 : 1;
}
