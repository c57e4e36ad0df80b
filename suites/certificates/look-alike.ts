/** Look-alike of an identifier: the first Latin letter swapped for a Cyrillic twin (or a fullwidth form). */
export function lookAlike(id: string): string {
  const cyrillic: Record<string, string> = { A: '\u0410', B: '\u0412', C: '\u0421', E: '\u0415', H: '\u041D', K: '\u041A', M: '\u041C', O: '\u041E', P: '\u0420', T: '\u0422', X: '\u0425' };
  const i = [...id].findIndex((ch) => cyrillic[ch] !== undefined);
  if (i >= 0) return id.slice(0, i) + cyrillic[id[i]!]! + id.slice(i + 1);
  // Fullwidth forms sit at a fixed offset from ASCII.
  return String.fromCharCode(id.charCodeAt(0) + 0xfee0) + id.slice(1);
}
