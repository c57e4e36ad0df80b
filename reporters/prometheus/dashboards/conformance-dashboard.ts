/**
 * "Partner Voucher API: conformance": what `npm run certify --prometheus` (and gate) send, one
 * point per run: the verdict over time, clauses per verdict, the clauses that regressed, how long
 * each run took, and every clause's verdict.
 */
import { DashboardBuilder, RowBuilder } from '@grafana/grafana-foundation-sdk/dashboard';
import { PanelBuilder as BarChartPanel } from '@grafana/grafana-foundation-sdk/barchart';
import { PanelBuilder as StatPanel } from '@grafana/grafana-foundation-sdk/stat';
import { PanelBuilder as StateTimelinePanel } from '@grafana/grafana-foundation-sdk/statetimeline';
import { PanelBuilder as TablePanel } from '@grafana/grafana-foundation-sdk/table';
import { PanelBuilder as TimeseriesPanel } from '@grafana/grafana-foundation-sdk/timeseries';
import { GraphDrawStyle } from '@grafana/grafana-foundation-sdk/common';
import { DATASOURCE, datasourceVariable, labelVariable, query, redFrom, words } from './panels.ts';

const ENV = 'environment="$environment"';
/** A nightly run leaves one point a day: each panel holds it until the next. */
const HOLD = '1d';
const VERDICT_WORDS = words({
  '0': ['CONFORMANT', 'green'],
  '1': ['NOT CONFORMANT', 'red'],
  '2': ['CONFIG ERROR', 'purple'],
  '3': ['INCONCLUSIVE', 'orange'],
  '4': ['CONFORMANT ON WHAT WAS TESTED', 'yellow'],
});

export function conformanceDashboard(): DashboardBuilder {
  return new DashboardBuilder('Partner Voucher API: conformance')
    .uid('pvh-conformance')
    .description(
      'npm run certify --prometheus: run verdicts, clause verdicts and regressions (pvh_certify_*, ' +
        'pvh_clause_*), release decisions (pvh_gate_go).',
    )
    .tags(['partner-voucher-harness', 'conformance'])
    .time({ from: 'now-30d', to: 'now' })
    .refresh('5m')
    .withVariable(datasourceVariable())
    .withVariable(labelVariable('environment', 'Environment', 'pvh_certify_exit_code', false))
    .withRow(new RowBuilder('Verdict'))
    .withPanel(
      new StatPanel()
        .title('Last verdict')
        .datasource(DATASOURCE)
        .withTarget(query(`last_over_time(pvh_certify_exit_code{${ENV}}[$__range])`, 'verdict'))
        .mappings(VERDICT_WORDS)
        .height(6)
        .span(6),
    )
    .withPanel(
      new StateTimelinePanel()
        .title('Verdict over time')
        .description(
          'pvh_certify_exit_code per run: 0 CONFORMANT, 1 NOT CONFORMANT, 3 INCONCLUSIVE, 4 CONFORMANT ON ' +
            'WHAT WAS TESTED; and the release decision (pvh_gate_go).',
        )
        .datasource(DATASOURCE)
        .withTarget(query(`last_over_time(pvh_certify_exit_code{${ENV}}[${HOLD}])`, 'certify', 'A'))
        .withTarget(query(`last_over_time(pvh_gate_go{${ENV}}[${HOLD}]) * -1 + 11`, 'gate', 'B'))
        .mappings([...VERDICT_WORDS, ...words({ '10': ['GO', 'green'], '11': ['NO-GO', 'red'] })])
        .height(6)
        .span(18),
    )
    .withPanel(
      new TimeseriesPanel()
        .title('Clauses per verdict')
        .description(
          'pvh_certify_clauses: how many clauses of each run were pass, fail, warning, observation, partial, ' +
            'not tested or not run.',
        )
        .datasource(DATASOURCE)
        .withTarget(query(`last_over_time(pvh_certify_clauses{${ENV}}[${HOLD}])`, '{{verdict}}'))
        .drawStyle(GraphDrawStyle.Bars)
        .height(8)
        .span(12),
    )
    .withPanel(
      new TimeseriesPanel()
        .title('Time per run')
        .description('pvh_certify_duration_seconds: how long the suites ran.')
        .datasource(DATASOURCE)
        .withTarget(query(`last_over_time(pvh_certify_duration_seconds{${ENV}}[${HOLD}])`, 'suite duration'))
        .unit('s')
        .drawStyle(GraphDrawStyle.Points)
        .height(8)
        .span(12),
    )
    .withRow(new RowBuilder('Clauses'))
    .withPanel(
      new BarChartPanel()
        .title('Regressions per run')
        .description(
          'pvh_certify_regressions: clauses worse than in the previous run of the environment (pass to ' +
            'warning or fail, warning to fail).',
        )
        .datasource(DATASOURCE)
        .withTarget(query(`max_over_time(pvh_certify_regressions{${ENV}}[$__interval])`, 'regressed clauses'))
        .thresholds(redFrom(1))
        .height(8)
        .span(8),
    )
    .withPanel(
      new TablePanel()
        .title('Clauses that regressed')
        .description('pvh_clause_regressed: each clause that got worse, with its level and verdict now.')
        .datasource(DATASOURCE)
        .withTarget(query(`last_over_time(pvh_clause_regressed{${ENV}}[$__range])`, '', 'A', true))
        .height(8)
        .span(16),
    )
    .withPanel(
      new TablePanel()
        .title('Clause verdicts (last day)')
        .description('pvh_clause_verdict: one series per clause, labelled with its level and verdict.')
        .datasource(DATASOURCE)
        .withTarget(query(`last_over_time(pvh_clause_verdict{${ENV}}[${HOLD}])`, '', 'A', true))
        .height(12)
        .span(16),
    )
    .withPanel(
      new TablePanel()
        .title('Runs')
        .description('pvh_certify_run_info: run ID, commit and verdict of every run in the range.')
        .datasource(DATASOURCE)
        .withTarget(query(`last_over_time(pvh_certify_run_info{${ENV}}[$__range])`, '', 'A', true))
        .height(12)
        .span(8),
    );
}
