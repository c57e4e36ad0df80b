/**
 * Finds secrets in files and captured output: every known secret in the forms it can take on the
 * way out of a run (raw, URL-encoded, form-encoded, JSON- and HTML-escaped, base64/base64url at any
 * alignment, so also inside a Basic `id:secret` credential) plus plain marker strings (the canary
 * prefixes, which survive truncation). Findings name file, offset and form, never the secret.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Needle {
  /** What it is, without its value: "client secret of partner-all, base64". */
  label: string;
  bytes: Buffer;
}

export interface SecretSpec {
  /** Who or what the secret belongs to, for the finding (never the value). */
  name: string;
  value: string;
  /** Usernames it may be paired with in HTTP Basic credentials. */
  basicUsers?: string[];
}

export interface Finding {
  source: string;
  offset: number;
  label: string;
  masked: string;
}

/** A printable hint that is not the secret: its first 3 characters and its length. */
export function mask(value: string): string {
  return `${value.slice(0, 3)}***(${value.length} chars)`;
}

const MIN_NEEDLE = 8;

/**
 * Base64 of `value` wherever it sits in a longer encoded text: for each of the 3 byte alignments,
 * only the 4-character groups made entirely of the value's own bytes.
 */
export function base64Fragments(value: string): string[] {
  const raw = Buffer.from(value, 'utf8');
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const padded = Buffer.concat([Buffer.alloc(k, 0), raw]);
    const full = Math.floor(padded.length / 3) * 4;
    const frag = padded.toString('base64').slice(k === 0 ? 0 : 4, full);
    if (frag.length >= MIN_NEEDLE) out.push(frag);
  }
  return out;
}

function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function jsonAscii(s: string): string {
  return JSON.stringify(s).slice(1, -1).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Every form of a secret worth looking for, deduplicated. */
export function needlesFor(spec: SecretSpec): Needle[] {
  const forms = new Map<string, string>();
  const add = (form: string, label: string) => {
    if (form.length >= Math.min(MIN_NEEDLE, spec.value.length) && !forms.has(form)) forms.set(form, label);
  };
  const v = spec.value;
  const formEncoded = new URLSearchParams({ v }).toString().slice(2);
  add(v, 'raw');
  add(encodeURIComponent(v), 'URL-encoded');
  add(formEncoded, 'form-encoded');
  add(encodeURIComponent(formEncoded), 'double URL-encoded');
  add(JSON.stringify(v).slice(1, -1), 'JSON-escaped');
  add(jsonAscii(v), 'JSON-escaped (ASCII)');
  add(htmlEscape(v), 'HTML-escaped');
  for (const f of base64Fragments(v)) add(f, 'base64');
  for (const f of base64Fragments(v)) add(f.replace(/\+/g, '-').replace(/\//g, '_'), 'base64url');
  for (const user of spec.basicUsers ?? []) add(Buffer.from(`${user}:${v}`, 'utf8').toString('base64').replace(/=+$/, ''), `Basic ${user}:secret`);
  return [...forms].map(([form, label]) => ({ label: `${spec.name}, ${label}`, bytes: Buffer.from(form, 'utf8') }));
}

/** Needles for many secrets plus markers (canary prefixes: raw and base64 at any alignment). */
export function buildNeedles(secrets: SecretSpec[], markers: string[] = []): Needle[] {
  return [
    ...secrets.flatMap(needlesFor),
    ...markers.flatMap((m) => [
      { label: `canary marker "${mask(m)}"`, bytes: Buffer.from(m, 'utf8') },
      // Base64 of any text holding the marker (a Basic credential, an encoded attachment) holds one of these.
      ...base64Fragments(m).flatMap((f) => [f, f.replace(/\+/g, '-').replace(/\//g, '_')]).filter((f, i, all) => all.indexOf(f) === i)
        .map((f) => ({ label: `canary marker "${mask(m)}", base64`, bytes: Buffer.from(f, 'utf8') })),
    ]),
  ];
}

/**
 * Many same-length random strings (issued tokens, hundreds per run) in one pass: every window of
 * that length inside a run of token characters is looked up in a set, instead of one scan per token.
 */
export interface TokenSet {
  label: string;
  length: number;
  values: ReadonlySet<string>;
}

export function tokenSet(label: string, values: string[]): TokenSet | undefined {
  if (values.length === 0) return undefined;
  const length = values[0]!.length;
  if (values.some((v) => v.length !== length)) throw new Error('tokenSet: values must share one length');
  return { label, length, values: new Set(values) };
}

function scanTokens(source: string, data: Buffer, set: TokenSet): Finding[] {
  const findings: Finding[] = [];
  const text = data.toString('latin1'); // token characters are ASCII; offsets stay byte offsets
  const runs = new RegExp(`[A-Za-z0-9\\-._~+/]{${set.length},}`, 'g');
  for (const m of text.matchAll(runs)) {
    for (let i = 0; i + set.length <= m[0].length; i++) {
      const w = m[0].slice(i, i + set.length);
      if (set.values.has(w)) findings.push({ source, offset: m.index + i, label: set.label, masked: mask(w) });
    }
  }
  return findings;
}

export function scanBuffer(source: string, data: Buffer, needles: Needle[], tokens?: TokenSet): Finding[] {
  const findings: Finding[] = tokens ? scanTokens(source, data, tokens) : [];
  for (const n of needles) {
    for (let at = data.indexOf(n.bytes); at !== -1; at = data.indexOf(n.bytes, at + 1)) {
      findings.push({ source, offset: at, label: n.label, masked: mask(n.bytes.toString('utf8')) });
    }
  }
  return findings.sort((a, b) => a.offset - b.offset);
}

export function scanText(source: string, text: string, needles: Needle[], tokens?: TokenSet): Finding[] {
  return scanBuffer(source, Buffer.from(text, 'utf8'), needles, tokens);
}

export interface TreeScan {
  files: number;
  bytes: number;
  findings: Finding[];
  /** Compressed archives (zip, e.g. Playwright traces) whose content the byte scan cannot see. */
  opaque: string[];
}

/** Scans every regular file under `dir` (recursively). Sources are paths relative to `dir`. */
export function scanTree(dir: string, needles: Needle[], tokens?: TokenSet): TreeScan {
  const result: TreeScan = { files: 0, bytes: 0, findings: [], opaque: [] };
  const walk = (rel: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const child = rel ? path.join(rel, e.name) : e.name;
      if (e.isDirectory()) walk(child);
      else if (e.isFile()) {
        const data = readFileSync(path.join(dir, child));
        result.files += 1;
        result.bytes += data.length;
        if (data.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')) || data.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))) result.opaque.push(child);
        result.findings.push(...scanBuffer(child, data, needles, tokens));
      }
    }
  };
  walk('');
  return result;
}

export function formatFinding(f: Finding): string {
  return `  ${f.source} @ byte ${f.offset}: ${f.label} (${f.masked})`;
}
