/**
 * A run that tested nothing (a failed preflight, a config error, a stop before the first test)
 * writes its short report beside the last complete certification, never over it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT_CODE, type CertificationResults } from '../../fixtures/judgement/index.ts';
import type { ResolvedEnvironment } from '../../fixtures/environments/load.ts';
import { janitorCertificates, runJanitor, type JanitorAction } from '../../fixtures/harness/pool/janitor.ts';
import { janitorCommand } from '../../fixtures/harness/pool/janitor-command.ts';

/** How long a stopped run may spend removing its own bookings before it hands over to the janitor. */
const CLEANUP_BUDGET_MS = 30_000;

/**
 * After a stop, the bookings this run made that no test removed: removed within a bounded time,
 * or the exact janitor command and the certificates concerned printed.
 */
export async function cleanUpAfterStop(env: ResolvedEnvironment, runId: string): Promise<void> {
  const command = janitorCommand(env);
  console.log(`certify: stopped: removing the bookings this run left (at most ${CLEANUP_BUDGET_MS / 1000} s)`);
  const actions = await Promise.race([
    runJanitor(env, janitorCertificates(env), { runId, log: () => undefined }).catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), CLEANUP_BUDGET_MS).unref()),
  ]);
  if (!actions) {
    console.log(`certify: the bookings this run left could not all be checked in time: run ${command}`);
    return;
  }
  const removed = actions.filter((a: JanitorAction) => a.outcome === 'removed').map((a) => a.reference);
  const failed = actions.filter((a: JanitorAction) => a.outcome === 'error').map((a) => a.reference);
  console.log(
    `certify: removed ${removed.length} booking(s) this run left${removed.length ? ` (${removed.join(', ')})` : ''}`,
  );
  if (failed.length > 0) console.log(`certify: could not check or clean ${failed.join(', ')}: run ${command}`);
}

/** Under the report dir: the report of a run until it has tested something. */
export const ATTEMPT_DIR = 'certification-attempt';
/** The exit code of a config the target contradicts (the same as any config error). */
export const CONFIG_ERROR_EXIT = EXIT_CODE['CONFIG ERROR'];

/** "; the last complete certification (run X, CONFORMANT, …) stays in DIR/" or "" when there is none. */
export function lastComplete(certDir: string): string {
  const file = path.join(certDir, 'results.json');
  if (!existsSync(file)) return '';
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as CertificationResults;
    return `; the last certification that ran (run ${r.run.id}, ${r.verdict}, ${r.run.startedAt}) stays in ${certDir}/`;
  } catch {
    return '';
  }
}
