/** Read inside k6: the runner's hand-over (its type and variables: load-config.ts), failing early with a clear message.
 * */
import { CONFIG_VAR, NETWORK_VAR, SECRET_VARS, type LoadConfig, type LoadNetwork } from './load-config.ts';

export interface ClientCredential {
  clientId: string;
  clientSecret: string;
}

export function loadConfig(): LoadConfig {
  const raw = __ENV[CONFIG_VAR];
  if (!raw)
    throw new Error(
      `${CONFIG_VAR} is not set: start load scenarios with "npm run load -- --scenario NAME", not with k6 directly.`,
    );
  return JSON.parse(raw) as LoadConfig;
}

export function primaryCredential(): ClientCredential {
  const clientId = __ENV[SECRET_VARS.clientId];
  const clientSecret = __ENV[SECRET_VARS.clientSecret];
  if (!clientId || !clientSecret)
    throw new Error(`${SECRET_VARS.clientId} / ${SECRET_VARS.clientSecret} are not set (the runner passes them).`);
  return { clientId, clientSecret };
}

export function shortLivedCredential(): ClientCredential | undefined {
  const clientId = __ENV[SECRET_VARS.shortClientId];
  const clientSecret = __ENV[SECRET_VARS.shortClientSecret];
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

let network: LoadNetwork | undefined;

/** The runner's network hand-over (no extra headers, no client certificate when unset). */
export function loadNetwork(): LoadNetwork {
  network ??= __ENV[NETWORK_VAR]
    ? (JSON.parse(__ENV[NETWORK_VAR]) as LoadNetwork)
    : { headers: { api: {}, token: {} } };
  return network;
}

/** k6 options for the network: the client certificate (tlsAuth) and insecureSkipTLSVerify, when set. */
export function networkOptions(): { tlsAuth?: LoadNetwork['tlsAuth']; insecureSkipTLSVerify?: boolean } {
  const n = loadNetwork();
  return {
    ...(n.tlsAuth ? { tlsAuth: n.tlsAuth } : {}),
    ...(n.insecureSkipTLSVerify ? { insecureSkipTLSVerify: true } : {}),
  };
}
