import { expect, test } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { base64Fragments, buildNeedles, scanText, scanTree, tokenSet } from './scan.ts';
import { CANARY_SECRETS, canarySpecs, plantLeaks, scanRun, SECRET_MARKER, TOKEN_PREFIX } from './canaries.ts';

const secret = CANARY_SECRETS['partner-london']!;
const needles = buildNeedles(canarySpecs(), [SECRET_MARKER, TOKEN_PREFIX]);
/** Secrets only, no markers: shows each encoding is caught on its own, not just by the prefix. */
const exact = buildNeedles(canarySpecs());

test.describe('canary scan', () => {
  const dirs: string[] = [];
  test.afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'pvh-canary-'));
    dirs.push(d);
    return d;
  };

  test('base64 fragments find a value inside any longer base64 text, at every alignment', () => {
    for (const before of ['', 'a', 'ab', 'abc:']) {
      const encoded = Buffer.from(`${before}${secret}tail`).toString('base64');
      expect(base64Fragments(secret).some((f) => encoded.includes(f)), JSON.stringify(before)).toBe(true);
    }
  });

  const forms: Array<[string, string]> = [
    ['raw', `log: ${secret}.`],
    ['URL-encoded', `client_secret=${encodeURIComponent(secret)}&x`],
    ['form-encoded', `client_secret=${new URLSearchParams({ v: secret }).toString().slice(2)}`],
    ['JSON-escaped (ASCII)', JSON.stringify({ s: secret }).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)],
    ['HTML-escaped', `<td>${secret.replace(/&/g, '&amp;')}</td>`],
    ['base64', `data:${Buffer.from(`{"secret":"${secret}"}`).toString('base64')}`],
    ['Basic', `Authorization: Basic ${Buffer.from(`partner-london:${secret}`).toString('base64')}`],
  ];
  for (const [form, text] of forms) {
    test(`finds a ${form} canary secret in text, and does not print it`, () => {
      const findings = scanText('stdout', text, exact);
      expect(findings.length).toBeGreaterThan(0);
      expect(findings[0]!.label).toContain('partner-london');
      for (const f of findings) expect(f.masked).not.toContain(secret.slice(3, 10));
    });
  }

  test('finds planted forms in files under a directory tree, with file and offset', () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'allure-results'), { recursive: true });
    writeFileSync(path.join(dir, 'allure-results', 'a-attachment.txt'), `x${encodeURIComponent(secret)}`);
    writeFileSync(path.join(dir, 'junit.xml'), `<failure>${Buffer.from(`partner-all:${CANARY_SECRETS['partner-all']}`).toString('base64')}</failure>`);
    const scan = scanTree(dir, exact);
    expect(scan.files).toBe(2);
    expect(scan.findings.find((f) => f.source === path.join('allure-results', 'a-attachment.txt'))).toMatchObject({ offset: 1 });
    expect(scan.findings.some((f) => f.source === 'junit.xml' && f.label.includes('partner-all'))).toBe(true);
  });

  test('finds issued tokens, with or without their prefix, in one pass', () => {
    const tokens = ['A'.repeat(43), 'b'.repeat(20) + '-_' + 'c'.repeat(21)];
    const set = tokenSet('token', tokens)!;
    expect(scanText('out', `Bearer ${TOKEN_PREFIX}${tokens[1]}"`, [], set)).toHaveLength(1);
    expect(scanText('out', `{"t":"${tokens[0]}"}`, [], set)[0]).toMatchObject({ offset: 6, label: 'token' });
    expect(scanText('out', `Bearer ${TOKEN_PREFIX}zzz`, needles)).not.toHaveLength(0);
    expect(scanText('out', Buffer.from(`Bearer ${TOKEN_PREFIX}zzz`).toString('base64'), needles)).not.toHaveLength(0);
  });

  test('finds nothing in clean files and clean text', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'results.json'), JSON.stringify({ client_secret: '<redacted>', header: 'Bearer <redacted>', note: 'Pa55 w+rd&key=100%é€' }));
    writeFileSync(path.join(dir, 'blob.bin'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 256)));
    const set = tokenSet('token', ['Q'.repeat(43)]);
    expect(scanTree(dir, needles, set).findings).toEqual([]);
    expect(scanText('out', 'canary: 97 passed; Authorization: Bearer <redacted>', needles, set)).toEqual([]);
  });

  test('--plant leaks into a report file and the output, and the run scan finds both', () => {
    const dir = tempDir();
    const token = `${TOKEN_PREFIX}${'k'.repeat(43)}`;
    const output = plantLeaks(dir, token);
    const scan = scanRun(dir, `clean line\n${output}`, [token]);
    const sources = new Set(scan.findings.map((f) => f.source));
    expect(sources).toEqual(new Set([path.join('test-results', 'planted-leak', 'exchange.txt'), '<captured output>']));
    expect(scan.findings.some((f) => f.label.includes('bearer token issued'))).toBe(true);
    expect(scan.findings.some((f) => f.label.includes('Basic partner-all') || f.label.includes('partner-all, base64'))).toBe(true);
    expect(readFileSync(path.join(dir, 'test-results', 'planted-leak', 'exchange.txt'), 'utf8')).toContain('client_secret=');
    expect(scanRun(tempDir(), 'clean', [token]).findings).toEqual([]);
  });
});
