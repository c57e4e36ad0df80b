/**
 * The variables that make k6 reach the target the way the environment's config and the process
 * environment say: HTTPS_PROXY/HTTP_PROXY/NO_PROXY (k6 is Go: it reads them itself, and never
 * proxies loopback), SSL_CERT_FILE with the public roots plus the extra CA certificates (Go on
 * Linux replaces the system roots with that file), and PVH_LOAD_NETWORK for what k6 takes in its
 * options or per request: the client certificate (tlsAuth), insecureSkipTLSVerify, extra headers.
 */
import { createPrivateKey } from 'node:crypto';
import type { ResolvedEnvironment } from '../../fixtures/environments/load.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { fullCaBundle, proxyChildEnv } from '../../fixtures/environments/network/child-env.ts';
import { NETWORK_VAR, type LoadNetwork } from '../lib/load-config.ts';

function headersTo(env: ResolvedEnvironment, target: 'api' | 'token'): Record<string, string> {
  return Object.fromEntries(env.network.headers.filter((h) => h.to.includes(target)).map((h) => [h.name, h.value]));
}

export function loadNetworkFor(env: ResolvedEnvironment): LoadNetwork {
  const n = env.network;
  const out: LoadNetwork = { headers: { api: headersTo(env, 'api'), token: headersTo(env, 'token') } };
  const c = n.tls.clientCertificate;
  if (c) {
    if (!c.cert || !c.key) {
      throw new CommandError(
        `k6 takes a client certificate only as PEM: tls.clientCertificate names a PKCS#12 file ` +
          `(${c.describe}); convert it (openssl pkcs12 -in FILE -clcerts -nokeys -out cert.pem; openssl pkcs12 ` +
          `-in FILE -nocerts -out key.pem) and name certFile and keyFile.`,
      );
    }
    let key: string;
    try {
      key = createPrivateKey({
        key: c.key,
        format: 'pem',
        ...(c.passphrase !== undefined ? { passphrase: c.passphrase } : {}),
      })
        .export({ type: 'pkcs8', format: 'pem' })
        .toString();
    } catch (error) {
      throw new CommandError(
        `the client certificate's key (${c.describe}) could not be read: ${(error as Error).message.split('\n')[0]} ` +
          `(check the passphrase variable tls.clientCertificate.passphraseEnv names).`,
      );
    }
    const domains = [
      ...new Set(
        [env.baseUrl, env.authUrl]
          .map((u) => new URL(u))
          .filter((u) => u.protocol === 'https:')
          .map((u) => u.hostname),
      ),
    ];
    out.tlsAuth = [{ domains, cert: c.cert.toString('utf8'), key }];
  }
  if (n.tls.insecureSkipVerify) out.insecureSkipTLSVerify = true;
  return out;
}

/** Every variable k6 needs for the network; secrets among them (proxy password, key, header values): never printed. */
export function k6NetworkEnv(env: ResolvedEnvironment): NodeJS.ProcessEnv {
  const bundle = fullCaBundle(env.network);
  return {
    ...proxyChildEnv(env.network),
    ...(bundle ? { SSL_CERT_FILE: bundle } : {}),
    [NETWORK_VAR]: JSON.stringify(loadNetworkFor(env)),
  };
}
