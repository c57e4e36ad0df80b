/**
 * The conformance project as a child Playwright process, in a process group of its own: a stop
 * signal certify receives (SIGINT, SIGTERM, SIGHUP, or its parent gone) reaches the group once as
 * SIGINT, the one signal on which Playwright finishes gracefully (its report of the tests that ran
 * is kept, marked interrupted); a second one kills the group, runner and workers.
 *
 * It is started at certify's start and waits for the run's environment on a pipe
 * (fixtures/harness/run/suites-go.ts): loading Playwright then overlaps opening the target and the preflight.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { onStopSignals } from '../../fixtures/harness/run/stop-signals.ts';
import { SUITES_GO_FD } from '../../fixtures/harness/run/suites-go.ts';

/** Stop signals this close to the first are the same stop. */
const SAME_STOP_MS = 1000;

export interface SuitesRun {
  /** Playwright's exit code (130 when it died of a signal). */
  code: number;
  /** The signal certify received while the suites ran, if any. */
  signalled?: string;
  seconds: string;
}

/**
 * A Playwright run started early: `go` gives it the run's environment (unless `send` gave it already, for its workers
 * to start before the tests may) and waits for it; `cancel` ends it before `go`.
 */
export interface PendingSuites {
  send(env: NodeJS.ProcessEnv): void;
  go(env: NodeJS.ProcessEnv): Promise<SuitesRun>;
  cancel(): void;
}

export function startConformanceSuites(args: string[], env: NodeJS.ProcessEnv): PendingSuites {
  // Its own group: a terminal's Ctrl-C reaches certify only, which passes it on exactly once.
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(PROJECT_ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
      'test',
      '--project',
      'conformance',
      ...args,
    ],
    { stdio: ['inherit', 'inherit', 'inherit', 'pipe'], env: { ...env, [SUITES_GO_FD]: '3' }, detached: true },
  );
  const word = child.stdio[3] as Writable;
  // A Playwright that ended before the word (it could not start) closed its end: the exit code tells.
  word.on('error', () => undefined);
  const exited = new Promise<number>((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 130 : 1))));
  let settled = false;
  let sent = false;
  const send = (runEnv: NodeJS.ProcessEnv) => {
    if (sent) return;
    sent = true;
    word.end(JSON.stringify(runEnv));
  };
  return {
    send,
    cancel() {
      if (settled) return;
      settled = true;
      if (!sent) word.end();
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // the group is gone already
      }
    },
    async go(runEnv) {
      settled = true;
      const t0 = performance.now();
      let signalled: string | undefined;
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
      send(runEnv);
      const code = await exited;
      off();
      return { code, seconds: ((performance.now() - t0) / 1000).toFixed(1), ...(signalled ? { signalled } : {}) };
    },
  };
}
