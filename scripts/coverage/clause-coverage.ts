/** Which tests cover each clause of the catalogue, and the table `npm run coverage:clauses` prints. */
import { clauses as catalogue, type Clause } from '../../fixtures/contract/clauses.ts';
import type { ListedTest } from './listing.ts';

export interface ClauseCoverage {
  id: string;
  level: Clause['level'];
  area: Clause['area'];
  tests: string[];
}

export interface CoverageResult {
  rows: ClauseCoverage[];
  covered: number;
  mustUncovered: string[];
  /** Clause IDs named by tests but missing from the catalogue (typos, removed clauses). */
  unknown: string[];
}

export function clauseCoverage(tests: ListedTest[], clauses: readonly Clause[] = catalogue): CoverageResult {
  const known = new Set(clauses.map((c) => c.id));
  const rows = clauses.map((c) => ({
    id: c.id,
    level: c.level,
    area: c.area,
    tests: tests.filter((t) => t.clauses.includes(c.id)).map((t) => `${t.file} › ${t.title}`),
  }));
  return {
    rows,
    covered: rows.filter((r) => r.tests.length > 0).length,
    mustUncovered: rows.filter((r) => r.level === 'MUST' && r.tests.length === 0).map((r) => r.id),
    unknown: [...new Set(tests.flatMap((t) => t.clauses).filter((id) => !known.has(id)))].sort(),
  };
}

export function renderCoverage(result: CoverageResult): string {
  const idWidth = Math.max(...result.rows.map((r) => r.id.length), 6);
  const lines = [`${'clause'.padEnd(idWidth)}  level   tests  covered by`];
  for (const r of result.rows) {
    const by = r.tests.length === 0 ? (r.level === 'MUST' ? '** UNCOVERED MUST **' : '(none)') : r.tests[0]!;
    lines.push(`${r.id.padEnd(idWidth)}  ${r.level.padEnd(6)}  ${String(r.tests.length).padStart(5)}  ${by}`);
    for (const t of r.tests.slice(1)) lines.push(`${''.padEnd(idWidth + 23)}${t}`);
  }
  if (result.unknown.length > 0)
    lines.push('', `tests name clause IDs that are not in the catalogue: ${result.unknown.join(', ')}`);
  if (result.mustUncovered.length > 0)
    lines.push('', `MUST clauses without a test: ${result.mustUncovered.join(', ')}`);
  lines.push(`clauses: ${result.covered} covered, ${result.mustUncovered.length} MUST uncovered`);
  return lines.join('\n');
}
