import { behaviours, cellKey, unservable } from '../../fixtures/contract/ways-in.ts';
import { describeGap } from '../../fixtures/contract/needs.ts';
import type { ListedTest } from './listing.ts';
import type { EnvironmentView } from '../../fixtures/environments/view.ts';

export type { EnvironmentView } from '../../fixtures/environments/view.ts';

export interface MatrixCell {
  key: string;
  tests: string[];
  /** Why the environment cannot serve the cell; its check is reported not-run when the suites run. */
  notRun?: string;
  /** No test declares the cell although the environment could serve it. */
  hole: boolean;
}

export interface MatrixBehaviour {
  id: string;
  clause: string;
  summary: string;
  cells: MatrixCell[];
}

export interface MatrixCoverage {
  environment: string;
  behaviours: MatrixBehaviour[];
  cells: number;
  covered: number;
  notRun: number;
  holes: number;
}

export function matrixCoverage(tests: ListedTest[], env: EnvironmentView): MatrixCoverage {
  const rows = behaviours.map((b) => ({
    id: b.id,
    clause: b.clause,
    summary: b.summary,
    cells: b.cells.map((cell): MatrixCell => {
      const key = cellKey(b.id, cell);
      const by = tests.filter((t) => t.ways?.includes(key)).map((t) => `${t.file} › ${t.title}`);
      const gap = unservable(b.id, cell, env);
      const notRun = gap && describeGap(gap);
      return { key, tests: by, hole: by.length === 0 && notRun === undefined, ...(notRun ? { notRun } : {}) };
    }),
  }));
  const cells = rows.flatMap((r) => r.cells);
  return {
    environment: env.name,
    behaviours: rows,
    cells: cells.length,
    covered: cells.filter((c) => c.tests.length > 0 && !c.notRun).length,
    notRun: cells.filter((c) => c.notRun).length,
    holes: cells.filter((c) => c.hole).length,
  };
}

export function renderMatrix(m: MatrixCoverage): string {
  const lines = [`coverage matrix against "${m.environment}": every MUST behaviour through every way in`];
  for (const b of m.behaviours) {
    lines.push('', `${b.id} (${b.clause}): ${b.summary}`);
    for (const c of b.cells) {
      const way = c.key.slice(b.id.length);
      const status = c.hole
        ? '** HOLE: no test takes this way **'
        : c.notRun
          ? `not run here: ${c.notRun}`
          : `${c.tests.length} test${c.tests.length === 1 ? '' : 's'}`;
      lines.push(`  ${way.padEnd(44)} ${status}`);
    }
  }
  lines.push(
    '',
    `matrix: ${m.cells} cells, ${m.covered} covered, ${m.notRun} not servable by "${m.environment}", ${m.holes} ` +
      `testable hole${m.holes === 1 ? '' : 's'}`,
  );
  return lines.join('\n');
}
