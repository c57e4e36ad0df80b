/** What the whole-command tests share: a command of the checkout run as a partner runs it, its output kept. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { RUN_PREFIXES, envWithout } from '../../fixtures/harness/run/hermetic-env.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';

/** Runs `node ARGS` in the checkout without the run's own PVH_/REF_ variables, `env` added: exit code and output. */
export async function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env: { ...envWithout(RUN_PREFIXES), ...env } });
  const output = captureLines(child);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out: output() };
}

/** Keeps a child's stdout and stderr as they come, calling `onLine` for each whole line; returns what it kept. */
export function captureLines(child: ChildProcess, onLine?: (line: string) => void): () => string {
  let output = '';
  let pending = '';
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const l of lines) onLine?.(l);
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  return () => output;
}
