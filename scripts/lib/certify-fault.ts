/** What the whole-certify naming tests share: certify of the embedded reference with one fault, and its report. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';
import { runNode } from './captured-run.ts';

/**
 * Certifies the embedded reference with `fault` in a report dir of its own (removed after): exit code, output and
 * results; a run that wrote no results throws with its output.
 */
export async function certifyFault(
  fault: string,
): Promise<{ code: number | null; out: string; results: CertificationResults }> {
  const dir = mkdtempSync(path.join(tmpdir(), `pvh-${fault}-`));
  try {
    const run = await runNode(['scripts/launch.mjs', 'scripts/certify.ts'], {
      PVH_REPORT_DIR: dir,
      REF_FAULTS: fault,
      CI: '1',
    });
    const file = path.join(dir, 'certification', 'results.json');
    if (!existsSync(file)) throw new Error(`certify with ${fault} wrote no results (exit ${run.code}):\n${run.out}`);
    return { ...run, results: JSON.parse(readFileSync(file, 'utf8')) as CertificationResults };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
