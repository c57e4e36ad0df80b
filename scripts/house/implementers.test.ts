import { _baseTest as test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clauses } from '../../fixtures/contract/clauses.ts';
import { implementersPage } from '../../fixtures/contract/implementers.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';

test(
  'docs/implementers.md is the page the catalogue makes (npm run docs:implementers), ' +
    'and it lists every MUST and SHOULD clause',
  () => {
    const page = readFileSync(path.join(PROJECT_ROOT, 'docs', 'implementers.md'), 'utf8');
    expect(page, 'run npm run docs:implementers and commit docs/implementers.md').toBe(implementersPage());
    for (const c of clauses.filter((x) => x.level !== 'INFO'))
      expect(page).toContain(`<a id="${c.id}"></a>**${c.id}** (${c.level})`);
  },
);
