/**
 * `npm run network:stage -- --check`: certifies the reference API through the company-network stage
 * (stage.ts) and checks each verdict and message: CONFORMANT with everything configured and the same
 * clause verdicts as directly; a body the API refuses for its size relayed as its 413, never a
 * 502; each missing setting INCONCLUSIVE naming it; insecureSkipVerify marked; the contention load
 * smoke and migrate:check through it; no stage secret in any output.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { seedPool } from '../../fixtures/reference-api/index.ts';
import { buildNeedles, scanText, scanTree } from '../../fixtures/harness/http/secret-scan.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { clauseVerdicts, run, type Outcome } from './child-runs.ts';
import { oversizedThroughNginx } from './oversized-body.ts';
import { GATEWAY_HEADER, STAGE_VARS, type Stage } from './shape.ts';

/** The settings of a fully configured partner: CA, client certificate, gateway key. */
export function fullSettings(stage: Stage) {
  return {
    tls: {
      caFile: stage.files.ca,
      clientCertificate: {
        certFile: stage.files.clientCert,
        keyFile: stage.files.clientKey,
        passphraseEnv: STAGE_VARS.passphrase,
      },
    },
    headers: { [GATEWAY_HEADER]: { env: STAGE_VARS.subscriptionKey } },
  };
}

export async function checkStage(stage: Stage, out: string): Promise<number> {
  const problems: string[] = [];
  const captured: string[] = [];
  const expect = (ok: boolean, what: string) => {
    console.log(`network:stage: ${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) problems.push(what);
  };
  const proxy = { HTTPS_PROXY: stage.proxyUrl };
  const certify = async (
    name: string,
    config: string,
    env: Record<string, string>,
    grep?: string,
  ): Promise<Outcome> => {
    console.log(`\nnetwork:stage: ── certify ${name} ──`);
    const o = await run(
      path.join(PROJECT_ROOT, 'scripts/certify.ts'),
      ['--env', config, ...(grep ? ['--grep', grep] : [])],
      { ...stage.env, ...env },
      path.join(out, name),
    );
    captured.push(o.output);
    return o;
  };
  const full = fullSettings(stage);

  // (a, d, e) Through the proxy, trusting the CA, with the client certificate and the gateway key: as direct.
  const through = await certify('through-proxy', stage.config('company-network', full), proxy);
  expect(
    through.code === 0,
    `through the proxy with tls.caFile, tls.clientCertificate and headers: CONFORMANT (exit ${through.code})`,
  );
  const direct = await certify('direct', stage.config('company-network-direct', { direct: true }), {});
  expect(direct.code === 0, `the same reference API directly: CONFORMANT (exit ${direct.code})`);
  const [a, b] = [clauseVerdicts(path.join(out, 'through-proxy')), clauseVerdicts(path.join(out, 'direct'))];
  const differ = [...new Set([...a.keys(), ...b.keys()])].filter((id) => a.get(id) !== b.get(id));
  const differences = differ.length
    ? `; differ: ${differ.map((id) => `${id} ${a.get(id)} vs ${b.get(id)}`).join(', ')}`
    : '';
  expect(
    a.size > 0 && differ.length === 0,
    `same clause verdicts through the proxy as directly (${a.size} clauses${differences})`,
  );
  // Near nginx's limit its writes to the API outlast an answer sent at once: the race behind a 502.
  const refused = await oversizedThroughNginx(stage, 960 * 1024, 20);
  expect(
    refused.every((status) => status === 413),
    `a 960 KiB booking body through nginx's plain proxy_pass is the API's 413, never a 502, 20 times (got ` +
      `${[...new Set(refused)].join(', ')})`,
  );

  // The negative cases stop at the preflight: one test selected is enough.
  const grep = '@PV-3-CONFLICT';
  const noProxy = await certify('no-proxy', stage.config('company-network', full), {}, grep);
  expect(
    noProxy.code === 3 && /does not resolve/.test(noProxy.output) && /HTTPS_PROXY/.test(noProxy.output),
    '(b) proxy unset, host known only to the proxy: INCONCLUSIVE, DNS failure naming HTTPS_PROXY',
  );
  const noCa = await certify(
    'no-ca',
    stage.config('company-network-no-ca', { ...full, tls: { clientCertificate: full.tls.clientCertificate } }),
    proxy,
    grep,
  );
  expect(
    noCa.code === 3 && /not trusted/.test(noCa.output) && /tls\.caFile/.test(noCa.output),
    '(c) CA not configured: INCONCLUSIVE naming the untrusted certificate and tls.caFile',
  );
  const noCert = await certify(
    'no-client-cert',
    stage.config('company-network-no-cert', { ...full, tls: { caFile: stage.files.ca } }),
    proxy,
    grep,
  );
  expect(
    noCert.code === 3 &&
      /asked for a client certificate/.test(noCert.output) &&
      /tls\.clientCertificate/.test(noCert.output),
    '(d) mutual TLS without a client certificate: INCONCLUSIVE naming the client certificate',
  );
  const noKey = await certify('no-gateway-key', stage.config('company-network-no-key', { tls: full.tls }), proxy, grep);
  expect(
    noKey.code === 3 &&
      /gateway/.test(noKey.output) &&
      new RegExp(GATEWAY_HEADER).test(noKey.output) &&
      /headers/.test(noKey.output),
    `(e) gateway without its key header: INCONCLUSIVE naming ${GATEWAY_HEADER} and the headers setting`,
  );
  const insecure = await certify(
    'insecure',
    stage.config('company-network-insecure', {
      ...full,
      tls: { clientCertificate: full.tls.clientCertificate, insecureSkipVerify: true },
    }),
    proxy,
    grep,
  );
  const insecureReport = path.join(out, 'insecure', 'certification', 'SUMMARY.md');
  expect(
    /insecureSkipVerify/.test(insecure.output) &&
      existsSync(insecureReport) &&
      /insecureSkipVerify/.test(readFileSync(insecureReport, 'utf8')),
    'tls.insecureSkipVerify: the run warns and the report says so',
  );

  // k6 and migrate:check through the same proxy, CA, client certificate and gateway.
  console.log('\nnetwork:stage: ── load contention smoke ──');
  const load = await run(
    path.join(PROJECT_ROOT, 'scripts/load.ts'),
    ['--env', stage.config('company-network-load', { ...full }), '--scenario', 'contention', '--profile', 'smoke'],
    { ...stage.env, ...proxy },
    path.join(out, 'load'),
  );
  captured.push(load.output);
  expect(
    load.code === 0,
    `npm run load -- --scenario contention --profile smoke through the stage (exit ${load.code})`,
  );
  console.log('\nnetwork:stage: ── migrate:check ──');
  const ids = path.join(out, 'ids.txt');
  writeFileSync(
    ids,
    `orderItemId\n${seedPool
      .filter((c) => c.legacyNumber)
      .slice(0, 5)
      .map((c) => c.legacyNumber)
      .join('\n')}\n`,
  );
  const migrate = await run(
    path.join(PROJECT_ROOT, 'scripts/migrate-check.ts'),
    [
      '--env',
      stage.config('company-network-migrate', { ...full }),
      '--input',
      ids,
      '--progress',
      'none',
      '--compare-legacy',
    ],
    { ...stage.env, ...proxy },
    path.join(out, 'migrate'),
  );
  captured.push(migrate.output);
  expect(migrate.code === 0, `npm run migrate:check through the stage (exit ${migrate.code})`);

  // No proxy password, key passphrase or subscription key in any output or report.
  const needles = buildNeedles(
    [
      { name: 'proxy password', value: stage.secrets.proxyPassword, basicUsers: ['partner'] },
      { name: 'client key passphrase', value: stage.secrets.passphrase },
      { name: 'gateway subscription key', value: stage.secrets.subscriptionKey },
    ],
    [],
  );
  const tree = scanTree(out, needles);
  const findings = [...tree.findings, ...scanText('<captured output>', captured.join('\n'), needles)];
  expect(
    findings.length === 0,
    `no proxy password, passphrase or subscription key in ${tree.files} files or the output${
      findings.length
        ? `: ${findings
            .slice(0, 5)
            .map((f) => JSON.stringify(f))
            .join('; ')}`
        : ''
    }`,
  );

  console.log(`\nnetwork:stage: ${problems.length === 0 ? 'every check held' : `${problems.length} check(s) failed`}`);
  return problems.length === 0 ? 0 : 1;
}
