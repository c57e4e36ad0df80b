import { _baseTest as test, expect } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACTIONLINT_HINT, lintWorkflows, locateActionlint } from './actionlint.ts';

test.describe('GitHub workflows', () => {
  // A first build from the Go module proxy takes seconds to a minute; later runs find .tools/bin.
  test.setTimeout(240_000);

  test('pass actionlint', () => {
    const bin = locateActionlint(() => {});
    expect(bin, ACTIONLINT_HINT).toBeTruthy();
    const r = lintWorkflows(bin!);
    expect(r.code, r.output).toBe(0);
  });

  test('a broken workflow fails actionlint (the lint can fail)', () => {
    const bin = locateActionlint(() => {});
    expect(bin, ACTIONLINT_HINT).toBeTruthy();
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-actionlint-'));
    try {
      writeFileSync(
        path.join(dir, 'broken.yml'),
        'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n',
      );
      const r = lintWorkflows(bin!, dir);
      expect(r.code).not.toBe(0);
      expect(r.output).toContain('matrix');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
