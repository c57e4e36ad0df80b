/**
 * How the run reached the target, when not directly with default trust (proxy, extra CAs, client
 * certificate, extra header names; never a secret), carried in results.json as `network` and shown
 * near the top of SUMMARY.md and index.html. tls.insecureSkipVerify is a warning in each: such a
 * run checked an unverified server.
 */
import type { NetworkNote } from '../../fixtures/harness/network/settings.ts';
import type { CertificationResults } from './verdicts.ts';

export type WithNetwork = CertificationResults & { network?: NetworkNote };

export function withNetwork<R extends CertificationResults>(results: R, note: NetworkNote | undefined): R & { network?: NetworkNote } {
  return note ? Object.assign(results, { network: note }) : results;
}

export const INSECURE_REPORT_LINE = 'WARNING: tls.insecureSkipVerify was on: the server certificate was NOT verified, so this run does not show who answered; it is not a certification of a production target.';

/** Plain lines: the warning first, then how the target was reached. */
export function networkLines(r: CertificationResults): string[] {
  const n = (r as WithNetwork).network;
  if (!n) return [];
  return [
    ...(n.insecureSkipVerify ? [INSECURE_REPORT_LINE] : []),
    ...(n.proxy ? [`Reached through the proxy ${n.proxy}`] : []),
    ...(n.caFiles ? [`Trusted CA certificates besides the public ones: ${n.caFiles.join(', ')}`] : []),
    ...(n.clientCertificate ? [`Client certificate (mutual TLS): ${n.clientCertificate}`] : []),
    ...(n.headers ? [`Extra headers on every request (values redacted): ${n.headers.join(', ')}`] : []),
  ];
}
