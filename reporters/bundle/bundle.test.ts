import { _baseTest as test, expect } from '@playwright/test';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import localConfig from '../../fixtures/environments/configs/local.ts';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';
import { MANIFEST } from './manifest.ts';
import { BundleError, INCOMPLETE_MARKER, INSECURE_MARKER, writeBundle, type BundleOptions } from './bundle.ts';
import { verifyBundle } from './verify.ts';

const RUN = 'run-bundle-test';

function fixtureReports(complete: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-bundle-'));
  const results = {
    schemaVersion: 2,
    run: {
      id: RUN,
      environment: 'local',
      baseUrl: 'http://127.0.0.1:1',
      authUrl: 'http://127.0.0.1:2/oauth/token',
      startedAt: '2026-01-01T00:00:00Z',
      durationMs: 1,
      harnessVersion: '0.1.0',
      node: 'v20',
    },
    totals: {},
    verdict: 'CONFORMANT',
    causes: [],
    conformant: true,
    complete,
    clauses: [
      { id: 'PV-3-CONFLICT', level: 'MUST', verdict: 'pass', tests: [], evidence: [] },
      { id: 'PV-1-SINGLE', level: 'MUST', verdict: complete ? 'pass' : 'not-run', tests: [], evidence: [] },
    ],
    tests: [],
  } as unknown as CertificationResults; // only the fields the bundle reads
  mkdirSync(path.join(dir, 'certification'), { recursive: true });
  writeFileSync(path.join(dir, 'certification', 'results.json'), JSON.stringify(results));
  writeFileSync(path.join(dir, 'certification', 'SUMMARY.md'), '# certification\n');
  writeFileSync(path.join(dir, 'certification', 'index.html'), '<html>certification</html>');
  mkdirSync(path.join(dir, 'junit'));
  writeFileSync(path.join(dir, 'junit', 'results.xml'), '<testsuites/>');
  mkdirSync(path.join(dir, 'allure-report', 'data'), { recursive: true });
  writeFileSync(path.join(dir, 'allure-report', 'index.html'), '<html>allure</html>');
  writeFileSync(path.join(dir, 'allure-report', 'data', 'x.json'), '{}');
  return dir;
}

function options(reportDir: string, extra: Partial<BundleOptions> = {}): BundleOptions {
  return {
    reportDir,
    envName: 'local',
    runId: RUN,
    startedAt: '2026-01-01T00:00:00Z',
    finishedAt: '2026-01-01T00:01:00Z',
    certifyExitCode: 0,
    env: {},
    buildAllureReport: async () => undefined,
    log: () => {},
    ...extra,
  };
}

test.describe('evidence bundle', () => {
  const dirs: string[] = [];
  test.afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const make = async (complete = true, extra: Partial<BundleOptions> = {}) => {
    const reports = fixtureReports(complete);
    dirs.push(reports);
    return writeBundle(options(reports, extra));
  };

  test('holds the reports, the metadata and a sha256sum-compatible manifest, and verifies ok', async () => {
    const { dir, metadata } = await make();
    for (const f of [
      'certification/index.html',
      'certification/results.json',
      'certification/SUMMARY.md',
      'junit/results.xml',
      'allure-report/index.html',
      'metadata.json',
      MANIFEST,
    ]) {
      expect(existsSync(path.join(dir, f)), f).toBe(true);
    }
    expect(metadata).toMatchObject({
      runId: RUN,
      verdict: 'CONFORMANT',
      complete: true,
      environment: { name: 'local', baseUrl: 'http://127.0.0.1:1' },
      allureReport: { included: true },
    });
    expect(metadata.node).toBe(process.version);
    const manifest = readFileSync(path.join(dir, MANIFEST), 'utf8').trim().split('\n');
    const names = manifest.map((l) => l.slice(66));
    expect(names).toEqual([...names].sort());
    expect(names).toContain('metadata.json');
    expect(names).not.toContain(MANIFEST);
    expect(verifyBundle(dir).status).toBe('ok');
    // The format a partner can check without this harness.
    expect(execFileSync('sha256sum', ['--check', '--strict', MANIFEST], { cwd: dir, encoding: 'utf8' })).toContain(
      'metadata.json: OK',
    );
  });

  test(
    'a run that did not verify the server certificate (tls.insecureSkipVerify) says so in the metadata, a ' +
      'marker file and SUMMARY.md',
    async () => {
      const reports = fixtureReports(true);
      dirs.push(reports);
      const file = path.join(reports, 'certification', 'results.json');
      writeFileSync(
        file,
        JSON.stringify({
          ...JSON.parse(readFileSync(file, 'utf8')),
          network: { proxy: 'http://proxy.corp:3128 (HTTPS_PROXY)', insecureSkipVerify: true },
        }),
      );
      const { dir, metadata } = await writeBundle(options(reports));
      expect(metadata.network).toEqual({ proxy: 'http://proxy.corp:3128 (HTTPS_PROXY)', insecureSkipVerify: true });
      expect(readFileSync(path.join(dir, INSECURE_MARKER), 'utf8')).toContain('NOT verified');
      expect(readFileSync(path.join(dir, 'certification', 'SUMMARY.md'), 'utf8')).toMatch(
        /^> \*\*WARNING: tls\.insecureSkipVerify/,
      );
      expect(verifyBundle(dir).status).toBe('ok');
    },
  );

  test('one changed byte is reported as a modified file', async () => {
    const { dir } = await make();
    const file = path.join(dir, 'certification', 'results.json');
    const data = readFileSync(file);
    data[10] = data[10]! ^ 1;
    writeFileSync(file, data);
    const v = verifyBundle(dir);
    expect(v.status).toBe('tampered');
    expect(v.lines).toContain('TAMPERED: modified file certification/results.json (SHA-256 differs)');
  });

  test('an added file is reported as extra and a deleted one as missing', async () => {
    const { dir } = await make();
    writeFileSync(path.join(dir, 'allure-report', 'data', 'planted.json'), '{}');
    unlinkSync(path.join(dir, 'junit', 'results.xml'));
    const v = verifyBundle(dir);
    expect(v.status).toBe('tampered');
    expect(v.lines).toEqual(
      expect.arrayContaining([
        'TAMPERED: missing file junit/results.xml',
        'TAMPERED: extra file allure-report/data/planted.json (not in SHA256SUMS)',
      ]),
    );
  });

  test('a run with MUST clauses not run gives an intact bundle marked INCOMPLETE', async () => {
    const { dir, metadata } = await make(false);
    expect(metadata).toMatchObject({ complete: false, mustNotRun: ['PV-1-SINGLE'] });
    expect(readFileSync(path.join(dir, INCOMPLETE_MARKER), 'utf8')).toContain('PV-1-SINGLE');
    expect(readFileSync(path.join(dir, 'certification', 'SUMMARY.md'), 'utf8')).toMatch(/^> \*\*INCOMPLETE BUNDLE\*\*/);
    const v = verifyBundle(dir);
    expect(v.status).toBe('incomplete');
    expect(v.lines.at(-1)).toContain('PV-1-SINGLE');
  });

  test('a failed Allure report is recorded in the metadata and the bundle is still written', async () => {
    const { dir, metadata } = await make(true, { buildAllureReport: async () => 'npm run report failed (exit 1)' });
    expect(metadata.allureReport).toEqual({ included: false, note: 'npm run report failed (exit 1)' });
    expect(existsSync(path.join(dir, 'allure-report'))).toBe(false);
    expect(verifyBundle(dir).status).toBe('ok');
  });

  test('results of an earlier run are not bundled: NO-RESULTS and incomplete', async () => {
    const { dir, metadata } = await make(true, { runId: 'another-run' });
    expect(metadata).toMatchObject({ verdict: 'NO-RESULTS', complete: false });
    expect(existsSync(path.join(dir, 'certification', 'results.json'))).toBe(false);
  });

  test('a bundle that would carry an environment secret is removed, not sealed', async () => {
    const reports = fixtureReports(true);
    dirs.push(reports);
    const secret = 'leak+me&=%secret';
    appendFileSync(path.join(reports, 'junit', 'results.xml'), `<!-- ${encodeURIComponent(secret)} -->`);
    const c = localConfig.credentials;
    const env: NodeJS.ProcessEnv = { PVH_BASE_URL: 'http://127.0.0.1:1', PVH_AUTH_URL: 'http://127.0.0.1:2/t' };
    for (const ref of [c.limitedVenue!, c.readOnly!, c.shortLived!])
      Object.assign(env, { [ref.clientIdEnv]: 'id', [ref.clientSecretEnv]: 'other-secret' });
    Object.assign(env, {
      [c.primary.clientIdEnv]: 'id',
      [c.primary.clientSecretEnv]: secret,
      [c.legacy!.usernameEnv]: 'u',
      [c.legacy!.passwordEnv]: 'other-secret',
    });
    const error = await writeBundle(options(reports, { env })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleError);
    expect((error as Error).message).toContain('junit/results.xml @ byte');
    expect((error as Error).message).not.toContain(secret);
    expect(existsSync(path.join(reports, 'certification', 'bundle'))).toBe(false);
  });

  test('verify-bundle exits 0 ok, 1 tampered, 2 usage', async () => {
    const { dir } = await make();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-bundle.ts', ...args], { encoding: 'utf8' });
    expect(run(dir).status).toBe(0);
    writeFileSync(path.join(dir, 'extra.txt'), 'x');
    const tampered = run(dir);
    expect(tampered.status).toBe(1);
    expect(tampered.stdout).toContain('tampered');
    expect(run().status).toBe(2);
    expect(run(path.join(dir, 'nope')).status).toBe(2);
  });
});
