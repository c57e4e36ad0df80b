/**
 * The conformance project as a child Playwright process, in a process group of its own: a stop
 * signal certify receives (SIGINT, SIGTERM, SIGHUP, or its parent gone) reaches the group once as
 * SIGINT, the one signal on which Playwright finishes gracefully (its report of the tests that ran
 * is kept, marked interrupted); a second one kills the group, runner and workers.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { onStopSignals } from '../../fixtures/harness/run/stop-signals.ts';

/** Stop signals this close to the first are the same stop. */
const SAME_STOP_MS = 1000;

export interface SuitesRun {
  /** Playwright's exit code (130 when it died of a signal). */
  code: number;
  /** The signal certify received while the suites ran, if any. */
  signalled?: string;
  seconds: string;
}

export async function runConformanceSuites(args: string[], env: NodeJS.ProcessEnv): Promise<SuitesRun> {
  const t0 = performance.now();
  let signalled: string | undefined;
  const code = await new Promise<number>((resolve) => {
    // Its own group: a terminal's Ctrl-C reaches certify only, which passes it on exactly once.
    const child = spawn(
      process.execPath,
      [
        path.join(PROJECT_ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
        'test',
        '--project',
        'conformance',
        ...args,
      ],
      { stdio: 'inherit', env, detached: true },
    );
    let stops = 0;
    let firstAt = 0;
    const off = onStopSignals((signal) => {
      signalled ??= signal;
      // One Ctrl-C can arrive twice (from the terminal and from npm passing it on): only a second
      // stop a moment later is a deliberate one, which kills the group instead of waiting.
      if (stops > 0 && Date.now() - firstAt < SAME_STOP_MS) return;
      stops += 1;
      firstAt ||= Date.now();
      try {
        process.kill(-child.pid!, stops === 1 ? 'SIGINT' : 'SIGKILL');
      } catch {
        // the group is gone already
      }
    });
    child.on('exit', (c, signal) => {
      off();
      resolve(c ?? (signal ? 130 : 1));
    });
  });
  return { code, seconds: ((performance.now() - t0) / 1000).toFixed(1), ...(signalled ? { signalled } : {}) };
}
