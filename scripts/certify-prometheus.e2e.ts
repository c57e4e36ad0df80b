/**
 * End to end: `npm run certify --prometheus` against a reference API with canary credentials.
 * Sent: one pvh_clause_verdict series per clause with the verdicts of results.json, and no secret
 * in any label or sample (the canary scan of the decoded payload and of the output). Prometheus
 * down: the same verdict and exit code, and one line saying the metrics were not sent.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import localConfig from '../fixtures/environments/configs/local.ts';
import { embeddedExtras } from '../fixtures/environments/embedded.ts';
import { demoUsers, startReferenceServer, type RunningReference } from '../fixtures/reference-api/index.ts';
import { CANARY_SECRETS, canarySpecs, SECRET_MARKER, TOKEN_PREFIX } from '../fixtures/harness/http/canaries.ts';
import { buildNeedles, formatFinding, scanBuffer, scanText, tokenSet } from '../fixtures/harness/http/secret-scan.ts';
import { EXIT_CODE, type CertificationResults } from '../fixtures/judgement/index.ts';
import { startCapture, type Capture } from '../reporters/prometheus/capture.ts';
import { encodeWriteRequest } from '../reporters/prometheus/remote-write-codec.ts';
import { RUN_PREFIXES, envWithout } from '../fixtures/harness/run/hermetic-env.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const GREP = 'each certificate URL returns';
const PROM_PASSWORD = `${SECRET_MARKER}+prometheus:p@ss/word`;

interface Run {
  code: number | null;
  output: string;
  results: CertificationResults;
}

function certify(config: string, reportDir: string, clientSecret: string, prometheus: string): Promise<Run> {
  const env = envWithout(RUN_PREFIXES);
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'scripts', 'certify.ts'),
        '--env',
        config,
        '--grep',
        GREP,
        '--prometheus',
        prometheus,
      ],
      {
        cwd: ROOT,
        env: { ...env, PVH_REPORT_DIR: reportDir, CV_ID: demoUsers(2)[0]!.clientId, CV_SECRET: clientSecret, CI: '1' },
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) =>
      resolve({
        code,
        output,
        results: JSON.parse(
          readFileSync(path.join(reportDir, 'certification', 'results.json'), 'utf8'),
        ) as CertificationResults,
      }),
    );
  });
}

test.describe('certify --prometheus', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);
  let dir: string;
  let reference: RunningReference;
  let capture: Capture;
  let config: string;
  let first: Run;

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pvh-prometheus-'));
    reference = await startReferenceServer({
      seedCount: embeddedExtras(localConfig),
      userSecrets: CANARY_SECRETS,
      tokenPrefix: TOKEN_PREFIX,
    });
    capture = await startCapture();
    config = path.join(dir, 'prom-target.mts');
    const target = {
      name: 'prom-target',
      description: 'harness test target',
      baseUrl: reference.baseUrl,
      authUrl: reference.authUrl,
      credentials: { primary: { clientIdEnv: 'CV_ID', clientSecretEnv: 'CV_SECRET' } },
      pool: localConfig.pool,
      writes: { allowed: true },
    };
    writeFileSync(config, `export default ${JSON.stringify(target, null, 2)};\n`);
  });
  test.afterAll(async () => {
    await capture.close();
    await reference.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test(
    'sends one pvh_clause_verdict series per clause with the run verdicts, ' + 'and no secret in any label or sample',
    async () => {
      const url = new URL(capture.url);
      url.username = 'harness';
      url.password = PROM_PASSWORD;
      const secret = CANARY_SECRETS[demoUsers(2)[0]!.clientId]!;
      first = await certify(config, path.join(dir, 'sent'), secret, url.toString());
      expect(first.code, first.output).toBe(EXIT_CODE[first.results.verdict]);
      expect(capture.writes, first.output).toHaveLength(1);
      const series = capture.writes[0]!.series;
      expect(first.output).toContain(`certify: sent ${series.length} series to Prometheus at ${capture.url}`);
      const clauses = series.filter((s) => s.labels.__name__ === 'pvh_clause_verdict');
      expect(clauses.map((s) => `${s.labels.clause}=${s.labels.verdict}`).sort()).toEqual(
        first.results.clauses.map((c) => `${c.id}=${c.verdict}`).sort(),
      );
      expect(
        clauses.every(
          (s) => s.labels.environment === 'prom-target' && s.samples.length === 1 && s.samples[0]!.value === 1,
        ),
      ).toBe(true);
      expect(series.find((s) => s.labels.__name__ === 'pvh_certify_verdict')?.labels.verdict).toBe(
        first.results.verdict,
      );
      // The endpoint's password travelled as a header, and neither it nor any API secret or token is in what was
      // sent or printed.
      expect(capture.writes[0]!.headers.authorization).toBe(
        `Basic ${Buffer.from(`harness:${PROM_PASSWORD}`).toString('base64')}`,
      );
      const needles = buildNeedles(
        [...canarySpecs(), { name: 'Prometheus password', value: PROM_PASSWORD }],
        [SECRET_MARKER, TOKEN_PREFIX],
      );
      const issued = reference.issuedTokens();
      expect(issued.length).toBeGreaterThan(0);
      const tokens = tokenSet(
        'bearer token',
        issued.map((t) => t.slice(TOKEN_PREFIX.length)),
      );
      const findings = [
        ...scanBuffer('<remote-write payload>', capture.writes[0]!.raw, needles, tokens),
        ...scanText('<output>', first.output, needles, tokens),
      ];
      expect(findings.map(formatFinding)).toEqual([]);
      // The scan can fail: a secret in a label value is found in the payload's bytes.
      const planted = encodeWriteRequest([{ name: 'pvh_x', labels: { leak: secret }, value: 1, timestampMs: 0 }]);
      expect(scanBuffer('<planted>', planted, needles)).not.toHaveLength(0);
    },
  );

  test('Prometheus down: the same verdict and exit code, and one line saying the metrics were not sent', async () => {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const { port } = s.address() as { port: number };
    await new Promise<void>((r) => s.close(() => r()));
    const run = await certify(
      config,
      path.join(dir, 'down'),
      CANARY_SECRETS[demoUsers(2)[0]!.clientId]!,
      `http://127.0.0.1:${port}/api/v1/write`,
    );
    expect(run.results.verdict).toBe(first.results.verdict);
    expect(run.code, run.output).toBe(first.code);
    expect(run.output.match(/metrics not sent to Prometheus/g), run.output).toHaveLength(1);
    expect(run.output).toContain(
      `certify: metrics not sent to Prometheus at http://127.0.0.1:${port}/api/v1/write: ECONNREFUSED (the ` +
        `run's verdict is unchanged)`,
    );
  });
});
