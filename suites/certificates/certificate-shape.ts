/**
 * Non-asserting helpers about certificate bodies: is something a certificate (or a list holding
 * one), and which members are objects. The spec names only a few fields (§2.1), so these look at
 * shape, never at the reference API's own field names.
 */

export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True for a certificate, or any array / wrapper that carries one (a refusal must carry none). */
export function carriesCertificate(body: unknown): boolean {
  if (Array.isArray(body)) return body.some(carriesCertificate);
  if (!isObject(body)) return false;
  if (typeof body.certificateReferenceNumber === 'string') return true;
  return Object.values(body).some((v) => Array.isArray(v) && v.some(carriesCertificate));
}

/** "object(s)" in the spec's sense: an object, or a non-empty array of objects. */
export function isObjectOrObjects(v: unknown): boolean {
  return isObject(v) || (Array.isArray(v) && v.length > 0 && v.every(isObject));
}

/** Names of members holding object(s), bookingInfo excepted: candidates for product and balance. */
export function objectMembers(body: Json): string[] {
  return Object.keys(body).filter((k) => k !== 'bookingInfo' && isObjectOrObjects(body[k]));
}

/** Look-alike of an identifier: the first Latin letter swapped for a Cyrillic twin (or a fullwidth form). */
export function lookAlike(id: string): string {
  const cyrillic: Record<string, string> = { A: '\u0410', B: '\u0412', C: '\u0421', E: '\u0415', H: '\u041D', K: '\u041A', M: '\u041C', O: '\u041E', P: '\u0420', T: '\u0422', X: '\u0425' };
  const i = [...id].findIndex((ch) => cyrillic[ch] !== undefined);
  if (i >= 0) return id.slice(0, i) + cyrillic[id[i]!]! + id.slice(i + 1);
  // Fullwidth forms sit at a fixed offset from ASCII.
  return String.fromCharCode(id.charCodeAt(0) + 0xfee0) + id.slice(1);
}
