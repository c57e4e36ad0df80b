/**
 * Body checks for k6 `check()`: the certificate model and RFC 7807 problems, with the patterns
 * shared with the harness's JSON schemas (fixtures/contract/schemas/definitions.ts) so both agree.
 */
import type { RefinedResponse, ResponseType } from 'k6/http';
import { PROBLEM_TYPE_PATTERN, REFERENCE_PATTERN } from '../../fixtures/contract/schemas/definitions.ts';

const problemType = new RegExp(PROBLEM_TYPE_PATTERN);
const reference = new RegExp(REFERENCE_PATTERN);

type Res = RefinedResponse<ResponseType | undefined>;

export function jsonBody(res: Res): Record<string, unknown> | undefined {
  try {
    const j = res.json();
    return j && typeof j === 'object' && !Array.isArray(j) ? (j as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** One problem violation, or undefined when `res` is a well-formed problem with the given name. */
export function problemViolation(res: Res, name?: string): string | undefined {
  const media = String(res.headers['Content-Type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (media !== 'application/problem+json') return `media type ${media || '(none)'}`;
  const p = jsonBody(res);
  if (!p) return 'body is not a JSON object';
  if (typeof p.type !== 'string' || !problemType.test(p.type)) return `type ${String(p.type)}`;
  if (p.title !== p.type.split(':').pop()) return `title ${String(p.title)} does not match type`;
  if (p.status !== res.status) return `status member ${String(p.status)}`;
  if (typeof p.detail !== 'string' || typeof p.traceId !== 'string' || p.traceId === '') return 'detail or traceId missing';
  if (name !== undefined && p.title !== name) return `name ${String(p.title)} instead of ${name}`;
  return undefined;
}

/** One certificate violation, or undefined when the body is the certificate that was asked for. */
export function certificateViolation(res: Res, expectedReference: string, legacyNumber?: string): string | undefined {
  const c = jsonBody(res);
  if (!c) return 'body is not a JSON object';
  if (typeof c.certificateReferenceNumber !== 'string' || !reference.test(c.certificateReferenceNumber)) return 'certificateReferenceNumber malformed';
  if (c.certificateReferenceNumber !== expectedReference) return `another certificate (${c.certificateReferenceNumber})`;
  if (!c.bookingInfo || typeof c.bookingInfo !== 'object') return 'bookingInfo missing';
  if (legacyNumber !== undefined && c.externalReferenceNumber !== legacyNumber) return 'externalReferenceNumber differs from the legacy number';
  return undefined;
}

/** Whether any string in `v` starts with `prefix` (our bookings, whatever the field names). */
export function containsPrefix(v: unknown, prefix: string): boolean {
  if (typeof v === 'string') return v.startsWith(prefix);
  if (Array.isArray(v)) return v.some((x) => containsPrefix(x, prefix));
  if (v && typeof v === 'object') return Object.values(v).some((x) => containsPrefix(x, prefix));
  return false;
}
