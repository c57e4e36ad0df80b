/** `npm run report`: the Allure 3 report of the last runs, with history (scripts/report/report.ts). */
import { buildReport } from './report/report.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'report',
  summary:
    'Builds the Allure 3 report $PVH_REPORT_DIR/allure-report/index.html from the last certify (and any load ' +
    'run), appending the run to the history file for trends.',
  options: {
    results: {
      type: 'string',
      value: 'DIR',
      multiple: true,
      help:
        'another allure-results directory to include (repeatable), e.g. a load run\nwritten under a different ' +
        'PVH_REPORT_DIR',
    },
  },
  environment: {
    PVH_REPORT_DIR: 'reads allure-results/ and writes allure-report/ there (default reports)',
    PVH_ALLURE_HISTORY: 'the history file (default $PVH_REPORT_DIR/history/allure-history.jsonl; keep it between runs)',
  },
  exitCodes: { 0: 'report written', 1: 'no results, or allure generate failed', 2: 'usage error' },
  run: (values) => buildReport(values.results ?? []),
});
