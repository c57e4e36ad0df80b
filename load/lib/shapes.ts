/**
 * Body checks for k6 `check()`, on the contract's own rules (the same problem rules and certificate
 * shape the harness uses, bundled by esbuild), adapted to k6's response object.
 */
import type { RefinedResponse, ResponseType } from 'k6/http';
import { isCertificate } from '../../fixtures/contract/certificate-body.ts';
import { someString } from '../../fixtures/contract/json-walk.ts';
import { problemName, problemViolations } from '../../fixtures/contract/problem-rules.ts';

type Res = RefinedResponse<ResponseType | undefined>;

export function jsonBody(res: Res): Record<string, unknown> | undefined {
  try {
    const j = res.json();
    return j && typeof j === 'object' && !Array.isArray(j) ? (j as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** One problem violation, or undefined when `res` is a well-formed problem (with the given name). */
export function problemViolation(res: Res, name?: string): string | undefined {
  const mediaType = String(res.headers['Content-Type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const text = typeof res.body === 'string' ? res.body : '';
  const first = problemViolations({
    status: res.status,
    mediaType,
    text,
    json: <T>() => jsonBody(res) as T | undefined,
  })[0];
  if (first) return `[${first.clause}] ${first.message}`;
  const got = problemName(jsonBody(res));
  return name !== undefined && got !== name ? `name ${String(got)} instead of ${name}` : undefined;
}

/** One certificate violation, or undefined when the body is the certificate that was asked for. */
export function certificateViolation(res: Res, expectedReference: string, legacyNumber?: string): string | undefined {
  const c = jsonBody(res);
  if (!c || !isCertificate(c)) return 'body is not a certificate';
  if (c.certificateReferenceNumber !== expectedReference)
    return `another certificate (${String(c.certificateReferenceNumber)})`;
  if (legacyNumber !== undefined && c.externalReferenceNumber !== legacyNumber)
    return 'externalReferenceNumber differs from the legacy number';
  return undefined;
}

/** A problem naming `name` (media type and type URN as the reference API writes them), else the full check. */
export function isNamedProblem(res: Res, name: string): boolean {
  const body = res.body;
  const fast =
    String(res.headers['Content-Type'] ?? '').startsWith('application/problem+json') &&
    typeof body === 'string' &&
    body.indexOf(`"type":"urn:service:error:${name}"`) >= 0;
  return fast || problemViolation(res, name) === undefined;
}

/** The identity members as the reference API and most serialisers write them, searched for verbatim by
 * identityViolation. */
export function identityNeedles(expectedReference: string, legacyNumber?: string): string[] {
  const ref = `"certificateReferenceNumber":"${expectedReference}"`;
  return legacyNumber === undefined ? [ref] : [ref, `"externalReferenceNumber":"${legacyNumber}"`];
}

/**
 * Is this body the certificate asked for? Per request, so it looks first for the identity members
 * verbatim (a substring search costs next to nothing; callers that read often pass the needles
 * built once); a body without them (other spacing, key order or escaping) is parsed and judged by
 * certificateViolation. The full shape is checked on a sample (read-throughput).
 */
export function identityViolation(
  res: Res,
  expectedReference: string,
  legacyNumber?: string,
  needles = identityNeedles(expectedReference, legacyNumber),
): string | undefined {
  // res.body read once: k6 may convert a response property into a JS value on every read.
  const raw = res.body;
  const body = typeof raw === 'string' ? raw : '';
  // An indexed loop: k6's JavaScript runtime is an interpreter, where a callback per needle costs.
  for (let i = 0; i < needles.length; i += 1)
    if (body.indexOf(needles[i]!) < 0) return certificateViolation(res, expectedReference, legacyNumber);
  return undefined;
}

/** Whether any string in `v` starts with `prefix` (our bookings, whatever the field names). */
export function containsPrefix(v: unknown, prefix: string): boolean {
  return someString(v, (s) => s.startsWith(prefix));
}
