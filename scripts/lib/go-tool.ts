/**
 * Shared by what provisions Go-built tools into .tools/bin (load/node/k6-binary.ts, actionlint.ts):
 * PATH lookup, and a throwaway module that pins the tool's version so `go build` only ever asks the
 * module proxy (plain `go install pkg@version` also queries the vanity host, unreachable here).
 */
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

/** Environment of such a build: the module proxy only, module mode, a static binary. */
export function goBuildEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Only the module proxy is reachable; "direct" would try the vanity host and fail slowly.
    GOPROXY: process.env.GOPROXY?.includes('proxy') ? process.env.GOPROXY.replace(/,direct$/, '') : 'https://proxy.golang.org',
    GOFLAGS: `${process.env.GOFLAGS ?? ''} -mod=mod`.trim(),
    CGO_ENABLED: '0',
  };
}
