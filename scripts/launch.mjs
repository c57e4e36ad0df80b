#!/usr/bin/env node
/**
 * Runs a TypeScript command (`node scripts/launch.mjs scripts/certify.ts ARGS`) with a stop signal held from
 * Node's first line: under `--import tsx` the command's own first line runs a second or so later, and a Ctrl-C
 * before it would end the run with Node's default (exit 130, nothing said). The held signal is handed to the
 * command's early-signals holder, which tells the command once it can say what it interrupted.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const STOP = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let held;
const hold = (signal) => (held ??= signal);
for (const s of STOP) process.on(s, hold);

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/launch.mjs <command.ts> [arguments]');
  process.exit(2);
}
process.argv = [process.argv[0], path.resolve(entry), ...args];
const { register } = await import('tsx/esm/api');
register();
const { holdStopSignals } = await import('../fixtures/harness/run/early-signals.ts');
holdStopSignals(held);
for (const s of STOP) process.off(s, hold);
await import(pathToFileURL(path.resolve(entry)).href);
