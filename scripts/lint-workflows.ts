/** `npm run lint:workflows`: actionlint over .github/workflows (scripts/lib/actionlint.ts). */
import { ACTIONLINT_HINT, lintWorkflows, locateActionlint } from './lib/actionlint.ts';
import { onPath } from '../fixtures/harness/support/go-tool.ts';
import { CommandError, runMain } from './lib/run-main.ts';

runMain({
  name: 'lint:workflows',
  summary:
    'Lints .github/workflows with actionlint ($ACTIONLINT_BIN, PATH, .tools/bin, else built with Go into ' +
    '.tools/bin), with shellcheck on run: scripts when it is installed.',
  options: {},
  environment: { ACTIONLINT_BIN: 'an actionlint binary to use instead of looking for one' },
  exitCodes: {
    0: 'the workflows are clean',
    1: 'actionlint found problems (listed above the last line)',
    2: 'no actionlint and it could not be built (the line says what to do)',
  },
  run: () => {
    const bin = locateActionlint();
    if (!bin) throw new CommandError(ACTIONLINT_HINT);
    const r = lintWorkflows(bin);
    if (r.output.trim()) console.log(r.output.trimEnd());
    console.log(
      r.code === 0
        ? `actionlint: .github/workflows clean ` +
            `(${bin}${onPath('shellcheck') ? ', with shellcheck' : ', shellcheck not installed'})`
        : `actionlint: problems found (exit ${r.code})`,
    );
    return r.code;
  },
});
