/**
 * Parses the Bearer challenge out of a WWW-Authenticate value (RFC 9110 §11.6.1, RFC 6750 §3).
 * Pure: the specs assert on what it returns.
 */
export interface BearerChallenge {
  /** Auth-params with lower-cased names and unquoted values. */
  params: Record<string, string>;
}

/** The Bearer challenge of a WWW-Authenticate value, or undefined when there is none. */
export function bearerChallenge(header: string | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  // A value may list several challenges; find the one whose scheme is Bearer (schemes are case-insensitive).
  const start = /(?:^|,)\s*bearer(?=\s|,|$)/i.exec(header);
  if (!start) return undefined;
  const rest = header.slice(start.index + start[0].length);
  const params: Record<string, string> = {};
  const param = /^\s*,?\s*([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/;
  let tail = rest;
  for (let m = param.exec(tail); m; m = param.exec(tail)) {
    params[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
    tail = tail.slice(m[0].length);
  }
  return { params };
}
