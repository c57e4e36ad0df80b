import { expect, test } from '@playwright/test';
import type { Clause } from '../fixtures/clauses.ts';
import { clauseCoverage, renderCoverage, testsFromListReport } from './coverage-clauses.ts';

const catalogue: Clause[] = [
  { id: 'PV-A', source: 'spec', level: 'MUST', area: 'Booking', summary: 'a' },
  { id: 'PV-B', source: 'spec', level: 'MUST', area: 'Booking', summary: 'b' },
  { id: 'PV-C', source: 'spec', level: 'INFO', area: 'Booking', summary: 'c' },
];

/** The shape `playwright test --list --reporter=json` produces: file suite › describe suite › specs. */
const listing = {
  suites: [
    {
      title: 'suites/x/x.spec.ts',
      file: 'suites/x/x.spec.ts',
      specs: [],
      suites: [
        {
          title: 'Area',
          file: 'suites/x/x.spec.ts',
          specs: [
            { title: 'first (PV-A)', file: 'suites/x/x.spec.ts', tags: ['@PV-A', '@must'], tests: [{ annotations: [{ type: 'clause', description: 'PV-A' }, { type: 'other', description: 'PV-B' }] }] },
            { title: 'tags only', file: 'suites/x/x.spec.ts', tags: ['@PV-C', '@info'], tests: [{ annotations: [] }] },
            { title: 'typo', file: 'suites/x/x.spec.ts', tags: [], tests: [{ annotations: [{ type: 'clause', description: 'PV-TYPO' }] }] },
          ],
        },
      ],
    },
  ],
};

test.describe('coverage:clauses pure logic', () => {
  test('reads clause IDs from clause annotations, falling back to @tags, with describe titles in the path', () => {
    const tests = testsFromListReport(listing);
    expect(tests).toEqual([
      { file: 'suites/x/x.spec.ts', title: 'Area › first (PV-A)', clauses: ['PV-A'] },
      { file: 'suites/x/x.spec.ts', title: 'Area › tags only', clauses: ['PV-C'] },
      { file: 'suites/x/x.spec.ts', title: 'Area › typo', clauses: ['PV-TYPO'] },
    ]);
  });

  test('counts covered clauses, lists uncovered MUST clauses and unknown IDs', () => {
    const result = clauseCoverage(testsFromListReport(listing), catalogue);
    expect(result.covered).toBe(2);
    expect(result.mustUncovered).toEqual(['PV-B']);
    expect(result.unknown).toEqual(['PV-TYPO']);
    expect(result.rows.find((r) => r.id === 'PV-A')?.tests).toEqual(['suites/x/x.spec.ts › Area › first (PV-A)']);
  });

  test('renders a table whose last line is the summary', () => {
    const text = renderCoverage(clauseCoverage(testsFromListReport(listing), catalogue));
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('clauses: 2 covered, 1 MUST uncovered');
    expect(text).toContain('PV-B');
    expect(text).toContain('UNCOVERED MUST');
    expect(text).toContain('PV-TYPO');
  });

  test('an empty listing covers nothing', () => {
    const result = clauseCoverage(testsFromListReport({}), catalogue);
    expect(result.covered).toBe(0);
    expect(result.mustUncovered).toEqual(['PV-A', 'PV-B']);
  });
});
