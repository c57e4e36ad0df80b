/**
 * Where a run's metrics go and how they get there: a Prometheus remote-write endpoint named by
 * `--prometheus URL`, else $PVH_PROMETHEUS_URL, else the environment config's
 * `observability.prometheusRemoteWrite.url`, with extra headers whose values come from the
 * environment variables the config names (never from the config itself).
 *
 * Sending is best effort: an endpoint that is down, slow or refuses the samples never changes a
 * run's verdict or exit code. The command prints one line either way, naming the endpoint without
 * credentials (a URL may carry user:password, which becomes a Basic Authorization header).
 */
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { harnessVersion } from '../../fixtures/harness/run/run-info.ts';
import { writeRequestBody, type Sample } from './remote-write-codec.ts';

/** The config's setting (fixtures/environments/types.ts `observability.prometheusRemoteWrite`). */
export interface RemoteWriteSetting {
  url?: string;
  /** Header name -> the environment variable holding its value. */
  headersFromEnv?: Readonly<Record<string, string>>;
}

export interface RemoteWriteTarget {
  /** The URL without user information. */
  url: string;
  /** Every header to send, credentials included: never print them. */
  headers: Record<string, string>;
  /** The URL as it may be printed: origin and path only. */
  shown: string;
  /** Why nothing can be sent although an endpoint was named (a header's variable is not set). */
  unusable?: string;
}

export const PROMETHEUS_URL_VAR = 'PVH_PROMETHEUS_URL';

/** The help text of every command's --prometheus flag. */
export const PROMETHEUS_FLAG = {
  type: 'string',
  value: 'URL',
  help:
    `send the run's metrics to this Prometheus remote-write endpoint (e.g.\nhttp://127.0.0.1:9090/api/v1/write; ` +
    `user:password in it becomes Basic auth); default\n$${PROMETHEUS_URL_VAR}, then the config's ` +
    `observability.prometheusRemoteWrite. Best effort:\nnever changes the verdict or the exit code`,
} as const;

/** The endpoint of a run, or undefined when none is named. A malformed URL is a usage error (exit 2). */
export function remoteWriteTarget(
  flag: string | undefined,
  setting: RemoteWriteSetting | undefined,
  env: NodeJS.ProcessEnv = process.env,
): RemoteWriteTarget | undefined {
  const raw = [flag, env[PROMETHEUS_URL_VAR], setting?.url].find((u) => u !== undefined && u.trim() !== '');
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new CommandError(`--prometheus: not a URL (it must look like http://host:9090/api/v1/write)`);
  }
  if (!/^https?:$/.test(url.protocol))
    throw new CommandError(
      `--prometheus: the remote-write URL must be http or https, not ${url.protocol.replace(/:$/, '')}`,
    );
  const headers: Record<string, string> = {};
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  url.username = '';
  url.password = '';
  const target: RemoteWriteTarget = { url: url.toString(), headers, shown: `${url.origin}${url.pathname}` };
  const missing: string[] = [];
  for (const [name, variable] of Object.entries(setting?.headersFromEnv ?? {})) {
    const value = env[variable];
    if (value) headers[name.toLowerCase()] = value;
    else missing.push(`${variable} (header ${name})`);
  }
  if (missing.length > 0) target.unusable = `${missing.join(', ')} not set`;
  return target;
}

export type SendResult = { ok: true; series: number } | { ok: false; reason: string };

/** POSTs the samples (remote-write 1.0); never throws. */
export async function pushSamples(
  target: RemoteWriteTarget,
  samples: readonly Sample[],
  timeoutMs = 10_000,
): Promise<SendResult> {
  if (target.unusable) return { ok: false, reason: target.unusable };
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      body: writeRequestBody(samples),
      headers: {
        'content-type': 'application/x-protobuf',
        'content-encoding': 'snappy',
        'x-prometheus-remote-write-version': '0.1.0',
        'user-agent': `partner-voucher-harness/${harnessVersion()}`,
        ...target.headers,
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text().catch(() => '');
    if (res.ok) return { ok: true, series: samples.length };
    return {
      ok: false,
      reason: `HTTP ${res.status}${text.trim() ? `: ${text.trim().split('\n')[0]!.slice(0, 200)}` : ''}`,
    };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const why =
      e.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { ok: false, reason: why };
  }
}

/** Sends and prints the one line saying whether the metrics went out. */
export async function sendSamples(
  command: string,
  target: RemoteWriteTarget,
  samples: readonly Sample[],
  log: (line: string) => void = (l) => console.log(l),
): Promise<SendResult> {
  const result = await pushSamples(target, samples);
  if (result.ok) log(`${command}: sent ${result.series} series to Prometheus at ${target.shown}`);
  else
    log(
      `${command}: metrics not sent to Prometheus at ${target.shown}: ${result.reason} (the run's verdict is ` +
        `unchanged)`,
    );
  return result;
}
