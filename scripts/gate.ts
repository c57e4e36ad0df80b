/** `npm run gate`: the release decision, go or no-go with the reasons (scripts/gate/run.ts). */
import { runGate } from './gate/run.ts';
import { PROMETHEUS_FLAG, PROMETHEUS_URL_VAR } from '../reporters/prometheus/send.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'gate',
  summary:
    "After npm run certify (and optionally npm run load): Allure's quality gate (allurerc.mjs) plus the " +
    "certification's clause verdicts decide go or no-go, and the output says why.",
  options: {
    results: {
      type: 'string',
      value: 'DIR',
      multiple: true,
      help:
        'another allure-results directory to include (repeatable), e.g. a load run\nwritten under a different ' +
        'PVH_REPORT_DIR',
    },
    'read-only': {
      type: 'boolean',
      help:
        'a read-only target (production): MUST clauses skipped only because writes are\noff do not block; they ' +
        'are listed. Any other MUST clause that did not run still does.',
    },
    'load-run': {
      type: 'string',
      value: 'RUN',
      multiple: true,
      help:
        "count this load run's k6 results too (repeatable); by default only those of the\ncertification's own " +
        'run and environment count (a load run started with its PVH_RUN_ID)',
    },
    'no-regressions': {
      type: 'boolean',
      help:
        'a clause worse than in the previous run of this environment is no-go,\neven one with a known deviation ' +
        '(reports/history/certification.jsonl)',
    },
    prometheus: {
      ...PROMETHEUS_FLAG,
      help:
        'send the decision (pvh_gate_go) to this Prometheus remote-write endpoint;\ndefault $PVH_PROMETHEUS_URL ' +
        "(a URL's user:password becomes Basic auth). Never changes the decision",
    },
  },
  environment: {
    PVH_REPORT_DIR: 'reads allure-results/ and certification/results.json there (default reports)',
    [PROMETHEUS_URL_VAR]: 'default of --prometheus',
  },
  exitCodes: { 0: 'go', 1: 'no-go', 2: 'usage or configuration error' },
  crashExitCode: 2,
  run: (values) =>
    runGate({
      results: values.results ?? [],
      readOnly: !!values['read-only'],
      noRegressions: !!values['no-regressions'],
      loadRuns: values['load-run'] ?? [],
      ...(values.prometheus !== undefined ? { prometheus: values.prometheus } : {}),
    }),
});
