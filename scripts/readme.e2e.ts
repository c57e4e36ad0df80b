/**
 * The README shows what a partner will see (#52): its sample output is what `npm run certify` prints, and its example
 * config, with the `.env` lines the sandbox prints, certifies the sandbox as written: exit 0, gate GO, the accepted
 * gaps on the report's first screen. Only the ports change: the test's sandbox listens where the system lets it.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../fixtures/harness/support/project-root.ts';
import { certifyPartner, partnerEnv } from './first-hour/partner-run.ts';

const README = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');

/** The fenced block after `marker` in the README. */
function blockAfter(marker: string): string {
  const from = README.indexOf(marker);
  expect(from, marker).toBeGreaterThanOrEqual(0);
  const open = README.indexOf('```', from);
  const start = README.indexOf('\n', open) + 1;
  return README.slice(start, README.indexOf('```', start)).replace(/^ {3}/gm, '');
}

/** The sandbox of `npm run reference` on free ports, until its banner has been printed. */
async function startSandbox(): Promise<{ banner: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'reference.ts'), '--port-base', '0'],
    { cwd: PROJECT_ROOT, env: partnerEnv() },
  );
  let banner = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      banner += d.toString();
      if (banner.includes('Ctrl-C stops it.')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the sandbox ended (exit ${code}) before its banner: ${banner}`)));
  });
  return { banner, stop: () => child.kill('SIGTERM') };
}

test("the README's sample output is what npm run certify prints", async () => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-readme-sample-'));
  try {
    const r = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts', 'launch.mjs'), 'scripts/certify.ts'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: partnerEnv({ PVH_REPORT_DIR: dir }),
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const printed = (r.stdout + r.stderr).split(dir).join('reports').split('\n');
    for (const line of blockAfter('`npm run certify` ends like this').trim().split('\n'))
      expect(printed, `the README's sample line\n  ${line}\nis not what certify printed`).toContain(line);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  "the README's example config certifies the sandbox as written: " + 'exit 0, gate GO, its gaps on the first screen',
  async () => {
    test.setTimeout(300_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-readme-example-'));
    const sandbox = await startSandbox();
    try {
      const url = (label: string) =>
        new RegExp(`^ {2}${label} +(http://127\\.0\\.0\\.1:\\d+)`, 'm').exec(sandbox.banner)![1]!;
      const config = blockAfter('**Write a config**')
        .replace('http://127.0.0.1:4010', url('API base URL').replace(/\/api\/v1$/, ''))
        .replace('http://127.0.0.1:4011/oauth/token', url('token endpoint') + '/oauth/token')
        .replace('http://127.0.0.1:4012', url('legacy base URL'));
      expect(config).not.toMatch(/:401[0-2]\b/);
      writeFileSync(path.join(dir, 'my-impl.ts'), config);
      const dotenv = sandbox.banner.slice(sandbox.banner.indexOf("For the README's example config, in .env:"));
      const lines = [...dotenv.matchAll(/^ {2}(MY_[A-Z_]+=.*)$/gm)].map((m) => m[1]!);
      expect(lines.length).toBe(8);
      writeFileSync(path.join(dir, '.env'), `${lines.join('\n')}\n`);

      const reports = path.join(dir, 'reports');
      const run = await certifyPartner(path.join(dir, 'my-impl.ts'), reports, {
        env: { PVH_DOTENV: path.join(dir, '.env') },
      });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/certify: verdict CONFORMANT \(with accepted gaps in \d+ MUST clauses?\)/);
      const summary = readFileSync(path.join(reports, 'certification', 'SUMMARY.md'), 'utf8');
      const firstScreen = summary.split('\n').slice(0, 40).join('\n');
      expect(firstScreen).toMatch(/accepted/i);
      expect(firstScreen).toContain('a token lives an hour');

      const gate = spawnSync(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'gate.ts')], {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
        env: partnerEnv({ PVH_REPORT_DIR: reports }),
      });
      expect(gate.status, gate.stdout + gate.stderr).toBe(0);
      expect(gate.stdout).toMatch(/\bGO\b/);
    } finally {
      sandbox.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
