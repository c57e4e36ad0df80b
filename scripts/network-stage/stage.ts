/**
 * A company network on loopback, built from the components partners have: the reference API behind
 * nginx (TLS with a certificate from a private CA made here, mutual TLS, and a gateway that refuses
 * requests without its subscription key header, answering like Azure API Management), reachable
 * only through squid (a forward proxy with a password, and the only one that knows the made-up host
 * names *.pvh.test). One set of certificates (openssl) per stage. Used by `npm run network:stage`
 * (the CI step 27-network and anyone trying a setting by hand).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startReferenceServer, type RunningReference } from '../../fixtures/reference-api/index.ts';
import localConfig from '../../fixtures/environments/configs/local.ts';
import { embeddedExtras } from '../../fixtures/environments/embedded.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { freePort } from '../../fixtures/harness/support/free-port.ts';
import { makeCertificates } from './certificates.ts';
import { nginxConfig, squidConfig } from './server-configs.ts';
import { STAGE_HOSTS, STAGE_VARS, type Stage, type StageSecrets } from './shape.ts';

/** Whether squid and nginx are installed (the CI step installs them). */
export function stageTools(): { squid?: string; nginx?: string } {
  const find = (name: string) =>
    ['/usr/sbin', '/usr/bin', '/usr/local/sbin']
      .map((d) => path.join(d, name))
      .find((f) => {
        try {
          execFileSync(f, ['-v'], { stdio: 'ignore' });
          return true;
        } catch {
          return false;
        }
      });
  const squid = find('squid');
  const nginx = find('nginx');
  return { ...(squid ? { squid } : {}), ...(nginx ? { nginx } : {}) };
}

function randomSecret(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
}

async function waitForPort(port: number, what: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}: ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`${what} did not listen on ${port} within 20 s: ${log()}`);
    await sleep(100);
  }
}

export async function startStage(options: { log?: (line: string) => void } = {}): Promise<Stage> {
  const log = options.log ?? (() => undefined);
  const tools = stageTools();
  if (!tools.squid || !tools.nginx)
    throw new Error(
      `the network stage needs squid and nginx (Debian packages squid and nginx; missing: ` +
        `${[!tools.squid && 'squid', !tools.nginx && 'nginx'].filter(Boolean).join(', ')})`,
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-stage-'));
  // Characters that change under URL, form and Basic encoding, so a leak in any form is found.
  const secrets: StageSecrets = {
    proxyPassword: randomSecret('Pr0xy+pw&x%'),
    passphrase: randomSecret('k3y pass+&'),
    subscriptionKey: randomSecret('sub-key'),
  };
  const children: ChildProcess[] = [];
  let ref: RunningReference | undefined;
  const close = async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    await ref?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const files = makeCertificates(dir, secrets.passphrase);
    // The reference the local config's pool describes, its extra certificates included.
    ref = await startReferenceServer({ seedCount: embeddedExtras(localConfig) });
    const ports = { api: await freePort(), auth: await freePort(), legacy: await freePort() };
    const proxyPort = await freePort();
    for (const sub of ['nginx-tmp', 'squid']) mkdirSync(path.join(dir, sub), { recursive: true });
    writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, ports, ref, files, secrets.subscriptionKey));
    writeFileSync(
      path.join(dir, 'hosts'),
      `${Object.values(STAGE_HOSTS)
        .map((h) => `127.0.0.1 ${h}`)
        .join('\n')}\n`,
    );
    const hash = execFileSync('openssl', ['passwd', '-1', secrets.proxyPassword], { encoding: 'utf8' }).trim();
    writeFileSync(path.join(dir, 'squid-passwd'), `partner:${hash}\n`);
    const root = process.getuid?.() === 0;
    writeFileSync(path.join(dir, 'squid.conf'), squidConfig(dir, proxyPort, Object.values(ports), root));
    // squid drops to the proxy user: it must read its files and write its logs.
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'squid'), 0o777);

    const nginx = spawn(tools.nginx!, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(nginx);
    let nginxErr = '';
    nginx.stderr?.on('data', (c: Buffer) => (nginxErr += c.toString()));
    const squid = spawn(tools.squid!, ['-N', '-f', path.join(dir, 'squid.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(squid);
    let squidErr = '';
    squid.stderr?.on('data', (c: Buffer) => (squidErr += c.toString()));
    const tail = (f: string) => () => {
      try {
        return readFileSync(path.join(dir, f), 'utf8').slice(-1500);
      } catch {
        return '';
      }
    };
    await waitForPort(ports.api, 'nginx', nginx, () => nginxErr + tail('nginx-error.log')());
    await waitForPort(proxyPort, 'squid', squid, () => squidErr + tail('squid/cache.log')());
    log(
      `stage: reference API behind nginx (mutual TLS, gateway key) at ` +
        `https://${STAGE_HOSTS.api}:${ports.api}, squid at 127.0.0.1:${proxyPort}, files in ${dir}`,
    );

    const urls = {
      baseUrl: `https://${STAGE_HOSTS.api}:${ports.api}`,
      authUrl: `https://${STAGE_HOSTS.auth}:${ports.auth}${new URL(ref.authUrl).pathname}`,
      legacyBaseUrl: `https://${STAGE_HOSTS.legacy}:${ports.legacy}`,
    };
    const direct = { baseUrl: ref.baseUrl, authUrl: ref.authUrl, legacyBaseUrl: ref.legacyBaseUrl };
    const users = ref.demoUsers;
    const env: Record<string, string> = {
      PVH_LOCAL_CLIENT_ID: users.primary.clientId,
      PVH_LOCAL_CLIENT_SECRET: users.primary.clientSecret,
      PVH_LOCAL_LIMITED_CLIENT_ID: users.limitedVenue.clientId,
      PVH_LOCAL_LIMITED_CLIENT_SECRET: users.limitedVenue.clientSecret,
      PVH_LOCAL_READONLY_CLIENT_ID: users.readOnly.clientId,
      PVH_LOCAL_READONLY_CLIENT_SECRET: users.readOnly.clientSecret,
      PVH_LOCAL_SHORT_CLIENT_ID: users.shortLived.clientId,
      PVH_LOCAL_SHORT_CLIENT_SECRET: users.shortLived.clientSecret,
      PVH_LOCAL_LEGACY_USER: users.legacy.clientId,
      PVH_LOCAL_LEGACY_PASSWORD: users.legacy.clientSecret,
      [STAGE_VARS.passphrase]: secrets.passphrase,
      [STAGE_VARS.subscriptionKey]: secrets.subscriptionKey,
    };
    const local = path.join(PROJECT_ROOT, 'fixtures', 'environments', 'configs', 'local.ts');
    const config: Stage['config'] = (name, settings) => {
      const file = path.join(dir, `${name}.ts`);
      const where = settings.direct ? direct : urls;
      const rest = Object.fromEntries(
        Object.entries({ network: settings.network, tls: settings.tls, headers: settings.headers }).filter(
          ([, v]) => v !== undefined,
        ),
      );
      writeFileSync(
        file,
        `// The local config's pool, users and declarations, reached ` +
          `${settings.direct ? 'directly' : 'through the stage'}.\nimport local from ` +
          `${JSON.stringify(local)};\n\nexport default { ...local, name: ${JSON.stringify(name)}, description: ` +
          `'network stage', embeddedReference: false, ...${JSON.stringify({ ...where, ...rest }, null, 2)} };\n`,
      );
      return file;
    };
    return {
      dir,
      urls,
      direct,
      proxyUrl: `http://partner:${encodeURIComponent(secrets.proxyPassword)}@127.0.0.1:${proxyPort}`,
      files: { ca: files.ca, clientCert: files.clientCert, clientKey: files.clientKey },
      secrets,
      env,
      config,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
