/**
 * The raw ceiling load:bench compares k6 with: closed-loop GETs of one certificate by `wrk` when
 * installed, else by a small undici generator in a child process (raw-generator.ts; in-process it
 * would share the server's event loop).
 */
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CommandError } from '../../fixtures/harness/command-error.ts';

const RAW_SECONDS = 8;
const RAW_CONNECTIONS = 16;
const GENERATOR = fileURLToPath(new URL('./raw-generator.ts', import.meta.url));

export interface RawCeiling {
  tool: string;
  rps: number;
  p95: number;
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

function wrkCeiling(url: string, token: string): RawCeiling {
  const out = execFileSync('wrk', ['-t2', `-c${RAW_CONNECTIONS}`, `-d${RAW_SECONDS}s`, '--latency', '-H', `Authorization: Bearer ${token}`, url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p90 = /90%\s+([\d.]+)(us|ms|s)/.exec(out);
  const scale = { us: 0.001, ms: 1, s: 1000 } as const;
  return { tool: 'wrk (p90)', rps, p95: p90 ? Number(p90[1]) * scale[p90[2] as keyof typeof scale] : 0, okShare: /Non-2xx/.test(out) ? 0 : 1 };
}

async function generatorCeiling(url: string, token: string): Promise<RawCeiling> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', GENERATOR, url, String(RAW_SECONDS), String(RAW_CONNECTIONS)], {
      env: { ...process.env, PVH_BENCH_TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`raw generator exited ${code}`))));
  });
  const r = JSON.parse(out.trim().split('\n').pop()!) as { requests: number; ok: number; seconds: number; p95: number };
  return { tool: `undici closed loop, ${RAW_CONNECTIONS} connections`, rps: r.requests / r.seconds, p95: r.p95, okShare: r.requests ? r.ok / r.requests : 0 };
}

export function rawCeiling(url: string, token: string): Promise<RawCeiling> {
  return hasWrk() ? Promise.resolve(wrkCeiling(url, token)) : generatorCeiling(url, token);
}

export async function fetchToken(authUrl: string, cred: { clientId: string; clientSecret: string }): Promise<string> {
  const res = await fetch(authUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: cred.clientId, client_secret: cred.clientSecret }).toString(),
  });
  const j = (await res.json()) as { access_token?: string };
  if (!j.access_token) throw new CommandError(`bench: token request failed (HTTP ${res.status}).`);
  return j.access_token;
}
