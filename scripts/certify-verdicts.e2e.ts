/**
 * End to end: certify never calls a target NOT CONFORMANT for being unreachable, silent, lost
 * mid-run or interrupted. Each case runs `npm run certify` in a private report dir and reads the
 * exit code, the output and the report it leaves.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import localConfig from '../fixtures/environments/configs/local.ts';
import { embeddedExtras } from '../fixtures/environments/embedded.ts';
import { demoUsers, SEED_BOOKED_AT, startReferenceServer } from '../fixtures/reference-api/index.ts';
import type { CertificationResults } from '../fixtures/judgement/index.ts';
import { ATTEMPT_DIR } from './certify/attempt.ts';
import { RUN_PREFIXES, envWithout } from '../fixtures/harness/run/hermetic-env.ts';
import { captureLines } from './lib/captured-run.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Run {
  code: number | null;
  output: string;
  ms: number;
  results: CertificationResults;
  /** The directory of this run's report. */
  report: string;
}

/** A config file outside the checkout pointing at `baseUrl`, with credentials in CV_* variables. */
function configFor(dir: string, name: string, baseUrl: string, authUrl: string): string {
  const file = path.join(dir, `${name}.mts`);
  const config = {
    name,
    description: 'harness test target',
    baseUrl,
    authUrl,
    credentials: { primary: { clientIdEnv: 'CV_ID', clientSecretEnv: 'CV_SECRET' } },
    pool: localConfig.pool,
    writes: { allowed: true },
    timeouts: { requestMs: 3_000 },
  };
  writeFileSync(file, `export default ${JSON.stringify(config, null, 2)};\n`);
  return file;
}

function withoutHarnessVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return envWithout(RUN_PREFIXES, env);
}

function certify(
  config: string,
  reportDir: string,
  extraArgs: string[] = [],
  onLine?: (line: string, kill: (signal: NodeJS.Signals) => void) => void,
): Promise<Run> {
  const user = demoUsers(2)[0]!;
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', 'certify.ts'), '--env', config, ...extraArgs],
      {
        cwd: ROOT,
        // Nothing of this test run's own target (PVH_*) may leak into the child's.
        env: {
          ...withoutHarnessVariables(process.env),
          PVH_REPORT_DIR: reportDir,
          CV_ID: user.clientId,
          CV_SECRET: user.clientSecret,
          CI: '1',
        },
      },
    );
    const output = captureLines(child, (l) => onLine?.(l, (s) => child.kill(s)));
    child.on('exit', (code) => {
      // This run's report: certification/, or certification-attempt/ for a run that tested nothing (the newer one).
      const files = ['certification', ATTEMPT_DIR]
        .map((d) => path.join(reportDir, d, 'results.json'))
        .filter((f) => existsSync(f));
      const newest = files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
      const results = JSON.parse(readFileSync(newest, 'utf8')) as CertificationResults;
      resolve({ code, output: output(), ms: Date.now() - t0, results, report: path.dirname(newest) });
    });
  });
}

test.describe('certify: verdicts on targets that cannot be used', () => {
  test.describe.configure({ mode: 'serial' });
  let dir: string;
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pvh-verdicts-'));
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test(
    'a closed port is INCONCLUSIVE (exit 3) naming the connect step, ' + 'within seconds, with no cleanup noise',
    async () => {
      test.setTimeout(120_000); // the report's plan may need the suite listing once, slow on a busy machine
      const server = createServer();
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as { port: number }).port;
      await new Promise<void>((r) => server.close(() => r())); // the port is now closed
      const run = await certify(
        configFor(dir, 'closed-port', `http://127.0.0.1:${port}`, `http://127.0.0.1:${port}/oauth/token`),
        dir,
      );
      expect(run.code, run.output).toBe(3);
      expect(run.ms).toBeLessThan(60_000);
      expect(run.output).toMatch(/preflight: TCP\/TLS connect failed: cannot connect to the API/);
      expect(run.output).not.toMatch(/cleanup/);
      expect(run.results.verdict).toBe('INCONCLUSIVE');
      expect(run.results.run.environment).toBe('closed-port');
      expect(run.results.causes[0]).toMatch(/^preflight: TCP\/TLS connect failed/);
      // It tested nothing: its report is the attempt's, never in place of a complete certification.
      expect(run.report).toBe(path.join(dir, ATTEMPT_DIR));
      expect(readFileSync(path.join(run.report, 'SUMMARY.md'), 'utf8')).toContain('INCONCLUSIVE');
    },
  );

  test(
    'the shipped staging config, placeholders still in it, is a config error (exit 2) before any request, ' +
      'saying so',
    async () => {
      const t0 = performance.now();
      const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', path.join(ROOT, 'scripts', 'certify.ts'), '--env', 'staging'],
          {
            cwd: ROOT,
            env: {
              ...withoutHarnessVariables(process.env),
              PVH_REPORT_DIR: dir,
              PVH_STAGING_CLIENT_ID: 'id',
              PVH_STAGING_CLIENT_SECRET: 'secret',
              PVH_STAGING_READONLY_CLIENT_ID: 'id',
              PVH_STAGING_READONLY_CLIENT_SECRET: 'secret',
              CI: '1',
            },
          },
        );
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
      expect(run.code, run.output).toBe(2);
      expect(run.output).toMatch(
        /baseUrl https:\/\/partner-api\.staging\.example\.com \(from config staging\.ts\) is a placeholder URL/,
      );
      expect(run.output).toContain('Certify your staging');
      expect(run.output).not.toMatch(/preflight/);
      expect(performance.now() - t0).toBeLessThan(20_000);
    },
  );

  test(
    'a server that accepts connections and never answers is INCONCLUSIVE (exit 3) naming the token step, within ' +
      '30 s',
    async () => {
      const sockets: Socket[] = [];
      const silent: Server = createServer((s) => sockets.push(s));
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
      const port = (silent.address() as { port: number }).port;
      try {
        const run = await certify(
          configFor(dir, 'silent', `http://127.0.0.1:${port}`, `http://127.0.0.1:${port}/oauth/token`),
          dir,
        );
        expect(run.code, run.output).toBe(3);
        expect(run.ms).toBeLessThan(30_000);
        expect(run.output).toMatch(/preflight: token request failed: the token endpoint .* did not answer/);
        expect(run.output).not.toMatch(/cleanup/);
        expect(run.results.verdict).toBe('INCONCLUSIVE');
      } finally {
        for (const s of sockets) s.destroy();
        await new Promise<void>((r) => silent.close(() => r()));
      }
    },
  );

  test('a target lost after the preflight stops the run as INCONCLUSIVE, not one failure per test', async () => {
    test.setTimeout(120_000);
    const target = await startReferenceServer({ seedCount: embeddedExtras(localConfig) });
    let stopped = false;
    const run = await certify(configFor(dir, 'lost-target', target.baseUrl, target.authUrl), dir, [], (line) => {
      if (!stopped && line.includes('round-trip time')) {
        stopped = true;
        void target.close();
      }
    });
    if (!stopped) await target.close();
    expect(run.code, run.output).toBe(3);
    expect(run.results.verdict).toBe('INCONCLUSIVE');
    expect(run.results.causes.join('\n')).toMatch(/the target stopped answering \(3 consecutive transport errors/);
    expect(run.results.totals.fail).toBe(0);
    expect(run.output.match(/cleanup could not remove/g) ?? []).toHaveLength(0);
  });

  test('SIGTERM during the suites leaves an INCONCLUSIVE report (interrupted), never an earlier verdict', async () => {
    test.setTimeout(120_000);
    // 25 ms per request keeps the state-machine property running for a while.
    const target = await startReferenceServer({
      seedCount: embeddedExtras(localConfig),
      chaos: { latencyMs: 25, errorRate: 0, dropRate: 0 },
    });
    try {
      const config = configFor(dir, 'interrupted', target.baseUrl, target.authUrl);
      // A first, complete run leaves a CONFORMANT-or-not verdict on disk...
      const first = await certify(config, dir, ['--grep', 'each certificate URL returns']);
      expect(first.results.verdict).not.toBe('INCONCLUSIVE');
      // ...which the interrupted second run must replace.
      // The signal goes once the property has booked its first certificate: the suites are then
      // mid-test, however slowly this machine started them (the seed's bookings carry SEED_BOOKED_AT).
      const booked = () =>
        target.reference.ctx.store.ordered.some((c) => c.booking && c.booking.bookedAt !== SEED_BOOKED_AT);
      let sent = false;
      const run = await certify(config, dir, ['--grep', 'state machine'], (_line, kill) => {
        if (sent) return;
        sent = true;
        const poll = setInterval(() => {
          if (!booked()) return;
          clearInterval(poll);
          kill('SIGTERM');
        }, 20).unref();
      });
      expect(sent, run.output).toBe(true);
      expect(run.code, run.output).toBe(3);
      expect(run.results.verdict).toBe('INCONCLUSIVE');
      expect(run.results.run.id).not.toBe(first.results.run.id);
      expect(run.results.causes.join('\n')).toMatch(/interrupted/);
    } finally {
      await target.close();
    }
  });
});
