/**
 * The one way a command in scripts/ runs: each command file ends with `runMain({...})` and nothing
 * imports command files, so being loaded is being the main module. runMain parses the flags
 * strictly, answers --help in the common format, runs, and exits with the code run() returns.
 * A CommandError or a ConfigError is printed as one line (no stack trace: the user can act on it);
 * anything else is a harness bug and keeps its stack.
 */
import { parseArgs } from 'node:util';
import { ConfigError } from '../../fixtures/environments/load.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { integerIn, integerWords, type IntegerRange } from '../../fixtures/harness/support/integer-text.ts';

export { CommandError };

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** What the value is called in the help (string options), e.g. NAME. */
  value?: string;
  multiple?: boolean;
  default?: string | boolean;
  help: string;
}

export type Options = Readonly<Record<string, OptionSpec>>;

type Scalar<S extends OptionSpec> = S['type'] extends 'string' ? string : boolean;
type Value<S extends OptionSpec> = S['multiple'] extends true ? Array<Scalar<S>> : Scalar<S>;
export type OptionValues<O extends Options> = {
  -readonly [K in keyof O]: O[K] extends { default: string | boolean } ? Value<O[K]> : Value<O[K]> | undefined;
};

export interface Command<O extends Options> {
  /** The npm script name (`npm run NAME`); also the prefix of every line the command prints. */
  name: string;
  /** One sentence: what the command does. */
  summary: string;
  options: O;
  /** What follows the options on the usage line, when the command takes arguments, e.g. "PATH". */
  positionals?: string;
  /** The arguments after `npm run NAME --` when the generated list would be unreadable. */
  synopsis?: string;
  /** Environment variables the command reads, with what each does. */
  environment?: Readonly<Record<string, string>>;
  /** Exit code (or range, e.g. "100-109") and what it means. */
  exitCodes: Readonly<Record<number | string, string>>;
  /** Exit code of an unexpected error (default 1). */
  crashExitCode?: number;
  run(values: OptionValues<O>, positionals: string[]): Promise<number> | number;
}

/** An integer flag's value, or a CommandError saying which flag wants what (exit 2). */
export function integerFlag(flag: string, text: string, range: IntegerRange = {}): number {
  const n = integerIn(text, range);
  if (n === undefined) throw new CommandError(`${flag} takes ${integerWords(range)}, got "${text}"`);
  return n;
}

const HELP_OPTION = { type: 'boolean', short: 'h' } as const;

function optionLabel(name: string, spec: OptionSpec): string {
  return `--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`;
}

function table(rows: Array<[string, string]>): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.flatMap(([left, right]) =>
    right.split('\n').map((line, i) => `  ${(i === 0 ? left : '').padEnd(width)}  ${line}`),
  );
}

/** How the user typed the command: `npm run NAME --`, or the standalone executable's name (the bundle defines
 * PVH_STANDALONE). */
const invocation = (name: string) => process.env.PVH_STANDALONE ?? `npm run ${name} --`;

/** The common help: usage line, one-sentence summary, options, environment, exit codes. */
function helpText(command: Command<Options>): string {
  const options = Object.entries(command.options);
  const generated = options.map(([name, spec]) => `[${optionLabel(name, spec)}${spec.multiple ? ' ...' : ''}]`);
  const args = command.synopsis ?? [...generated, ...(command.positionals ? [command.positionals] : [])].join(' ');
  const lines = [
    `Usage: ${invocation(command.name)}${args ? ` ${args}` : ''}`.replace(/ --$/, ''),
    '',
    command.summary,
    '',
    'Options:',
  ];
  lines.push(
    ...table([
      ...options.map(([name, spec]): [string, string] => [optionLabel(name, spec), spec.help]),
      ['-h, --help', 'print this help and exit'],
    ]),
  );
  if (command.environment) lines.push('', 'Environment:', ...table(Object.entries(command.environment)));
  lines.push('', 'Exit codes:', ...table(Object.entries(command.exitCodes)));
  return lines.join('\n');
}

/** node:util parseArgs's complaint as "what is wrong" without its advice about positionals. */
function usageProblem(error: Error & { code?: string }): string {
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${quoted}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${quoted}"`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /argument missing/.test(error.message)
        ? `option ${quoted.split(' ')[0]} needs a value`
        : `option ${quoted.split(' ')[0]} takes no value`;
    default:
      return error.message.split('\n')[0]!.replace(/\.$/, '');
  }
}

/** One line for a failure the user can fix; undefined for a harness bug. */
function oneLine(error: unknown): { line: string; exitCode: number } | undefined {
  if (error instanceof CommandError) return { line: error.message, exitCode: error.exitCode };
  // Several problems keep a line each (README: one line per problem); one problem is one line.
  if (error instanceof ConfigError) return { line: error.userMessage, exitCode: 2 };
  return undefined;
}

async function execute<O extends Options>(command: Command<O>, argv: string[]): Promise<number> {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...command.options, help: HELP_OPTION },
      allowPositionals: !!command.positionals,
      strict: true,
    });
  } catch (error) {
    console.error(`${command.name}: ${usageProblem(error as Error)}. Run ${invocation(command.name)} --help.`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(helpText(command));
    return 0;
  }
  try {
    return await command.run(parsed.values as OptionValues<O>, parsed.positionals);
  } catch (error) {
    const known = oneLine(error);
    if (!known) {
      console.error(`${command.name}: ${(error as Error).stack ?? String(error)}`);
      return command.crashExitCode ?? 1;
    }
    console.error(`${command.name}: ${known.line}`);
    return known.exitCode;
  }
}

/** Runs `command` with this process's arguments and exits with its code (open handles do not delay it). */
export function runMain<const O extends Options>(command: Command<O>): void {
  void execute(command, process.argv.slice(2)).then((code) => process.exit(code));
}
