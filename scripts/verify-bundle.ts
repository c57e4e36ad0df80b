/** `npm run verify-bundle -- PATH`: checks an evidence bundle (reporters/bundle/verify.ts). */
import { checkBundle } from '../reporters/bundle/verify.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'verify-bundle',
  summary: 'Checks an evidence bundle against its SHA256SUMS and reads its completeness from metadata.json.',
  options: {},
  positionals: 'PATH',
  exitCodes: {
    0: 'intact and complete',
    1: 'tampered (missing, extra or modified files), or intact but incomplete',
    2: 'usage: no PATH, or not a directory',
  },
  run: (_values, positionals) => checkBundle(positionals[0]),
});
