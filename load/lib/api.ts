/** URLs and request parameters of the partner API (spec §4), tagged per operation for thresholds. */
import type { Params } from 'k6/http';
import type { LoadCertificate } from './load-config.ts';

export type Operation = 'book' | 'read' | 'readback' | 'remove' | 'token' | 'cleanup';

export { bookingUrl, certificateUrl } from '../../fixtures/contract/paths.ts';

export type IdKind = 'reference' | 'legacy';

/** The path identifier of a certificate: its reference, or its legacy number when asked and known. */
export function identifier(cert: LoadCertificate, kind: IdKind): { id: string; kind: IdKind } {
  return kind === 'legacy' && cert.legacyNumber ? { id: cert.legacyNumber, kind } : { id: cert.reference, kind: 'reference' };
}

export function params(token: string, op: Operation, idKind: IdKind, json = false): Params {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (json) headers['content-type'] = 'application/json';
  // `name` groups the URLs of all certificates into one series per operation and identifier kind.
  return { headers, tags: { op, id_kind: idKind, name: `${op}:${idKind}` } };
}
