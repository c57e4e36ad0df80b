#!/usr/bin/env node
/**
 * npm test: the type-checks (the harness's, the k6 scripts', unused names refused) and biome's check (layout,
 * unused imports) run beside the harness's own tests and the conformance suites, not before them: the
 * tests mostly wait on round trips and child processes, the type-checker on the CPU. Each type-check is
 * incremental (its state kept in node_modules/.cache). Arguments go to Playwright (a file, --grep). The exit
 * code is the first failure's; a type error is printed after the tests' output, whole.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cache = path.join(root, 'node_modules', '.cache', 'partner-voucher-harness');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(command, args, capture) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (capture) for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (output += d));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    child.on('error', (e) => resolve({ code: 1, output: String(e) }));
  });
}

const typecheck = (project, name) =>
  run(bin('tsc'), ['-p', project, '--incremental', '--tsBuildInfoFile', path.join(cache, `${name}.tsbuildinfo`)], true);
const [harness, k6, format, tests] = await Promise.all([
  typecheck('tsconfig.json', 'typecheck'),
  typecheck('tsconfig.k6.json', 'typecheck-k6'),
  run(bin('biome'), ['check', '.'], true),
  run(bin('playwright'), ['test', '--project=harness', '--project=conformance', ...process.argv.slice(2)], false),
]);
for (const [name, r] of [
  ['typecheck (tsconfig.json)', harness],
  ['typecheck:k6 (tsconfig.k6.json)', k6],
  ['the formatter and the unused-import lint (npx biome check --write . fixes both)', format],
]) {
  if (r.code !== 0) console.error(`\nnpm test: ${name} failed:\n${r.output.trim()}`);
}
if (harness.code === 0 && k6.code === 0 && format.code === 0) {
  console.log('npm test: type-checks, the formatter and the lint passed (tsconfig.json, tsconfig.k6.json, biome.json)');
}
process.exit(harness.code || k6.code || format.code || tests.code);
