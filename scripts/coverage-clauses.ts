/**
 * `npm run coverage:clauses`: which tests cover each clause of the catalogue. Reads the static test
 * details (covers() annotations and tags) from `playwright test --list --reporter=json`, so nothing
 * runs against any target. Exits 1 when a MUST clause has no test, 2 when the suites cannot be listed.
 *
 *   npm run coverage:clauses            table, then `clauses: X covered, Y MUST uncovered`
 *   npm run coverage:clauses -- --json  the same as JSON
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { clauses as catalogue, type Clause } from '../fixtures/contract/clauses.ts';
import { ANNOTATION } from '../fixtures/harness/verdicts.ts';
import { ANNOTATION_WAY } from '../fixtures/contract/ways-in.ts';
import { matrixCoverage, renderMatrix, type EnvironmentView } from '../fixtures/harness/coverage/matrix.ts';
import { environmentView } from '../fixtures/harness/coverage/environment-view.ts';

export interface ListedTest {
  file: string;
  title: string;
  clauses: string[];
  /** Cells of the coverage matrix the test declares (fixtures/contract/ways-in.ts), e.g. venue-refused{op=get,id=legacy}. */
  ways?: string[];
}

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

/** The subset of Playwright's JSON report that listing yields; typed loosely because it is parsed input. */
interface JsonSuite {
  title?: string;
  specs?: Array<{ title: string; file?: string; tags?: string[]; tests?: Array<{ annotations?: Array<{ type: string; description?: string }> }> }>;
  suites?: JsonSuite[];
  file?: string;
}

/** Every listed test with the clause IDs its details name (annotations first, @tags as a fallback). */
export function testsFromListReport(report: unknown): ListedTest[] {
  const out: ListedTest[] = [];
  const walk = (suite: JsonSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      const annotated = (spec.tests ?? []).flatMap((t) => (t.annotations ?? []).filter((a) => a.type === ANNOTATION.clause).map((a) => a.description ?? ''));
      const tagged = (spec.tags ?? []).map((t) => t.replace(/^@/, '')).filter((t) => /^(PV|RFC)/.test(t));
      const ids = [...new Set(annotated.length > 0 ? annotated : tagged)].filter(Boolean);
      const ways = [...new Set((spec.tests ?? []).flatMap((t) => (t.annotations ?? []).filter((a) => a.type === ANNOTATION_WAY).map((a) => a.description ?? '')))];
      out.push({ file: spec.file ?? suite.file ?? '', title: [...path, spec.title].join(' › '), clauses: ids, ...(ways.length > 0 ? { ways } : {}) });
    }
    for (const child of suite.suites ?? []) walk(child, child.title && child.title !== child.file ? [...path, child.title] : path);
  };
  const suites = (report as { suites?: JsonSuite[] } | undefined)?.suites ?? [];
  for (const s of suites) walk(s, []);
  // A test appears once per project; --project narrows to one, but de-duplicate anyway.
  const seen = new Set<string>();
  return out.filter((t) => {
    const key = `${t.file}\u0000${t.title}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
  if (result.unknown.length > 0) lines.push('', `tests name clause IDs that are not in the catalogue: ${result.unknown.join(', ')}`);
  if (result.mustUncovered.length > 0) lines.push('', `MUST clauses without a test: ${result.mustUncovered.join(', ')}`);
  lines.push(`clauses: ${result.covered} covered, ${result.mustUncovered.length} MUST uncovered`);
  return lines.join('\n');
}

/** Lists the conformance suites through Playwright itself (static: no test body runs). */
export function listConformanceTests(cwd = process.cwd()): ListedTest[] {
  const res = spawnSync('npx', ['playwright', 'test', '--list', '--project=conformance', '--reporter=json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report: { errors?: Array<{ message?: string }> } | undefined;
  try {
    report = JSON.parse(res.stdout) as typeof report;
  } catch {
    throw new Error(`playwright --list did not produce JSON (exit ${res.status}): ${res.stderr.slice(0, 2000)}`);
  }
  const errors = report?.errors ?? [];
  if (errors.length > 0) throw new Error(`the suites cannot be listed:\n${errors.map((e) => e.message ?? '').join('\n').slice(0, 4000)}`);
  return testsFromListReport(report);
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { json: { type: 'boolean' }, env: { type: 'string', default: process.env.PVH_ENV ?? 'local' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(`usage: npm run coverage:clauses [-- --env NAME] [-- --json]
Lists every catalogue clause with the tests that cover it, then the coverage matrix (fixtures/contract/ways-in.ts):
every MUST behaviour with each way in (identifier, API user, operation, scheme spelling, client
authentication, booking history, media type) and the tests that take it. A cell the environment's config
cannot serve (no legacy numbers, no read-only user, writes off) is listed as not-run with the reason.
Exits 1 when a MUST clause has no test or a cell the config could serve has none.`);
    return 0;
  }
  let tests: ListedTest[];
  let env: EnvironmentView;
  try {
    tests = listConformanceTests();
    env = await environmentView(values.env!);
  } catch (error) {
    console.error(`coverage:clauses: ${(error as Error).message}`);
    return 2;
  }
  const result = clauseCoverage(tests);
  const matrix = matrixCoverage(tests, env);
  console.log(values.json ? JSON.stringify({ ...result, matrix }, null, 2) : `${renderCoverage(result)}\n\n${renderMatrix(matrix)}`);
  return result.mustUncovered.length > 0 || matrix.holes > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}
