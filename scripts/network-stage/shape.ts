/**
 * The network stage's names and shape: its made-up host names, the gateway's key header and refusal, the variables
 * its secrets travel in, and what a started stage offers.
 */

export const STAGE_HOSTS = { api: 'api.pvh.test', auth: 'auth.pvh.test', legacy: 'legacy.pvh.test' } as const;
export const GATEWAY_HEADER = 'Ocp-Apim-Subscription-Key';
/** Azure API Management's answer to a request without its key (what partners' gateways say). */
export const GATEWAY_REFUSAL =
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
