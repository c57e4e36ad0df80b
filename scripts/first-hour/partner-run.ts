/**
 * A partner's certify run against the independent implementation (peers/independent-api), as the
 * README tells them to start it: the config's variables exported, nothing of the harness's own.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { NO_DOTENV } from '../../fixtures/harness/run/hermetic-env.ts';
import { bookingShown } from '../../fixtures/harness/preflight/preflight-audit-pool.ts';
import { PEER_VARIABLES, peerPool, type IndependentPeer } from '../../fixtures/harness/peers/independent-api/start.ts';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';
import { RUN_PREFIXES, envWithout } from '../../fixtures/harness/run/hermetic-env.ts';
import { captureLines } from '../lib/captured-run.ts';

export interface PartnerRun {
  code: number | null;
  output: string;
  ms: number;
}

/** The process environment without anything of the harness (PVH_*, REF_*), plus `extra`; no .env unless `extra` names
 * one (PVH_DOTENV). */
export function partnerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const clean = envWithout([...RUN_PREFIXES, 'PEER_']);
  return { ...clean, ...PEER_VARIABLES, CI: '1', PVH_DOTENV: NO_DOTENV, ...extra };
}

/**
 * `npm run certify -- --env CONFIG ARGS` in a child, started as npm starts it (scripts/launch.mjs); `onLine` sees
 * each output line and may signal the run's process group.
 */
export function certifyPartner(
  config: string,
  reportDir: string,
  options: {
    args?: string[];
    env?: NodeJS.ProcessEnv;
    /** `pid`: certify's process (its process group's leader). */
    onLine?: (line: string, signal: (s: NodeJS.Signals) => void, pid: number) => void;
    /** A signal to the run's process group this long after it started, as a Ctrl-C at a moment of the run. */
    signalAfter?: { ms: number; signal: NodeJS.Signals };
  } = {},
): Promise<PartnerRun> {
  const t0 = Date.now();
  const child = spawn(
    process.execPath,
    [
      path.join(PROJECT_ROOT, 'scripts', 'launch.mjs'),
      path.join(PROJECT_ROOT, 'scripts', 'certify.ts'),
      '--env',
      config,
      ...(options.args ?? []),
    ],
    {
      cwd: PROJECT_ROOT,
      env: partnerEnv({ PVH_REPORT_DIR: reportDir, ...options.env }),
      // Its own process group: a signal goes to certify and its workers together, as Ctrl-C in a terminal does.
      detached: true,
    },
  );
  const output = captureLines(child, (l) => options.onLine?.(l, (s) => process.kill(-child.pid!, s), child.pid!));
  const after = options.signalAfter;
  const timer = after && setTimeout(() => process.kill(-child.pid!, after.signal), after.ms);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output(), ms: Date.now() - t0 });
    }),
  );
}

export function readResults(dir: string): CertificationResults | undefined {
  const file = path.join(dir, 'results.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CertificationResults) : undefined;
}

/** The peer's certificates that carry a booking of this harness (bookingReference PVH-…), read with the primary user.
 * */
export async function harnessBookings(peer: IndependentPeer): Promise<string[]> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: PEER_VARIABLES.PEER_ID,
    client_secret: PEER_VARIABLES.PEER_SECRET,
  });
  const token = ((await (await fetch(peer.auth, { method: 'POST', body: form })).json()) as { access_token: string })
    .access_token;
  const ours: string[] = [];
  for (const p of peerPool()) {
    const res = await fetch(`${peer.api}/api/v1/voucher-certificates/${p.reference}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status === 200 && bookingShown((await res.json()) as Record<string, unknown>).ours) ours.push(p.reference);
  }
  return ours;
}
