/**
 * Bundles each k6 scenario (load/scenarios/*.ts) with its shared modules into dist/k6/<scenario>.js
 * (`npm run load:build`, and before every load run). k6 resolves neither node_modules nor extension-less imports, and
 * the
 * scenarios share code with the harness (schemas, booking view), hence a bundler. k6 built-ins stay
 * imports. Type-checking is separate: `npm run typecheck:k6` (tsconfig.k6.json).
 */
import { build, type BuildResult } from 'esbuild';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';

const ROOT = PROJECT_ROOT;
export const SCENARIO_DIR = path.join(ROOT, 'load', 'scenarios');
export const DEFAULT_OUT_DIR = path.join(ROOT, 'dist', 'k6');

export function scenarioEntries(): string[] {
  return readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(SCENARIO_DIR, f))
    .sort();
}

export async function buildLoadBundles(
  outdir = DEFAULT_OUT_DIR,
): Promise<{ outdir: string; bundles: string[]; result: BuildResult }> {
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
