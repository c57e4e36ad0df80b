/**
 * Runs a command of the harness (certify, load, migrate:check) as a child process with none of the caller's proxy or
 * target variables, echoing and keeping its output, and reads back a certification's clause verdicts.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Outcome {
  code: number;
  output: string;
}

const PROXY_VARS = [
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'PVH_BASE_URL',
  'PVH_AUTH_URL',
  'PVH_LEGACY_BASE_URL',
  'PVH_ENV',
];

/** Runs the harness command `script` with `args` and `env`, writing under `reportDir`; echoes its output and returns it
 * with the exit code. */
export function run(script: string, args: string[], env: Record<string, string>, reportDir: string): Promise<Outcome> {
  const base = { ...process.env };
  for (const v of PROXY_VARS) delete base[v];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...base, PVH_WORKERS: '2', ...env, PVH_REPORT_DIR: reportDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (c: Buffer) => {
      output += c.toString();
      process.stdout.write(c);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The clause verdicts of the certification written under `reportDir` (none when it wrote no results). */
export function clauseVerdicts(reportDir: string): Map<string, string> {
  const file = path.join(reportDir, 'certification', 'results.json');
  if (!existsSync(file)) return new Map();
  const results = JSON.parse(readFileSync(file, 'utf8')) as { clauses: Array<{ id: string; verdict: string }> };
  return new Map(results.clauses.map((c) => [c.id, c.verdict]));
}
