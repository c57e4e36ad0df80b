/**
 * Shared by what provisions Go-built tools into .tools/bin (load/node/k6-binary.ts, actionlint.ts):
 * PATH lookup, and a throwaway module that pins the tool's version so `go build` only ever asks the
 * module proxy (plain `go install pkg@version` also queries the vanity host, unreachable here).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The first `name` found on PATH. */
export function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** A fresh module directory `work` that requires `module@version`, to build it from. */
export function throwawayModule(work: string, name: string, goDirective: string, module: string, version: string): void {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, 'go.mod'), `module ${name}\n\ngo ${goDirective}\n\nrequire ${module} ${version}\n`);
}

/**
 * The proxies of a GOPROXY list without its `direct` and `off` entries, separators kept ("," falls
 * back on a 404/410 only, "|" on any error); undefined when no proxy is left.
 */
export function proxiesOf(goproxy: string): string | undefined {
  const parts = goproxy.trim().split(/([,|])/);
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const entry = parts[i]!.trim();
    if (!entry || entry === 'direct' || entry === 'off') continue;
    if (kept.length > 0) kept.push(parts[i - 1] ?? ',');
    kept.push(entry);
  }
  return kept.length > 0 ? kept.join('') : undefined;
}

/** The machine's GOPROXY list as Go itself reads it (the variable, go env -w, Go's default); '' without go. */
function goEnvProxy(): string {
  const r = spawnSync('go', ['env', 'GOPROXY'], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0 ? r.stdout : '';
}

/** Environment of such a build: the machine's module proxy only, module mode, a static binary. */
export function goBuildEnv(goproxy: string = goEnvProxy()): NodeJS.ProcessEnv {
  const proxy = proxiesOf(goproxy);
  return {
    ...process.env,
    // Only the module proxy is reachable; "direct" would try the vanity host and fail slowly. With
    // no proxy configured at all, Go's own setting stands.
    ...(proxy ? { GOPROXY: proxy } : {}),
    GOFLAGS: `${process.env.GOFLAGS ?? ''} -mod=mod`.trim(),
    CGO_ENABLED: '0',
  };
}
