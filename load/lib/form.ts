/**
 * application/x-www-form-urlencoded as RFC 6749 App. B wants it (WHATWG serializer). The harness's
 * fixtures/harness/http/form.ts uses URLSearchParams, which the k6 runtime does not have; this is the same
 * algorithm on encodeURIComponent (load/node/build.test.ts checks both agree).
 */
export function formEncode(fields: Array<[string, string]>): string {
  return fields.map(([k, v]) => `${formEncodeValue(k)}=${formEncodeValue(v)}`).join('&');
}

export function formEncodeValue(value: string): string {
  // encodeURIComponent leaves !'()~ alone; the form serializer escapes them, and turns space into '+'.
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}
