/**
 * `npm run janitor -- --env NAME`: removes bookings the harness left behind (a run that was killed
 * before its cleanup). For each writable pool certificate it reads the certificate and removes the
 * booking only when bookingInfo holds a string starting with the harness's run-ID prefix (PVH-);
 * every other booking, and every other certificate, is left alone.
 *
 *   --env NAME            environment config (default $PVH_ENV or local)
 *   --allow-production    clean an environment whose config does not allow writes
 *   --dry-run             report what would be removed, remove nothing
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { baseUrlGivenOutsideConfig, ConfigError, importEnvironment, loadDotEnv, resolveEnvironment, type ResolvedEnvironment } from '../fixtures/environments/load.ts';
import type { EnvironmentConfig, PoolCertificate } from '../fixtures/environments/types.ts';
import { formEncode } from '../fixtures/contract/form.ts';
import { redact, registerSecret } from '../fixtures/harness/http/redact.ts';
import { certificateUrl } from '../fixtures/contract/paths.ts';
import { valuesWhere } from '../fixtures/contract/json-walk.ts';
import { BOOKING_REFERENCE_PREFIX } from '../fixtures/contract/booking.ts';

export type JanitorOutcome = 'removed' | 'would-remove' | 'left' | 'error';

export interface JanitorAction {
  reference: string;
  outcome: JanitorOutcome;
  detail: string;
}

export interface JanitorOptions {
  /** Injectable for tests; the global fetch (undici) by default. */
  fetch?: typeof fetch;
  log?: (line: string) => void;
  dryRun?: boolean;
}

/** The harness-made booking references found anywhere in a value (field names are not shown, spec §2.1). */
export function harnessReferences(value: unknown): string[] {
  return valuesWhere(value, (v): v is string => typeof v === 'string' && v.startsWith(BOOKING_REFERENCE_PREFIX));
}

/** Which certificates the janitor may touch: the writable pool, or with --allow-production the configured write set. */
export function janitorCertificates(env: ResolvedEnvironment): PoolCertificate[] {
  if (env.writable.length > 0) return env.writable;
  const named = env.config.writes.certificates ?? [];
  return env.pool.filter((p) => (named.length > 0 ? named.includes(p.reference) : p.role === 'bookable'));
}

async function primaryToken(env: ResolvedEnvironment, doFetch: typeof fetch): Promise<string> {
  const c = env.credentials.primary;
  const res = await doFetch(env.authUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formEncode({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
  });
  const body = (await res.json().catch(() => undefined)) as { access_token?: unknown } | undefined;
  if (res.status !== 200 || typeof body?.access_token !== 'string') throw new Error(`no token from ${env.authUrl}: HTTP ${res.status}`);
  registerSecret(body.access_token);
  return body.access_token;
}

/** Reads each certificate and removes only harness-made bookings. Never throws for one certificate. */
export async function runJanitor(env: ResolvedEnvironment, certificates: PoolCertificate[], options: JanitorOptions = {}): Promise<JanitorAction[]> {
  const doFetch = options.fetch ?? fetch;
  const log = options.log ?? ((line: string) => console.log(redact(line)));
  for (const s of env.secrets) registerSecret(s);
  const token = await primaryToken(env, doFetch);
  const headers = { authorization: `Bearer ${token}` };
  const actions: JanitorAction[] = [];
  const record = (a: JanitorAction) => {
    actions.push(a);
    log(`${a.outcome.padEnd(12)} ${a.reference}  ${a.detail}`);
  };

  for (const cert of certificates) {
    const url = certificateUrl(env.baseUrl, cert.reference);
    try {
      const read = await doFetch(url, { headers, signal: AbortSignal.timeout(env.requestTimeoutMs) });
      const text = await read.text();
      if (read.status !== 200) {
        record({ reference: cert.reference, outcome: 'error', detail: `GET answered HTTP ${read.status}: ${text.slice(0, 120)}` });
        continue;
      }
      let body: { bookingInfo?: unknown } | undefined;
      try {
        body = JSON.parse(text) as { bookingInfo?: unknown };
      } catch {
        record({ reference: cert.reference, outcome: 'error', detail: 'GET did not answer JSON' });
        continue;
      }
      const ours = harnessReferences(body?.bookingInfo);
      if (ours.length === 0) {
        record({ reference: cert.reference, outcome: 'left', detail: 'no harness booking' });
        continue;
      }
      if (options.dryRun) {
        record({ reference: cert.reference, outcome: 'would-remove', detail: `booking ${ours[0]}` });
        continue;
      }
      const del = await doFetch(`${url}/booking`, { method: 'DELETE', headers, signal: AbortSignal.timeout(env.requestTimeoutMs) });
      await del.body?.cancel();
      record(
        del.status >= 200 && del.status < 300
          ? { reference: cert.reference, outcome: 'removed', detail: `booking ${ours[0]} (HTTP ${del.status})` }
          : { reference: cert.reference, outcome: 'error', detail: `DELETE of booking ${ours[0]} answered HTTP ${del.status}` },
      );
    } catch (error) {
      record({ reference: cert.reference, outcome: 'error', detail: (error as Error).message });
    }
  }
  return actions;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      env: { type: 'string', default: process.env.PVH_ENV ?? 'local' },
      'allow-production': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('usage: npm run janitor -- --env NAME [--allow-production] [--dry-run]\nRemoves bookings whose bookingInfo holds a PVH- reference from the writable pool certificates.');
    return 0;
  }
  const name = values.env;
  loadDotEnv();
  let env: ResolvedEnvironment;
  try {
    const config = (await importEnvironment(name)) as EnvironmentConfig;
    if (config.embeddedReference && !baseUrlGivenOutsideConfig(process.env)) {
      console.log(`janitor: "${name}" uses the embedded reference API, which is in-memory and gone with its run: nothing to clean.`);
      return 0;
    }
    // Refuse before asking for credentials: a read-only target is the common case.
    if (!config.writes.allowed && !values['allow-production']) {
      console.error(`janitor: refusing: writes are not allowed on "${config.name}". Pass --allow-production to remove harness bookings there anyway.`);
      return 3;
    }
    env = resolveEnvironment(config, process.env, name);
  } catch (error) {
    console.error(`janitor: ${error instanceof ConfigError ? error.message : (error as Error).message}`);
    return 2;
  }
  const certificates = janitorCertificates(env);
  if (certificates.length === 0) {
    console.log(`janitor: "${env.name}" names no writable certificate: nothing to clean.`);
    return 0;
  }
  console.log(`janitor: ${env.name} (${env.baseUrl}), ${certificates.length} certificate(s)${values['dry-run'] ? ', dry run' : ''}`);
  try {
    const actions = await runJanitor(env, certificates, { dryRun: values['dry-run'] });
    const count = (o: JanitorOutcome) => actions.filter((a) => a.outcome === o).length;
    console.log(`janitor: ${count('removed')} removed, ${count('would-remove')} would be removed, ${count('left')} left alone, ${count('error')} errors`);
    return count('error') > 0 ? 1 : 0;
  } catch (error) {
    console.error(redact(`janitor: ${(error as Error).message}`));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
