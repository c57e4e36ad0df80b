/**
 * Stopping `npm run X` stops everything it started: for each long-running command (reference,
 * certify, load, migrate:check, client:check) and each of SIGTERM (a CI step), SIGINT (Ctrl-C passed on) and
 * SIGHUP (a closed terminal), the signal goes to the npm process only, as a CI runner or a kill
 * sends it, and every process of the chain (npm, the command's node, its Playwright, workers or k6)
 * must be gone within the time limit, its ports closed.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../fixtures/harness/support/project-root.ts';
import { STOP_SIGNALS, type StopSignal } from '../fixtures/harness/run/stop-signals.ts';
import { RUN_PREFIXES, envWithout } from '../fixtures/harness/run/hermetic-env.ts';

/** Every process below `root` now (pid → command), from ps. */
function descendants(root: number): Map<number, string> {
  const rows = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const parsed = rows
    .map((r) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(r)!)
    .filter(Boolean)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const out = new Map<number, string>();
  const walk = (pid: number) => {
    for (const p of parsed.filter((x) => x.ppid === pid)) {
      out.set(p.pid, p.args);
      walk(p.pid);
    }
  };
  walk(root);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Started {
  npm: ChildProcess;
  output: () => string;
}

function npmRun(args: string[], env: NodeJS.ProcessEnv): Started {
  const clean = envWithout(RUN_PREFIXES);
  const npm = spawn('npm', ['run', '--silent', ...args], { cwd: PROJECT_ROOT, env: { ...clean, ...env } });
  let out = '';
  npm.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  npm.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { npm, output: () => out };
}

/** Starts the command, waits until `ready` shows it at work (with `minProcesses` in its tree), signals npm, and checks
 * the whole tree stops. */
async function stopsWholeChain(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  signal: StopSignal,
  minProcesses: number,
  limitMs = 30_000,
): Promise<void> {
  const { npm, output } = npmRun(args, env);
  try {
    await expect.poll(output, { timeout: 90_000, message: 'the command did not get to work' }).toMatch(ready);
    let tree = descendants(npm.pid!);
    await expect
      .poll(() => (tree = descendants(npm.pid!)).size, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(minProcesses);
    npm.kill(signal);
    const pids = [npm.pid!, ...tree.keys()];
    await expect
      .poll(() => pids.filter(alive).map((p) => `${p} ${tree.get(p) ?? 'npm'}`), {
        timeout: limitMs,
        message: `${signal} to npm run ${args[0]} left processes running`,
      })
      .toEqual([]);
  } finally {
    for (const pid of [npm.pid!, ...descendants(npm.pid!).keys()]) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
}

test.describe('a stop signal to npm stops the whole chain', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);
  let dir: string;
  test.beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pvh-signals-'));
    // A stand-in k6: answers `version` like k6 v2, then runs until told to stop (as k6 does on SIGINT).
    const k6 = path.join(dir, 'k6');
    writeFileSync(
      k6,
      '#!/bin/sh\nif [ "$1" = version ]; then echo "k6 v2.2.0 (stand-in)"; exit 0; fi\necho "stand-in k6 ' +
        "running\"\ntrap 'exit 105' INT TERM\nwhile :; do sleep 1; done\n",
    );
    chmodSync(k6, 0o755);
    writeFileSync(
      path.join(dir, 'ids.txt'),
      `${Array.from({ length: 2000 }, (_, i) => String(5000101 + i)).join('\n')}\n`,
    );
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const signal of STOP_SIGNALS) {
    test(`reference: ${signal}`, async () => {
      await stopsWholeChain(['reference', '--', '--port-base', '0'], {}, /Ctrl-C stops it\./, signal, 1, 15_000);
    });

    test(`certify: ${signal}`, async () => {
      // The state machine property, 100 ms from the embedded reference, runs long enough to be stopped
      // mid-run (on loopback its examples side by side can finish before the signal).
      await stopsWholeChain(
        ['certify', '--', '--grep', 'state machine'],
        { PVH_REPORT_DIR: path.join(dir, `certify-${signal}`), CI: '1', REF_LATENCY_MS: '100' },
        /^progress: \d+ tests/m,
        signal,
        3,
      );
    });

    test(`load: ${signal}`, async () => {
      await stopsWholeChain(
        ['load', '--', '--scenario', 'read-throughput', '--profile', 'smoke'],
        { PVH_REPORT_DIR: path.join(dir, `load-${signal}`), K6_BIN: path.join(dir, 'k6') },
        /stand-in k6 running/,
        signal,
        2,
        15_000,
      );
    });

    test(`client:check: ${signal}`, async () => {
      // Its --run command is a process of the chain too: it must go with the check.
      await stopsWholeChain(
        ['client:check', '--', '--port-base', '0', '--run', 'exec sleep 600'],
        { PVH_REPORT_DIR: path.join(dir, `client-${signal}`) },
        /Each mistake is printed here/,
        signal,
        2,
        15_000,
      );
    });

    test(`migrate:check: ${signal}`, async () => {
      await stopsWholeChain(
        [
          'migrate:check',
          '--',
          '--input',
          path.join(dir, 'ids.txt'),
          '--rate',
          '5',
          '--progress',
          'lines',
          '--out',
          path.join(dir, `migrate-${signal}`),
        ],
        {},
        /preflight|requests/i,
        signal,
        1,
        15_000,
      );
    });
  }
});
