/** URLs and request parameters of the partner API (spec §4), tagged per operation for thresholds. */
import type { Params } from 'k6/http';
import { loadNetwork } from './k6-config.ts';
import type { LoadCertificate } from './load-config.ts';

export type Operation = 'book' | 'read' | 'readback' | 'remove' | 'token' | 'cleanup';

export { bookingUrl, certificateUrl } from '../../fixtures/contract/paths.ts';

export type IdKind = 'reference' | 'legacy';

/** The path identifier of a certificate: its reference, or its legacy number when asked and known. */
export function identifier(cert: LoadCertificate, kind: IdKind): { id: string; kind: IdKind } {
  return kind === 'legacy' && cert.legacyNumber
    ? { id: cert.legacyNumber, kind }
    : { id: cert.reference, kind: 'reference' };
}

export function params(token: string, op: Operation, idKind: IdKind, json = false): Params {
  const headers: Record<string, string> = {
    ...loadNetwork().headers.api,
    authorization: `Bearer ${token}`,
    accept: 'application/json',
  };
  if (json) headers['content-type'] = 'application/json';
  // `name` groups the URLs of all certificates into one series per operation and identifier kind.
  return { headers, tags: { op, id_kind: idKind, name: `${op}:${idKind}` } };
}

/**
 * The system tags every sample keeps. k6's default set adds url, proto, tls_version, error, group
 * and service to each of the ~10 samples a request makes; the scenarios set `name` themselves and
 * nothing reads the rest, so the generator spends less per request without them.
 */
export const SYSTEM_TAGS = ['status', 'method', 'name', 'scenario', 'expected_response', 'check', 'error_code'];

/** Request params per operation and identifier kind, built once per token instead of once per request. */
export class ParamsCache {
  private token = '';
  private readonly byKey = new Map<string, Params>();

  get(token: string, op: Operation, idKind: IdKind, json = false): Params {
    if (token !== this.token) {
      this.token = token;
      this.byKey.clear();
    }
    const key = `${op}|${idKind}|${json ? 'j' : ''}`;
    let p = this.byKey.get(key);
    if (!p) {
      p = params(token, op, idKind, json);
      this.byKey.set(key, p);
    }
    return p;
  }
}
