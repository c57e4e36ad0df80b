/**
 * The stage's certificates, made with openssl: a private CA, a server certificate for the stage's host names, and a
 * client certificate whose key has a passphrase.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { STAGE_HOSTS, type Stage } from './shape.ts';

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** CA, a server certificate for the three host names, a client certificate with a passphrase-protected key. */
export function makeCertificates(
  dir: string,
  passphrase: string,
): Stage['files'] & { serverCert: string; serverKey: string } {
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
