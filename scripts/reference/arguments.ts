/**
 * The face's own reading of the flags of `npm run reference` (options.ts: flags win over REF_*
 * variables); runMain checked them against the list in flags.ts. A bad value is a CommandError (exit 2).
 */
import { parseReferenceArgs } from '../../fixtures/reference-api/index.ts';
import { CommandError } from '../lib/run-main.ts';

export function referenceArguments(argv: string[]): ReturnType<typeof parseReferenceArgs> {
  try {
    return parseReferenceArgs(argv);
  } catch (error) {
    throw new CommandError(`${(error as Error).message} Run npm run reference -- --help.`);
  }
}
