import { _baseTest as test, expect } from '@playwright/test';
import type { Clause } from '../../fixtures/contract/clauses.ts';
import { clauseCoverage, renderCoverage } from './clause-coverage.ts';
import { listConformanceTests, testsFromListReport } from './listing.ts';
import { environmentView } from '../../fixtures/environments/view.ts';
import { matrixCoverage, renderMatrix, type EnvironmentView } from './matrix.ts';

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
            {
              title: 'first (PV-A)',
              file: 'suites/x/x.spec.ts',
              tags: ['@PV-A', '@must'],
              tests: [
                {
                  annotations: [
                    { type: 'clause', description: 'PV-A' },
                    { type: 'other', description: 'PV-B' },
                  ],
                },
              ],
            },
            { title: 'tags only', file: 'suites/x/x.spec.ts', tags: ['@PV-C', '@info'], tests: [{ annotations: [] }] },
            {
              title: 'typo',
              file: 'suites/x/x.spec.ts',
              tags: [],
              tests: [{ annotations: [{ type: 'clause', description: 'PV-TYPO' }] }],
            },
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

test.describe('coverage:clauses matrix', () => {
  const env: EnvironmentView = {
    name: 'x',
    pool: [
      { reference: 'AAAAAAAA', legacyNumber: '1', venue: 'V1', role: 'bookable' },
      { reference: 'BBBBBBBB', venue: 'V2', role: 'bookable' },
    ],
    writable: [
      { reference: 'AAAAAAAA', legacyNumber: '1', venue: 'V1', role: 'bookable' },
      { reference: 'BBBBBBBB', venue: 'V2', role: 'bookable' },
    ],
    credentials: { primary: { clientId: 'a', clientSecret: 'b' } },
  };

  test(
    'a cell no test declares is a hole when the config can serve it, ' + 'and not-run with the reason when it cannot',
    () => {
      const tests = [
        {
          file: 'suites/b.spec.ts',
          title: 'conflict by reference',
          clauses: ['PV-3-CONFLICT'],
          ways: ['booking-conflict{id=reference}'],
        },
      ];
      const m = matrixCoverage(tests, env);
      const conflict = m.behaviours.find((b) => b.id === 'booking-conflict')!;
      expect(conflict.cells.map((c) => [c.key, c.tests.length, c.hole])).toEqual([
        ['booking-conflict{id=reference}', 1, false],
        ['booking-conflict{id=legacy}', 0, true],
      ]);
      const venue = m.behaviours.find((b) => b.id === 'venue-refused')!;
      expect(
        venue.cells.every(
          (c) =>
            c.notRun ===
              'no venue-limited API user configured; to test it, add `credentials.limitedVenue` (a user limited ' +
                'to some venues of the pool)' && !c.hole,
        ),
      ).toBe(true);
      expect(renderMatrix(m)).toContain('{id=legacy}');
      expect(renderMatrix(m)).toContain('** HOLE: no test takes this way **');
      expect(m.holes).toBeGreaterThan(0);
    },
  );

  test('the shipped suites leave no testable hole against the embedded reference', async () => {
    test.setTimeout(60_000);
    const m = matrixCoverage(listConformanceTests(), await environmentView('local'));
    expect(m.behaviours.flatMap((b) => b.cells.filter((c) => c.hole).map((c) => c.key))).toEqual([]);
    expect(m.notRun).toBe(0);
  });
});
