/**
 * The shipped dashboards and alert rules: the dashboards are what their builders make, every pvh_*
 * name they and the rules use is one a run sends, and (where Debian's prometheus package is
 * installed) promtool accepts the rules, their unit tests pass and every dashboard query parses.
 * .ci/nightly.d/25-prometheus.sh installs it and runs the same promtool checks, then every query
 * against a real Prometheus.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onPath } from '../../fixtures/harness/support/go-tool.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { clauseVerdicts, emptyResults } from '../../fixtures/judgement/index.ts';
import { conformanceSamples, gateSamples } from './conformance-series.ts';
import { dashboardQueries, writeDashboards } from './dashboards/index.ts';
import { loadSamples } from './load-series.ts';

const DIR = path.join(PROJECT_ROOT, 'reporters', 'prometheus');
const promtool = onPath('promtool');
const NO_PROMTOOL =
  'promtool is not installed (Debian package prometheus); .ci/nightly.d/25-prometheus.sh installs it and runs ' +
  'these checks';

function run(args: string[], cwd = DIR): { code: number; output: string } {
  const r = spawnSync(promtool!, args, { cwd, encoding: 'utf8' });
  return { code: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

test('the committed dashboards are what their builders make (npm run dashboards)', () => {
  expect(writeDashboards(true).map((f) => path.relative(PROJECT_ROOT, f))).toEqual([]);
});

test('every pvh_* series the dashboards and rules use is one a run sends', () => {
  const r = emptyResults(
    { id: 'r', environment: 'e', baseUrl: '', authUrl: '', startedAt: '', durationMs: 0, harnessVersion: '', node: '' },
    'CONFORMANT',
    [],
    clauseVerdicts([]),
  );
  r.sinceLast = {
    runId: 'p',
    finishedAt: '',
    verdict: 'CONFORMANT',
    regressed: [r.clauses[0]!.id],
    recovered: [],
    newlyFailing: [],
    appeared: [],
  };
  const labels = { environment: 'e', load_scenario: 's', profile: 'p', testid: 't', commit: 'c' };
  const sent = new Set(
    [
      ...conformanceSamples(r, 0),
      ...gateSamples({ go: true, reasons: [], warnings: [], counts: [] }, r, 0),
      ...loadSamples(
        labels,
        {
          exitCode: 0,
          p95Ms: 1,
          harnessVersion: '',
          summary: {
            scenario: '',
            profile: '',
            environment: '',
            runId: '',
            finishedAt: '',
            durationMs: 1,
            passed: true,
            metrics: {},
            thresholds: [{ metric: 'm', expression: 'x', ok: true, values: {} }],
          },
        },
        0,
      ),
    ].map((s) => s.name),
  );
  const used =
    [...dashboardQueries().map((q) => q.expr), readFileSync(path.join(DIR, 'alerts.yml'), 'utf8')]
      .join('\n')
      .match(/\bpvh_[a-z0-9_]+/g) ?? [];
  expect([...new Set(used)].filter((n) => !sent.has(n))).toEqual([]);
  expect(used.length).toBeGreaterThan(10);
});

test.describe('promtool', () => {
  test.skip(!promtool, NO_PROMTOOL);

  test('accepts the alert rules, and their unit tests pass', () => {
    const check = run(['check', 'rules', 'alerts.yml']);
    expect(check.code, check.output).toBe(0);
    const unit = run(['test', 'rules', 'alerts.test.yml']);
    expect(unit.code, unit.output).toBe(0);
  });

  test('parses every dashboard query (each as a recording rule), and refuses a broken one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-promql-'));
    try {
      const asRules = (exprs: string[]) =>
        `groups:\n  - name: dashboards\n    rules:\n${exprs
          .map(
            (e, i) =>
              `      - record: pvh_dashboard_query_${i}\n        expr: ${JSON.stringify(
                e
                  .replaceAll('$environment', 'x')
                  .replace(/\$(load_scenario|testid)/g, '.*')
                  .replace(/\$__\w+/g, '5m'),
              )}\n`,
          )
          .join('')}`;
      writeFileSync(path.join(dir, 'ok.yml'), asRules(dashboardQueries().map((q) => q.expr)));
      const ok = run(['check', 'rules', 'ok.yml'], dir);
      expect(ok.code, ok.output).toBe(0);
      writeFileSync(path.join(dir, 'broken.yml'), asRules(['sum by (op (k6_http_reqs_total)']));
      expect(run(['check', 'rules', 'broken.yml'], dir).code).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
