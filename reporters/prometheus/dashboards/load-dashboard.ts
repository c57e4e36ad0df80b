/**
 * "Partner Voucher API: load (k6)": what `npm run load --prometheus` sends (k6's own k6_* series
 * and the runner's pvh_load_*): requests, latency percentiles by operation against the profile's
 * p95 bound, double bookings and the other correctness counters, threshold verdicts per run.
 */
import { DashboardBuilder, RowBuilder } from '@grafana/grafana-foundation-sdk/dashboard';
import { PanelBuilder as StatPanel } from '@grafana/grafana-foundation-sdk/stat';
import { PanelBuilder as TablePanel } from '@grafana/grafana-foundation-sdk/table';
import { PanelBuilder as TimeseriesPanel } from '@grafana/grafana-foundation-sdk/timeseries';
import { DATASOURCE, datasourceVariable, labelVariable, query, redFrom, words } from './panels.ts';

const RUN = 'environment="$environment", load_scenario=~"$load_scenario", testid=~"$testid"';
/** Counters of our scenarios that must stay 0 (a correct service never moves them). */
const MUST_BE_ZERO = [
  'double_bookings',
  'lost_removals',
  'unexpected_status',
  'server_errors',
  'wrong_conflicts',
  'wrong_certificate',
  'auth_failures',
  'token_refresh_failures',
].join('|');

export function loadDashboard(): DashboardBuilder {
  return new DashboardBuilder('Partner Voucher API: load (k6)')
    .uid('pvh-load')
    .description(
      'npm run load --prometheus: k6 metrics (k6_*) and threshold verdicts (pvh_load_*) per environment, ' +
        'scenario and run (testid).',
    )
    .tags(['partner-voucher-harness', 'k6', 'load'])
    .time({ from: 'now-7d', to: 'now' })
    .refresh('1m')
    .withVariable(datasourceVariable())
    .withVariable(labelVariable('environment', 'Environment', 'k6_http_reqs_total', false))
    .withVariable(labelVariable('load_scenario', 'Scenario', 'k6_http_reqs_total{environment="$environment"}', true))
    .withVariable(
      labelVariable(
        'testid',
        'Run',
        'k6_http_reqs_total{environment="$environment", load_scenario=~"$load_scenario"}',
        true,
      ),
    )
    .withRow(new RowBuilder('Correctness under load'))
    .withPanel(
      new StatPanel()
        .title('Double bookings')
        .description(
          'k6_double_bookings_total: two winners for one certificate, or a winner whose read-back shows ' +
            'another booking. Anything above 0 is a PV-3-ATOMIC break.',
        )
        .datasource(DATASOURCE)
        .withTarget(
          query(`sum(last_over_time(k6_double_bookings_total{${RUN}}[$__range])) or vector(0)`, 'double bookings'),
        )
        .thresholds(redFrom(1))
        .height(6)
        .span(6),
    )
    .withPanel(
      new TimeseriesPanel()
        .title('Counters that must stay 0, per run')
        .description(
          'Our scenario counters (load/scenarios/*.ts): double bookings, lost removals, unexpected statuses, ' +
            '5xx, wrong 409 bodies, wrong certificates read, token failures.',
        )
        .datasource(DATASOURCE)
        .withTarget(
          query(
            `sum by (__name__, testid) ({__name__=~"k6_(${MUST_BE_ZERO})_total", ${RUN}})`,
            '{{__name__}} {{testid}}',
          ),
        )
        .thresholds(redFrom(1))
        .height(6)
        .span(18),
    )
    .withPanel(
      new TablePanel()
        .title('Thresholds per run')
        .description(
          'pvh_load_threshold_ok: every k6 threshold of the run, 1 held, 0 crossed (the LOAD PASS/FAIL line).',
        )
        .datasource(DATASOURCE)
        .withTarget(query(`last_over_time(pvh_load_threshold_ok{${RUN}}[$__range])`, '', 'A', true))
        .mappings(words({ '1': ['held', 'green'], '0': ['crossed', 'red'] }))
        .height(8)
        .span(24),
    )
    .withRow(new RowBuilder('Requests and latency'))
    .withPanel(
      new TimeseriesPanel()
        .title('Requests per second by operation')
        .datasource(DATASOURCE)
        .withTarget(query(`sum by (op) (rate(k6_http_reqs_total{${RUN}}[$__rate_interval]))`, '{{op}}'))
        .unit('reqps')
        .height(8)
        .span(12),
    )
    .withPanel(
      new TimeseriesPanel()
        .title('409 conflicts and bookings won per second')
        .description(
          'k6_booking_conflicts_total (ItemAlreadyBooked answers, expected under contention) and ' +
            'k6_bookings_won_total.',
        )
        .datasource(DATASOURCE)
        .withTarget(query(`sum(rate(k6_booking_conflicts_total{${RUN}}[$__rate_interval]))`, '409 conflicts', 'A'))
        .withTarget(query(`sum(rate(k6_bookings_won_total{${RUN}}[$__rate_interval]))`, 'bookings won', 'B'))
        .unit('reqps')
        .height(8)
        .span(12),
    )
    .withPanel(
      new TimeseriesPanel()
        .title('p95 latency by operation, and the profile bound')
        .description(
          'k6_http_req_duration_p95 (seconds, over the run so far) per operation; the dashed bound is the p95 ' +
            'threshold of the profile (pvh_load_p95_threshold_seconds).',
        )
        .datasource(DATASOURCE)
        .withTarget(query(`max by (op) (k6_http_req_duration_p95{op!="", ${RUN}})`, 'p95 {{op}}', 'A'))
        .withTarget(query(`max(last_over_time(pvh_load_p95_threshold_seconds{${RUN}}[$__range]))`, 'p95 bound', 'B'))
        .unit('s')
        .height(8)
        .span(12),
    )
    .withPanel(
      new TimeseriesPanel()
        .title('Latency percentiles by operation')
        .datasource(DATASOURCE)
        .withTarget(query(`max by (op) (k6_http_req_duration_p50{op!="", ${RUN}})`, 'p50 {{op}}', 'A'))
        .withTarget(query(`max by (op) (k6_http_req_duration_p90{op!="", ${RUN}})`, 'p90 {{op}}', 'B'))
        .withTarget(query(`max by (op) (k6_http_req_duration_p99{op!="", ${RUN}})`, 'p99 {{op}}', 'C'))
        .unit('s')
        .height(8)
        .span(12),
    )
    .withPanel(
      new TimeseriesPanel()
        .title('Failed requests (rate of http_req_failed) and VUs')
        .datasource(DATASOURCE)
        .withTarget(query(`max(k6_http_req_failed_rate{${RUN}})`, 'failed share', 'A'))
        .withTarget(query(`sum(k6_vus{${RUN}})`, 'VUs', 'B'))
        .height(8)
        .span(12),
    )
    .withPanel(
      new TablePanel()
        .title('Runs')
        .description(
          'pvh_load_run_info and pvh_load_exit_code: which commit ran which scenario; k6 exit 0 held, 99 ' +
            'thresholds crossed.',
        )
        .datasource(DATASOURCE)
        .withTarget(query(`last_over_time(pvh_load_exit_code{${RUN}}[$__range])`, '', 'A', true))
        .mappings(words({ '0': ['thresholds held', 'green'], '99': ['thresholds crossed', 'red'] }))
        .height(8)
        .span(12),
    );
}
