/**
 * actionlint for `npm run lint:workflows` and its harness test, provisioned like k6 (see
 * load/node/k6-binary.ts): $ACTIONLINT_BIN, `actionlint` on PATH, the project-local .tools/bin/actionlint,
 * else a Go build from the module proxy into .tools/bin (seconds), else a one-line message saying
 * what to do. actionlint runs shellcheck on `run:` scripts only when shellcheck is installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { goBuildEnv, onPath, throwawayModule } from '../../fixtures/harness/support/go-tool.ts';

export const ACTIONLINT_VERSION = 'v1.7.12';
const MODULE = 'github.com/rhysd/actionlint';
const ROOT = PROJECT_ROOT;
export const LOCAL_ACTIONLINT = path.join(ROOT, '.tools', 'bin', 'actionlint');

export const ACTIONLINT_HINT =
  `actionlint not found and could not be built: install Go >= 1.24 (with access to the Go module proxy) and ` +
  `run "npm run lint:workflows" once ` +
  (`(builds ${MODULE}/cmd/actionlint@${ACTIONLINT_VERSION} into .tools/bin), or put actionlint on PATH, or set ` +
    `ACTIONLINT_BIN to its path.`);

function runs(bin: string): boolean {
  return spawnSync(bin, ['-version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/** Builds actionlint in a throwaway module that pins the version (same reason as load/node/k6-binary.ts). */
function build(log: (l: string) => void): string | undefined {
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  const work = path.join(ROOT, '.tools', 'actionlint-build');
  throwawayModule(work, 'actionlintbuild', '1.24', MODULE, ACTIONLINT_VERSION);
  log(`actionlint: building ${MODULE}@${ACTIONLINT_VERSION} into .tools/bin ...`);
  const r = spawnSync('go', ['build', '-trimpath', '-o', LOCAL_ACTIONLINT, `${MODULE}/cmd/actionlint`], {
    cwd: work,
    env: goBuildEnv(),
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.status !== 0) {
    log(`actionlint: go build failed: ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}`);
    return undefined;
  }
  return runs(LOCAL_ACTIONLINT) ? LOCAL_ACTIONLINT : undefined;
}

/** The actionlint binary to use, building it once when needed; undefined when impossible. */
export function locateActionlint(log: (l: string) => void = (l) => console.error(l)): string | undefined {
  const fromEnv = process.env.ACTIONLINT_BIN;
  if (fromEnv) return runs(fromEnv) ? fromEnv : undefined;
  const candidates = [onPath('actionlint'), LOCAL_ACTIONLINT].filter((c): c is string => !!c && existsSync(c));
  for (const c of candidates) if (runs(c)) return c;
  return build(log);
}

export interface LintResult {
  code: number;
  output: string;
}

/** Lints every workflow under `dir` (default .github/workflows). */
export function lintWorkflows(bin: string, dir = path.join(ROOT, '.github', 'workflows')): LintResult {
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => path.join(dir, f))
    : [];
  const r = spawnSync(bin, ['-no-color', ...files], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}
