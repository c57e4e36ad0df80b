#!/usr/bin/env node
/**
 * The image's entry point: `IMAGE <command> [arguments]`, each command the npm script of the same
 * name (certify, reference, client-check, load, report, gate, janitor, migrate-check). As PID 1 it
 * passes SIGINT and SIGTERM on to the command, which stops as Ctrl-C stops it (exit 3, its bookings
 * removed), and exits with the command's exit code.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const COMMANDS = {
  certify: 'scripts/certify.ts',
  reference: 'scripts/reference.ts',
  'client-check': 'scripts/client-check.ts',
  load: 'scripts/load.ts',
  report: 'scripts/report.ts',
  gate: 'scripts/gate.ts',
  janitor: 'scripts/janitor.ts',
  'migrate-check': 'scripts/migrate-check.ts',
};

const [name = 'certify', ...args] = process.argv.slice(2);
const script = COMMANDS[name];
if (!script) {
  const usage = `usage: IMAGE <${Object.keys(COMMANDS).join('|')}> [arguments] (IMAGE certify --help, for instance)`;
  console.error(name === '--help' || name === 'help' ? usage : `unknown command '${name}'; ${usage}`);
  process.exit(name === '--help' || name === 'help' ? 0 : 2);
}
const child = spawn(process.execPath, [path.join(root, 'scripts/launch.mjs'), path.join(root, script), ...args], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGKILL' ? 137 : 3)));
