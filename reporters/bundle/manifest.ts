/**
 * The evidence bundle's SHA256SUMS manifest: written and checked in the format `sha256sum -c`
 * accepts ("<hex>  <relative path>", one file a line, sorted by path), so a partner can verify a
 * bundle without this harness.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MANIFEST = 'SHA256SUMS';

/** Every regular file under `dir`, as sorted relative POSIX paths (the manifest itself excluded). */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (child !== MANIFEST) out.push(child);
    }
  };
  walk('');
  // Byte order, like `LC_ALL=C sort`: the same manifest on every machine.
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function sha256File(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Writes SHA256SUMS over every other file of the bundle and returns the number of files. */
export function writeManifest(dir: string): number {
  const files = listFiles(dir);
  for (const f of files) {
    // sha256sum escapes such names with a backslash prefix; never produce them rather than mimic that.
    if (/[\n\\]/.test(f)) throw new Error(`bundle file name not allowed in ${MANIFEST}: ${JSON.stringify(f)}`);
  }
  writeFileSync(path.join(dir, MANIFEST), files.map((f) => `${sha256File(path.join(dir, f))}  ${f}\n`).join(''));
  return files.length;
}

export interface BundleCheck {
  /** No manifest, or it could not be parsed. */
  manifestProblem?: string;
  missing: string[];
  extra: string[];
  modified: string[];
  checked: number;
}

/** Compares the bundle's files with its manifest: missing, extra and modified files. */
export function checkManifest(dir: string): BundleCheck {
  const result: BundleCheck = { missing: [], extra: [], modified: [], checked: 0 };
  const manifestFile = path.join(dir, MANIFEST);
  if (!existsSync(manifestFile)) return { ...result, manifestProblem: `${MANIFEST} is missing`, extra: listFiles(dir) };
  const expected = new Map<string, string>();
  const lines = readFileSync(manifestFile, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  for (const [i, line] of lines.entries()) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!m || m[2]!.startsWith('/') || m[2]!.split('/').includes('..')) {
      return { ...result, manifestProblem: `${MANIFEST} line ${i + 1} is not "<sha256>  <relative path>"` };
    }
    expected.set(m[2]!, m[1]!);
  }
  const present = new Set(listFiles(dir));
  for (const [file, hash] of expected) {
    const full = path.join(dir, file);
    if (!present.has(file) || !statSync(full).isFile()) {
      result.missing.push(file);
      continue;
    }
    result.checked += 1;
    if (sha256File(full) !== hash) result.modified.push(file);
  }
  result.extra = [...present].filter((f) => !expected.has(f));
  return result;
}
