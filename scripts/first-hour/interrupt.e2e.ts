/**
 * Ctrl-C half-way through a certification of an implementation we did not write (peer.py): the
 * run says how many tests had finished, keeps their results in an INCONCLUSIVE report, and leaves
 * none of its bookings on the target (#34).
 */
import { _baseTest as test, expect } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startIndependentPeer, writePeerConfig } from '../../fixtures/harness/peers/independent-api/start.ts';
import { certifyPartner, harnessBookings, readResults } from './partner-run.ts';

test('SIGINT half-way leaves no booking of the run on the target and a report of the tests that finished', async () => {
  test.setTimeout(300_000);
  const peer = await startIndependentPeer();
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-interrupt-'));
  try {
    const reports = path.join(dir, 'reports');
    let sent = false;
    const run = await certifyPartner(writePeerConfig(dir, peer), reports, {
      onLine: (line, signal) => {
        if (!sent && /^progress: +50 %/.test(line)) {
          sent = true;
          signal('SIGINT'); // to the process group, as a terminal's Ctrl-C
        }
      },
    });
    expect(sent, run.output).toBe(true);
    expect(run.code, run.output).toBe(3);
    const stopped = /certify: stopped by SIGINT after (\d+) of (\d+) tests had finished/.exec(run.output);
    expect(stopped, run.output).not.toBeNull();
    const [finished, all] = [Number(stopped![1]), Number(stopped![2])];
    expect(finished).toBeGreaterThan(0);
    expect(finished).toBeLessThan(all);

    const results = readResults(path.join(reports, 'certification'))!;
    expect(results.verdict).toBe('INCONCLUSIVE');
    expect(results.tests.filter((t) => t.status === 'passed').length).toBeGreaterThan(0);
    // "of all" is the run's whole selection, not the tests that had ended (it once read "75 of 75").
    expect(all).toBe(results.run.plannedTests);
    // A clause the stop left untested says so, never "held on 0 of N", which reads like a failure.
    const untested = results.clauses.filter(
      (c) =>
        c.verdict === 'not-tested' &&
        c.checks.length > 1 &&
        c.checks.every((x) => x.reason === 'the run was stopped before this check ran'),
    );
    expect(untested.length, run.output).toBeGreaterThan(0);
    for (const c of untested) {
      const what = c.checks.some((x) => x.kind === 'cell') ? 'ways in' : 'checks';
      expect(c.coverage).toBe(`not tested: the run was stopped before its ${c.checks.length} ${what} ran`);
    }
    expect(results.clauses.map((c) => c.coverage).join('\n')).not.toMatch(/held on 0 of/);
    expect(await harnessBookings(peer), run.output).toEqual([]);
  } finally {
    await peer.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

// #41: a stop blames nothing. Interrupted at random moments against a correct implementation in
// another process, no report names a root cause or fails a clause, and no booking is left behind.
// PVH_CI_INTERRUPT_MOMENTS sets how many (CI: 4; the acceptance run: 20). PVH_CI_*, because npm test's hermetic
// environment keeps only those of ours.
test(
  'SIGINT at random moments against a correct target: ' + 'no root cause, no failed clause, no booking left',
  async () => {
    const moments = Number(process.env.PVH_CI_INTERRUPT_MOMENTS ?? 4);
    test.setTimeout(moments * 120_000);
    const peer = await startIndependentPeer();
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-interrupts-'));
    try {
      const config = writePeerConfig(dir, peer);
      const seen: string[] = [];
      for (let i = 0; i < moments; i += 1) {
        const reports = path.join(dir, `reports-${i}`);
        // From the preflight's end to late in the suites: a stop may meet any test, or the clean-up.
        const delayMs = 2_000 + Math.floor(Math.random() * 14_000);
        let timer: NodeJS.Timeout | undefined;
        const run = await certifyPartner(config, reports, {
          onLine: (line, signal) => {
            if (!timer && /^certify: \d+ worker/.test(line)) timer = setTimeout(() => signal('SIGINT'), delayMs);
          },
        });
        clearTimeout(timer);
        const results =
          readResults(path.join(reports, 'certification')) ?? readResults(path.join(reports, 'certification-attempt'));
        seen.push(
          `moment ${i + 1} (${(delayMs / 1000).toFixed(1)} s into the suites): ` +
            `exit ${run.code}, ${results?.verdict ?? 'no report'}`,
        );
        expect(results, run.output).toBeDefined();
        expect(results!.rootCauses, `${seen.at(-1)}\n${run.output}`).toEqual([]);
        expect(
          results!.clauses.filter((c) => c.verdict === 'fail').map((c) => c.id),
          `${seen.at(-1)}\n${run.output}`,
        ).toEqual([]);
        expect(await harnessBookings(peer), `${seen.at(-1)}\n${run.output}`).toEqual([]);
      }
      test.info().annotations.push({ type: 'moments', description: seen.join('; ') });
    } finally {
      await peer.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

// Playwright stops a worker's test by a message from its runner, which can reach the worker before
// the signal does: once in CI a test's removal was answered after its own clean-up's, and the run
// blamed PV-3-REMOVE. Here the stop reaches the runner alone (as at Playwright's global time limit),
// so the message always comes first: the test's body, still running, must send nothing more, and
// its clean-up must wait for what the body had on its way (before, 2 of 6 such stops left a booking).
test('a stop that reaches only the Playwright runner: no root cause, no failed clause, no booking left', async () => {
  const moments = 4;
  test.setTimeout(moments * 120_000);
  for (let i = 0; i < moments; i += 1) {
    const peer = await startIndependentPeer();
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-interrupt-runner-'));
    try {
      const reports = path.join(dir, 'reports');
      const delayMs = 3_000 + Math.floor(Math.random() * 8_000);
      let timer: NodeJS.Timeout | undefined;
      let runner: number | undefined;
      const run = await certifyPartner(writePeerConfig(dir, peer), reports, {
        onLine: (line, _signal, certify) => {
          if (timer || !/^certify: \d+ worker/.test(line)) return;
          timer = setTimeout(() => {
            runner = playwrightRunnerUnder(certify);
            if (runner) process.kill(runner, 'SIGINT');
          }, delayMs);
        },
      });
      clearTimeout(timer);
      const seen = `stopped ${(delayMs / 1000).toFixed(1)} s into the suites: exit ${run.code}\n${run.output}`;
      expect(runner, seen).toBeDefined();
      // A stop before any test ended leaves the attempt's report (the suites produced no results).
      const results =
        readResults(path.join(reports, 'certification')) ?? readResults(path.join(reports, 'certification-attempt'));
      expect(results?.verdict, seen).toBe('INCONCLUSIVE');
      expect(results!.rootCauses, seen).toEqual([]);
      expect(
        results!.clauses.filter((c) => c.verdict === 'fail').map((c) => c.id),
        seen,
      ).toEqual([]);
      expect(await harnessBookings(peer), seen).toEqual([]);
    } finally {
      await peer.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

/** The Playwright runner certify `pid` started (Linux: /proc), if it runs. */
function playwrightRunnerUnder(pid: number): number | undefined {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the field after the parenthesised command, which may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const queue = [pid];
  for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
    for (const c of children.get(p) ?? []) {
      let args: string[] = [];
      try {
        args = readFileSync(`/proc/${c}/cmdline`, 'utf8').split('\0');
      } catch {
        continue; // gone meanwhile
      }
      if (args.some((a) => a.endsWith(path.join('@playwright', 'test', 'cli.js'))) && args.includes('conformance'))
        return c;
      queue.push(c);
    }
  }
  return undefined;
}
