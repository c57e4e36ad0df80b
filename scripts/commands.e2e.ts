/**
 * Every npm command that runs a file of scripts/ speaks the same way: `--help` exits 0 with the
 * common help, an unknown flag exits 2 with one line saying how to get help, and a bad `--env`
 * (on the commands taking one) exits 2 with one line naming it. No stack trace anywhere. Each
 * command runs as `npm run` runs it, minus npm: node with tsx, in parallel.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../fixtures/harness/support/project-root.ts';
import { envWithout } from '../fixtures/harness/run/hermetic-env.ts';

const scripts = (
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
const COMMANDS = Object.entries(scripts).flatMap(([name, line]) => {
  // `exec node --import tsx`: a long-running command is npm's own child, so npm's signals reach it
  // (scripts/signals.e2e.ts); `exec node scripts/launch.mjs`: the same, holding a stop signal from Node's first line.
  const file = /^(?:tsx|exec node --import tsx|exec node scripts\/launch\.mjs) (scripts\/[^ ]+\.ts)$/.exec(line)?.[1];
  return file ? [{ name, file }] : [];
});
/** What a command needs besides --env to get as far as opening the environment. */
const REQUIRED: Record<string, string[]> = {
  load: ['--scenario', 'token'],
  'migrate:check': ['--input', 'package.json'],
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const env = envWithout(['PVH_']);
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...env, PVH_REPORT_DIR: path.join('reports', 'commands-test'), ...extraEnv },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const lines = (r: Run) => `${r.stdout}${r.stderr}`.split('\n').filter((l) => l.trim() !== '');

test('every file in scripts/ is one npm command, and every command runs one', () => {
  const files = readdirSync(path.join(PROJECT_ROOT, 'scripts')).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.e2e.ts'),
  );
  expect(files.map((f) => `scripts/${f}`).sort()).toEqual(COMMANDS.map((c) => c.file).sort());
  expect(
    Object.entries(scripts).filter(
      ([, line]) =>
        /\.ts\b/.test(line) && !/^(tsx|exec node --import tsx|exec node scripts\/launch\.mjs) scripts\//.test(line),
    ),
  ).toEqual([]);
});

test.describe('npm commands', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const { name, file } of COMMANDS) {
    test(`${name}: --help, an unknown flag, a bad --env`, async () => {
      test.setTimeout(90_000);
      const [help, unknown] = await Promise.all([run(file, ['--help']), run(file, ['--no-such-flag'])]);

      expect(help.code, help.stderr).toBe(0);
      const text = help.stdout.split('\n');
      expect(text[0]).toMatch(new RegExp(`^Usage: npm run ${name.replace(/[:]/g, '\\$&')}( -- .+)?$`));
      expect(text[1]).toBe('');
      expect(text[2]!.length).toBeGreaterThan(10);
      expect(text).toContain('Options:');
      expect(help.stdout).toMatch(/^ {2}-h, --help {2,}\S/m);
      expect(text).toContain('Exit codes:');
      expect(help.stdout).toMatch(/^ {2}0 {2,}\S/m);

      expect(unknown.code, `${unknown.stdout}${unknown.stderr}`).toBe(2);
      expect(lines(unknown)).toEqual([`${name}: unknown option --no-such-flag. Run npm run ${name} -- --help.`]);

      if (!/^ {2}--env /m.test(help.stdout)) return;
      const badEnv = await run(file, [...(REQUIRED[name] ?? []), '--env', 'no-such-env']);
      expect(badEnv.code, `${badEnv.stdout}${badEnv.stderr}`).toBe(2);
      expect(lines(badEnv)).toHaveLength(1);
      expect(lines(badEnv)[0]).toMatch(
        new RegExp(`^${name}: environment "no-such-env" is not usable: no environment config "no-such-env"`),
      );
      expect(`${badEnv.stdout}${badEnv.stderr}`).not.toMatch(/^ {4}at /m);
    });
  }
});

test.describe('numbers given to commands', () => {
  test.describe.configure({ mode: 'parallel' });
  const cases: Array<{ file: string; args: string[]; env?: NodeJS.ProcessEnv; line: string }> = [
    {
      file: 'scripts/mutation.ts',
      args: ['--workers', '0'],
      line: 'mutation: --workers takes an integer from 1 to 64, got "0"',
    },
    {
      file: 'scripts/load-segments.ts',
      args: ['--processes', 'two'],
      line: 'load:segments: --processes takes an integer from 2 to 8, got "two"',
    },
    {
      file: 'scripts/peer-schemathesis.ts',
      args: ['--max-examples', '1.5'],
      line: 'peer:schemathesis: --max-examples takes an integer of at least 1, got "1.5"',
    },
    {
      file: 'scripts/certify.ts',
      args: [],
      env: { PVH_WORKERS: 'many' },
      line: 'certify: PVH_WORKERS must be a number of workers from 1 to 64, got "many"; unset it for the default (2)',
    },
  ];
  for (const c of cases) {
    test(`${c.line.slice(0, c.line.indexOf(': '))} refuses ${
      c.args.join(' ') ||
      Object.entries(c.env ?? {})
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')
    } with one line and exit 2, before any work`, async () => {
      const r = await run(c.file, c.args, c.env);
      expect(r.code, `${r.stdout}${r.stderr}`).toBe(2);
      expect(lines(r)).toEqual([c.line]);
    });
  }
});
