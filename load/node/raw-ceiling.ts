/**
 * The raw ceiling load:bench compares k6 with: closed-loop GETs of one certificate over the same
 * connection count, by wrk when installed (apt-get install wrk), else by autocannon in a child
 * process (raw-generator.ts; in-process it would share the server's event loop). The token
 * travels in the environment (wrk reads it in load/bench/wrk-auth.lua), on no command line.
 */
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';

const GENERATOR = fileURLToPath(new URL('./raw-generator.ts', import.meta.url));
const WRK_SCRIPT = fileURLToPath(new URL('../bench/wrk-auth.lua', import.meta.url));

export interface RawCeiling {
  tool: 'wrk' | 'autocannon';
  rps: number;
  /** wrk and autocannon report p90 and p99, not p95. */
  p90: number;
  p99: number;
  okShare: number;
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 but runs; ENOENT means it is not installed.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

function run(tool: RawCeiling['tool'], cmd: string, args: string[], token: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, PVH_BENCH_TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new CommandError(`${tool} exited ${code}.`))));
  });
}

const MS = { us: 0.001, ms: 1, s: 1000 } as const;
function wrkLatency(out: string, pct: string): number {
  const m = new RegExp(`\\s${pct}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
  return m ? Number(m[1]) * MS[m[2] as keyof typeof MS] : 0;
}

async function wrkCeiling(url: string, token: string, seconds: number, connections: number): Promise<RawCeiling> {
  const out = await run(
    'wrk',
    'wrk',
    ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', WRK_SCRIPT, url],
    token,
  );
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return {
    tool: 'wrk',
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p90: wrkLatency(out, '90'),
    p99: wrkLatency(out, '99'),
    okShare: requests ? (requests - non2xx) / requests : 0,
  };
}

async function autocannonCeiling(
  url: string,
  token: string,
  seconds: number,
  connections: number,
): Promise<RawCeiling> {
  const out = await run(
    'autocannon',
    process.execPath,
    ['--import', 'tsx', GENERATOR, url, String(seconds), String(connections)],
    token,
  );
  const r = JSON.parse(out.trim().split('\n').pop()!) as {
    requests: number;
    ok: number;
    seconds: number;
    p90: number;
    p99: number;
  };
  return {
    tool: 'autocannon',
    rps: r.requests / r.seconds,
    p90: r.p90,
    p99: r.p99,
    okShare: r.requests ? r.ok / r.requests : 0,
  };
}

export function rawCeiling(url: string, token: string, seconds: number, connections: number): Promise<RawCeiling> {
  return (hasWrk() ? wrkCeiling : autocannonCeiling)(url, token, seconds, connections);
}

export async function fetchToken(authUrl: string, cred: { clientId: string; clientSecret: string }): Promise<string> {
  const res = await fetch(authUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: cred.clientId,
      client_secret: cred.clientSecret,
    }).toString(),
  });
  const j = (await res.json()) as { access_token?: string };
  if (!j.access_token) throw new CommandError(`token request failed (HTTP ${res.status}).`);
  return j.access_token;
}
