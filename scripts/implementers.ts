/**
 * `npm run docs:implementers`: writes docs/implementers.md, what the harness holds an implementation to
 * (fixtures/contract/implementers.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { implementersPage } from '../fixtures/contract/implementers.ts';
import { PROJECT_ROOT } from '../fixtures/harness/support/project-root.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'docs:implementers',
  summary:
    'Writes docs/implementers.md from the clause catalogue: every MUST and SHOULD clause, ' +
    'what a server must do, its source.',
  options: {},
  exitCodes: { 0: 'written', 2: 'usage error' },
  run: async () => {
    const file = path.join(PROJECT_ROOT, 'docs', 'implementers.md');
    writeFileSync(file, implementersPage());
    console.log(`docs:implementers: ${path.relative(process.cwd(), file)}`);
    return 0;
  },
});
