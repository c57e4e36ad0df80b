/**
 * `npm run load:build`: bundles each k6 scenario (load/scenarios/*.ts) with its shared modules
 * into dist/k6/<scenario>.js. k6 resolves neither node_modules nor extension-less imports, and the
 * scenarios share code with the harness (schemas, booking view), hence a bundler. k6 built-ins stay
 * imports. Type-checking is separate: `npm run typecheck:k6` (tsconfig.k6.json).
 */
import { build, type BuildResult } from 'esbuild';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCENARIO_DIR = path.join(ROOT, 'load', 'scenarios');
export const DEFAULT_OUT_DIR = path.join(ROOT, 'dist', 'k6');

export function scenarioEntries(): string[] {
  return readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(SCENARIO_DIR, f))
    .sort();
}

export async function buildLoadBundles(outdir = DEFAULT_OUT_DIR): Promise<{ outdir: string; bundles: string[]; result: BuildResult }> {
  const entryPoints = scenarioEntries();
  const result = await build({
    entryPoints,
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'browser', // k6 is browser-like: a node:* import fails the build instead of the run
    target: 'es2020',
    mainFields: ['module', 'main'],
    conditions: ['import', 'default'],
    external: ['k6', 'k6/*'],
    sourcemap: 'inline', // k6 remaps stack traces from inline maps
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  const bundles = entryPoints.map((e) => path.join(outdir, `${path.basename(e, '.ts')}.js`));
  return { outdir, bundles, result };
}

async function main(): Promise<void> {
  const started = Date.now();
  try {
    const { bundles } = await buildLoadBundles();
    console.log(`load:build: ${bundles.length} bundles in ${Date.now() - started} ms -> ${path.relative(process.cwd(), DEFAULT_OUT_DIR)}/ (${bundles.map((b) => path.basename(b)).join(', ')})`);
  } catch (error) {
    // esbuild already printed the located errors.
    console.error(`load:build: bundling failed: ${(error as Error).message.split('\n')[0]}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
