/**
 * Runs the Allure 3 CLI (npm package `allure`, no Java) from the repository root, so allurerc.mjs
 * applies, on this process's Node runtime, with what that runtime needs (allureNodeOptions: the
 * polyfill of iter-toarray-polyfill.mjs beside this file on Node 20, nothing on 22 and later).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripAnsi } from '../../fixtures/harness/support/ansi.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { DECISION_PREFIX } from '../../fixtures/judgement/index.ts';

export { DECISION_PREFIX } from '../../fixtures/judgement/index.ts';

export const ROOT = PROJECT_ROOT;
const CLI = path.join(ROOT, 'node_modules', 'allure', 'cli.js');
const POLYFILL = path.join(ROOT, 'reporters', 'allure', 'iter-toarray-polyfill.mjs');

export interface AllureRun {
  code: number;
  /** stdout and stderr together, ANSI colours removed (only when captured). */
  output: string;
}

/** The major version of a Node version string ("20.20.2", "v24.21.0"). */
export function nodeMajor(version: string): number {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major)) throw new Error(`not a Node version: ${version}`);
  return major;
}

/**
 * The Node options the Allure CLI needs on the runtime `version` (default: this process's, which
 * runAllure uses). Allure 3.18's quality gate calls Iterator.prototype.toArray, an iterator helper
 * Node has from 22 on: Node 20 gets the polyfill, 22 and later nothing (allure3 PR #977 removes the
 * call upstream; drop this with Node 20).
 */
export function allureNodeOptions(version: string = process.versions.node): string[] {
  return nodeMajor(version) < 22 ? [`--import=${pathToFileURL(POLYFILL).href}`] : [];
}

/** `env` with allureNodeOptions(version) added to NODE_OPTIONS (unchanged when there are none). */
export function allureEnv(
  env: NodeJS.ProcessEnv = process.env,
  version: string = process.versions.node,
): NodeJS.ProcessEnv {
  const options = allureNodeOptions(version);
  return options.length === 0
    ? { ...env }
    : { ...env, NODE_OPTIONS: [env.NODE_OPTIONS ?? '', ...options].join(' ').trim() };
}

/** Runs the Allure CLI with `args`, or (`script`) one of ours beside this file that drives Allure's own modules. */
export function runAllure(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; capture?: boolean; script?: string } = {},
): Promise<AllureRun> {
  if (!existsSync(CLI))
    return Promise.resolve({ code: 2, output: `the allure CLI is not installed (${CLI}); run npm ci` });
  const entry = options.script ? path.join(ROOT, 'reporters', 'allure', options.script) : CLI;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], {
      cwd: ROOT,
      env: allureEnv(options.env),
      stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.on('error', (error) => resolve({ code: 2, output: `could not start the allure CLI: ${error.message}` }));
    child.on('exit', (c, signal) => resolve({ code: c ?? (signal ? 130 : 1), output: stripAnsi(output) }));
  });
}

/** The run ID the Allure reporter wrote into environment.properties of the first directory that has one. */
export function allureRunId(dirs: string[]): string | undefined {
  for (const d of dirs) {
    const file = path.join(d, 'environment.properties');
    const id = existsSync(file) ? /^runId=(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim() : undefined;
    if (id !== undefined) return id;
  }
  return undefined;
}

/** `*-result.json` files in the directories that exist, the release decision excepted. */
export function resultFiles(dirs: string[]): string[] {
  return dirs
    .filter((d) => existsSync(d))
    .flatMap((d) =>
      readdirSync(d)
        .filter((f) => f.endsWith('-result.json') && !f.startsWith(DECISION_PREFIX))
        .map((f) => path.join(d, f)),
    );
}
