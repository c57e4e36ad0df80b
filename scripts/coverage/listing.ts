/**
 * The conformance tests with the clauses and coverage-matrix cells they declare, read from
 * `playwright test --list --reporter=json` (covers() annotations and tags): static, no test body
 * runs against any target.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { ANNOTATION_WAY } from '../../fixtures/contract/ways-in.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { ANNOTATION } from '../../fixtures/harness/verdicts.ts';
import type { DeclaredTest } from '../../fixtures/harness/run/run-context.ts';

/** A listed test: its clauses, the cells of the coverage matrix it takes (e.g. venue-refused{op=get,id=legacy}), what
 * it needs. */
export type ListedTest = DeclaredTest;

/** The subset of Playwright's JSON report that listing yields; typed loosely because it is parsed input. */
interface JsonSuite {
  title?: string;
  specs?: Array<{
    title: string;
    file?: string;
    tags?: string[];
    tests?: Array<{ annotations?: Array<{ type: string; description?: string }> }>;
  }>;
  suites?: JsonSuite[];
  file?: string;
}

/** Every listed test with the clause IDs its details name (annotations first, @tags as a fallback). */
export function testsFromListReport(report: unknown): ListedTest[] {
  const out: ListedTest[] = [];
  const walk = (suite: JsonSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      const annotated = (spec.tests ?? []).flatMap((t) =>
        (t.annotations ?? []).filter((a) => a.type === ANNOTATION.clause).map((a) => a.description ?? ''),
      );
      const tagged = (spec.tags ?? []).map((t) => t.replace(/^@/, '')).filter((t) => /^(PV|RFC)/.test(t));
      const ids = [...new Set(annotated.length > 0 ? annotated : tagged)].filter(Boolean);
      const of = (type: string) => [
        ...new Set(
          (spec.tests ?? []).flatMap((t) =>
            (t.annotations ?? []).filter((a) => a.type === type).map((a) => a.description ?? ''),
          ),
        ),
      ];
      const [ways, inPassing, needs] = [of(ANNOTATION_WAY), of(ANNOTATION.inPassing), of(ANNOTATION.needs)];
      out.push({
        file: spec.file ?? suite.file ?? '',
        title: [...path, spec.title].join(' › '),
        clauses: ids,
        ...(ways.length > 0 ? { ways } : {}),
        ...(inPassing.length > 0 ? { inPassing } : {}),
        ...(needs.length > 0 ? { needs } : {}),
      });
    }
    for (const child of suite.suites ?? [])
      walk(child, child.title && child.title !== child.file ? [...path, child.title] : path);
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

const PLAYWRIGHT_CLI = path.join(PROJECT_ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const LIST_ARGS = [PLAYWRIGHT_CLI, 'test', '--list', '--project=conformance', '--reporter=json'];

function parseListing(res: { status: number | null; stdout: string; stderr: string }): ListedTest[] {
  let report: { errors?: Array<{ message?: string }> } | undefined;
  try {
    report = JSON.parse(res.stdout) as typeof report;
  } catch {
    throw new CommandError(`playwright --list did not produce JSON (exit ${res.status}): ${res.stderr.slice(0, 2000)}`);
  }
  const errors = report?.errors ?? [];
  if (errors.length > 0)
    throw new CommandError(
      `the suites cannot be listed:\n${errors
        .map((e) => e.message ?? '')
        .join('\n')
        .slice(0, 4000)}`,
    );
  return testsFromListReport(report);
}

/**
 * The listing is the same as long as the suites, the fixtures they import and the settings their
 * titles read (FC_*: a property's seed; PVH_RACE_*) are: kept under a hash of them, so a failed
 * preflight's report lists its plan at once however busy the machine, and each listing after the
 * first costs a file read.
 */
const CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'partner-voucher-harness');
const LISTED = ['suites', 'fixtures'];

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? sourcesOf(path.join(dir, e.name))
        : e.name.endsWith('.ts') || e.name.endsWith('.json')
          ? [path.join(dir, e.name)]
          : [],
    )
    .sort();
}

export function listingKey(cwd = PROJECT_ROOT, env: NodeJS.ProcessEnv = process.env): string {
  const h = createHash('sha256');
  for (const f of [...LISTED.flatMap((d) => sourcesOf(path.join(cwd, d))), path.join(cwd, 'playwright.config.ts')])
    h.update(path.relative(cwd, f)).update('\0').update(readFileSync(f));
  for (const [k, v] of Object.entries(env)
    .filter(([k]) => /^(FC_|PVH_RACE_)/.test(k))
    .sort())
    h.update(`${k}=${v ?? ''}\0`);
  return h.digest('hex').slice(0, 20);
}

function cached(key: string): ListedTest[] | undefined {
  try {
    return JSON.parse(readFileSync(path.join(CACHE_DIR, `listing-${key}.json`), 'utf8')) as ListedTest[];
  } catch {
    return undefined;
  }
}

function store(key: string, tests: ListedTest[]): ListedTest[] {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = path.join(CACHE_DIR, `.listing-${key}-${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify(tests));
    renameSync(tmp, path.join(CACHE_DIR, `listing-${key}.json`));
  } catch {
    // A read-only checkout lists every time.
  }
  return tests;
}

/** Lists the conformance suites through Playwright itself (static: no test body runs). */
export function listConformanceTests(cwd = PROJECT_ROOT): ListedTest[] {
  const key = listingKey(cwd);
  return (
    cached(key) ??
    store(
      key,
      parseListing(spawnSync(process.execPath, LIST_ARGS, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })),
    )
  );
}

/** The same, without blocking: certify lists the suites while its preflight runs (`signal` stops a listing it no longer
 * needs). */
export function listConformanceTestsAsync(cwd = PROJECT_ROOT, signal?: AbortSignal): Promise<ListedTest[]> {
  const key = listingKey(cwd);
  const hit = cached(key);
  if (hit) return Promise.resolve(hit);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      LIST_ARGS,
      { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...(signal ? { signal } : {}) },
      (error, stdout, stderr) => {
        try {
          resolve(
            store(
              key,
              parseListing({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
            ),
          );
        } catch (e) {
          reject(e as Error);
        }
      },
    );
  });
}
