/**
 * The canaries of `npm run canary`: recognisable client secrets (reserved characters included) and
 * a token prefix, the scan of a run's reports and output for them, and --plant's deliberate leaks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildNeedles, scanText, scanTree, tokenSet, type SecretSpec } from '../../fixtures/harness/http/secret-scan.ts';

export const SECRET_MARKER = 'CANARY-s3cr3t';
export const TOKEN_PREFIX = 'CANARY-t0ken-';

/** One canary per demo user; each carries characters that change under URL, form and HTML encoding. */
export const CANARY_SECRETS: Readonly<Record<string, string>> = {
  'partner-all': `${SECRET_MARKER}+all&key=100%é€`,
  'partner-london': `${SECRET_MARKER}+lon don&50%=half£`,
  'partner-readonly': `${SECRET_MARKER}+read=only&%20ñ/x`,
  'partner-shortlived': `${SECRET_MARKER}+short & soon=gone%ü?`,
};

/** The password of the canary run's Prometheus endpoint (user "canary"): sent only as a Basic header. */
export const PROMETHEUS_PASSWORD = `${SECRET_MARKER}+prom:pa ss@w/rd§`;

export function canarySpecs(): SecretSpec[] {
  return [
    ...Object.entries(CANARY_SECRETS).map(([id, value]) => ({ name: `client secret of ${id}`, value, basicUsers: [id] })),
    { name: 'Prometheus remote-write password', value: PROMETHEUS_PASSWORD, basicUsers: ['canary'] },
  ];
}

/** Scans the report dir and the captured output for the canaries and the issued tokens. */
export function scanRun(reportDir: string, captured: string, issuedTokens: string[]) {
  const needles = buildNeedles(canarySpecs(), [SECRET_MARKER, TOKEN_PREFIX]);
  // The random part alone too (a leak that dropped the prefix); the prefix itself is a marker.
  const tokens = tokenSet('bearer token issued in this run', issuedTokens.map((t) => t.slice(TOKEN_PREFIX.length)));
  const tree = scanTree(reportDir, needles, tokens);
  const output = scanText('<captured output>', captured, needles, tokens);
  return { ...tree, findings: [...tree.findings, ...output] };
}

/** --plant: leaks canaries the ways a careless harness would, into a report file and the output. */
export function plantLeaks(reportDir: string, issuedToken: string | undefined): string {
  const london = CANARY_SECRETS['partner-london']!;
  const all = CANARY_SECRETS['partner-all']!;
  const dir = path.join(reportDir, 'test-results', 'planted-leak');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'exchange.txt'),
    [
      `POST /oauth/token body grant_type=client_credentials&client_id=partner-london&client_secret=${new URLSearchParams({ v: london }).toString().slice(2)}`,
      `GET /legacy Authorization: Basic ${Buffer.from(`partner-all:${all}`).toString('base64')}`,
      issuedToken ? `GET /api Authorization: Bearer ${issuedToken}` : '',
    ].join('\n'),
  );
  return `planted: client_secret=${encodeURIComponent(all)}\n`;
}
