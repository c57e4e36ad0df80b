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
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { freePort } from '../../fixtures/harness/support/free-port.ts';

export const STAGE_HOSTS = { api: 'api.pvh.test', auth: 'auth.pvh.test', legacy: 'legacy.pvh.test' } as const;
export const GATEWAY_HEADER = 'Ocp-Apim-Subscription-Key';
/** Azure API Management's answer to a request without its key (what partners' gateways say). */
const GATEWAY_REFUSAL =
  '{ "statusCode": 401, "message": "Access denied due to missing subscription key. Make sure to include ' +
  'subscription key when making requests to an API." }';

/** Variables the stage's secrets travel in (the canary scan looks for their values in every output). */
export const STAGE_VARS = {
  passphrase: 'PVH_STAGE_CLIENT_KEY_PASSPHRASE',
  subscriptionKey: 'PVH_STAGE_SUBSCRIPTION_KEY',
} as const;

export interface StageSecrets {
  proxyPassword: string;
  passphrase: string;
  subscriptionKey: string;
}

export interface Stage {
  dir: string;
  urls: { baseUrl: string; authUrl: string; legacyBaseUrl: string };
  /** The reference API itself, directly (the same instance, for a direct run to compare with). */
  direct: { baseUrl: string; authUrl: string; legacyBaseUrl: string };
  /** http://user:password@127.0.0.1:port */
  proxyUrl: string;
  files: { ca: string; clientCert: string; clientKey: string };
  secrets: StageSecrets;
  /** The variables a run needs: the demo users' credentials and the stage's secrets (no proxy: each run chooses). */
  env: Record<string, string>;
  /** Writes a config file for the stage with these settings (`network`, `tls`, `headers` of EnvironmentConfig) and
   * returns its path. */
  config(name: string, settings: { tls?: object; headers?: object; network?: object; direct?: boolean }): string;
  close(): Promise<void>;
}

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

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

function randomSecret(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
}

/** CA, a server certificate for the three host names, a client certificate with a passphrase-protected key. */
function makeCertificates(dir: string, passphrase: string): Stage['files'] & { serverCert: string; serverKey: string } {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=PVH Test Company CA',
    ],
    dir,
  );
  writeFileSync(
    path.join(dir, 'server.ext'),
    `subjectAltName=${Object.values(STAGE_HOSTS)
      .map((h) => `DNS:${h}`)
      .join(',')}\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(
    ['req', ...ec, '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${STAGE_HOSTS.api}`],
    dir,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '2',
      '-extfile',
      'server.ext',
    ],
    dir,
  );
  writeFileSync(path.join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  openssl(
    [
      'req',
      ...ec,
      '-passout',
      `pass:${passphrase}`,
      '-keyout',
      'client.key',
      '-out',
      'client.csr',
      '-subj',
      '/CN=pvh-partner-client',
    ],
    dir,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'client.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'client.pem',
      '-days',
      '2',
      '-extfile',
      'client.ext',
    ],
    dir,
  );
  const at = (f: string) => path.join(dir, f);
  return {
    ca: at('ca.pem'),
    clientCert: at('client.pem'),
    clientKey: at('client.key'),
    serverCert: at('server.pem'),
    serverKey: at('server.key'),
  };
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

function upstream(u: string): string {
  return new URL(u).host;
}

function nginxConfig(
  dir: string,
  ports: { api: number; auth: number; legacy: number },
  ref: RunningReference,
  files: { serverCert: string; serverKey: string; ca: string },
  key: string,
): string {
  // A plain proxy_pass with nginx's defaults, as a partner or the platform team would put one in
  // front of a sandbox: HTTP/1.0 to the API, request and response buffered, 1 MiB bodies.
  const server = (port: number, host: string, target: string, gateway: boolean) => `
  server {
    listen 127.0.0.1:${port} ssl;
    server_name ${host};
    ${gateway ? `if ($http_${GATEWAY_HEADER.toLowerCase().replace(/-/g, '_')} != "${key}") { return 401 ` + `'${GATEWAY_REFUSAL}'; }` : ''}
    location / { proxy_pass http://${target}; }
  }`;
  return `# A TLS terminator in front of the reference API: mutual TLS everywhere, a gateway key on the API.
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  client_body_temp_path ${dir}/nginx-tmp/body;
  proxy_temp_path ${dir}/nginx-tmp/proxy;
  fastcgi_temp_path ${dir}/nginx-tmp/fastcgi;
  uwsgi_temp_path ${dir}/nginx-tmp/uwsgi;
  scgi_temp_path ${dir}/nginx-tmp/scgi;
  ssl_certificate ${files.serverCert};
  ssl_certificate_key ${files.serverKey};
  ssl_client_certificate ${files.ca};
  ssl_verify_client on;
${server(ports.api, STAGE_HOSTS.api, upstream(ref.baseUrl), true)}
${server(ports.auth, STAGE_HOSTS.auth, upstream(ref.authUrl), false)}
${server(ports.legacy, STAGE_HOSTS.legacy, upstream(ref.legacyBaseUrl), false)}
}
`;
}

function squidConfig(dir: string, port: number, ports: number[], root: boolean): string {
  return `# A company's forward proxy: a password, CONNECT only to the stage's ports, the only resolver of *.pvh.test.
http_port 127.0.0.1:${port}
pid_filename ${dir}/squid/squid.pid
cache_log ${dir}/squid/cache.log
access_log stdio:${dir}/squid/access.log
coredump_dir ${dir}/squid
cache deny all
hosts_file ${dir}/hosts
visible_hostname pvh-stage-proxy
shutdown_lifetime 0 seconds
${root ? 'cache_effective_user proxy' : ''}
auth_param basic program /usr/lib/squid/basic_ncsa_auth ${dir}/squid-passwd
auth_param basic realm pvh-stage
acl authed proxy_auth REQUIRED
acl stage_ports port ${ports.join(' ')}
acl CONNECT method CONNECT
http_access deny CONNECT !stage_ports
http_access allow authed
http_access deny all
`;
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
    ref = await startReferenceServer({});
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
