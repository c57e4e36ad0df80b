/** The arguments of `npm run migrate:check` as the check takes them; a usage mistake is a CommandError (exit 2). */
import { parseMigrateArgs, UsageError } from '../../fixtures/migration/input/args.ts';
import { CommandError } from '../lib/run-main.ts';

export function migrateArguments(argv: string[]): ReturnType<typeof parseMigrateArgs> {
  try {
    return parseMigrateArgs(argv);
  } catch (error) {
    throw error instanceof UsageError ? new CommandError(error.message, 2) : error;
  }
}
