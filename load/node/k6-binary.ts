/**
 * Finds a k6 v2 binary or builds one (`locateK6()`, for `npm run k6:ensure` and every load run).
 * Order: $K6_BIN, `k6` on PATH, the project-local .tools/bin/k6, else a one-time Go build
 * into .tools/bin (minutes), else a one-line message saying how to get k6.
 *
 * Why not plain `go install go.k6.io/k6/v2@v2.2.0`: `go install pkg@version` looks up the module's
 * deprecation through @v/list, which the module proxy answers 404 for the /v2 path, and then falls
 * back to a direct fetch that has no network here. Building inside a throwaway module that
 * requires the exact version avoids that lookup and still uses only the Go module proxy.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { goBuildEnv, onPath, throwawayModule } from '../../fixtures/harness/support/go-tool.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';

export const K6_VERSION = 'v2.2.0';
export const K6_MODULE = 'go.k6.io/k6/v2';
const ROOT = PROJECT_ROOT;
export const LOCAL_K6 = path.join(ROOT, '.tools', 'bin', 'k6');
const MIN_GO = [1, 25] as const;

export const K6_INSTALL_HINT =
  `k6 ${K6_VERSION} not found: set K6_BIN to a k6 v2 binary, put k6 on PATH, or install Go >= ${MIN_GO.join('.')} ` +
  `and run "npm run k6:ensure" (builds ${K6_MODULE}@${K6_VERSION} into .tools/bin).`;

/**
 * Go's garbage-collector target for k6 unless GOGC is set: k6 allocates per sample, and collecting
 * less often gave 5-10 % more requests per second from the same two cores in load:bench (bare
 * script and scenarios alike), for more memory: a 20 s closed-loop read run at 16 VUs peaked at
 * 463 MB instead of 209 MB (README: Load). GOGC=100 in the environment restores Go's default.
 */
export const K6_GOGC = '400';

/** Environment every k6 invocation gets: no usage report, no dashboard port (CI would hang on it), K6_GOGC. */
export function k6Env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { GOGC: K6_GOGC, ...process.env, ...extra, K6_NO_USAGE_REPORT: 'true' };
  if (env.K6_WEB_DASHBOARD === 'true') env.K6_WEB_DASHBOARD_PORT = '-1';
  return env;
}

/** The version string of a k6 binary ("v2.2.0"), or undefined when it does not run. */
export function k6VersionOf(bin: string): string | undefined {
  try {
    const out = execFileSync(bin, ['version'], {
      env: k6Env(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 15_000,
    });
    return /k6 (v\d+\.\d+\.\d+\S*)/.exec(out)?.[1];
  } catch {
    return undefined;
  }
}

function isV2(version: string | undefined): boolean {
  return !!version && /^v2\./.test(version);
}

export interface LocatedK6 {
  bin: string;
  version: string;
  source: 'K6_BIN' | 'PATH' | '.tools';
}

/** Finds a usable k6 v2 without building anything. */
export function findK6(): LocatedK6 | undefined {
  const fromEnv = process.env.K6_BIN;
  if (fromEnv) {
    const v = k6VersionOf(fromEnv);
    if (!v)
      throw new CommandError(`K6_BIN=${fromEnv} does not run ("${fromEnv} version" failed): fix K6_BIN or unset it.`);
    if (!isV2(v)) console.warn(`k6: K6_BIN is ${v}; the load suite is written for v2.x.`);
    return { bin: fromEnv, version: v, source: 'K6_BIN' };
  }
  const pathBin = onPath('k6');
  const pathVersion = pathBin ? k6VersionOf(pathBin) : undefined;
  if (pathBin && isV2(pathVersion)) return { bin: pathBin, version: pathVersion!, source: 'PATH' };
  const localVersion = existsSync(LOCAL_K6) ? k6VersionOf(LOCAL_K6) : undefined;
  if (localVersion) return { bin: LOCAL_K6, version: localVersion, source: '.tools' };
  if (pathBin && pathVersion) {
    console.warn(`k6: ${pathBin} is ${pathVersion}, not v2.x; using it anyway.`);
    return { bin: pathBin, version: pathVersion, source: 'PATH' };
  }
  return undefined;
}

function goVersion(): [number, number] | undefined {
  try {
    const out = execFileSync('go', ['env', 'GOVERSION'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const m = /go(\d+)\.(\d+)/.exec(out);
    return m ? [Number(m[1]), Number(m[2])] : undefined;
  } catch {
    return undefined;
  }
}

/** Builds k6 into .tools/bin with Go, printing progress (the first build takes a few minutes). */
export async function buildK6(log: (line: string) => void = (l) => console.error(l)): Promise<LocatedK6> {
  const go = goVersion();
  if (!go) throw new CommandError(K6_INSTALL_HINT);
  if (go[0] < MIN_GO[0] || (go[0] === MIN_GO[0] && go[1] < MIN_GO[1])) {
    throw new CommandError(
      `k6 ${K6_VERSION} needs Go >= ${MIN_GO.join('.')} but go is ${go.join('.')}: upgrade Go, or set K6_BIN ` +
        `to a k6 v2 binary.`,
    );
  }
  const work = path.join(ROOT, '.tools', 'k6-build');
  throwawayModule(work, 'k6build', go.join('.'), K6_MODULE, K6_VERSION);
  mkdirSync(path.dirname(LOCAL_K6), { recursive: true });
  log(
    `k6: building ${K6_MODULE}@${K6_VERSION} with Go ${go.join('.')} into ${path.relative(process.cwd(), LOCAL_K6)} ` +
      `(first time: a few minutes)...`,
  );
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('go', ['build', '-trimpath', '-o', LOCAL_K6, K6_MODULE], {
      cwd: work,
      env: goBuildEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let downloads = 0;
    let tail: string[] = [];
    const tick = setInterval(
      () => log(`k6: still building (${Math.round((Date.now() - started) / 1000)} s, ${downloads} modules fetched)...`),
      20_000,
    );
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        if (line.startsWith('go: downloading')) downloads += 1;
        tail = [...tail, line].slice(-5);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (e) => {
      clearInterval(tick);
      reject(new CommandError(`k6: could not run go (${e.message}). ${K6_INSTALL_HINT}`));
    });
    child.on('close', (code) => {
      clearInterval(tick);
      if (code === 0) resolve();
      else reject(new CommandError(`k6: go build failed (exit ${code}): ${tail.join(' | ')}`));
    });
  });
  const version = k6VersionOf(LOCAL_K6);
  if (!version) throw new CommandError(`k6: the build finished but ${LOCAL_K6} does not run.`);
  log(`k6: built ${version} in ${Math.round((Date.now() - started) / 1000)} s.`);
  return { bin: LOCAL_K6, version, source: '.tools' };
}

/** Finds k6, building it once when needed. Throws a CommandError with a one-line explanation. */
export async function locateK6(options: { build?: boolean } = {}): Promise<LocatedK6> {
  const found = findK6();
  if (found) return found;
  if (options.build === false) throw new CommandError(K6_INSTALL_HINT);
  return buildK6();
}
