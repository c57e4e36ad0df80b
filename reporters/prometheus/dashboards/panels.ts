/**
 * Building blocks of the shipped Grafana dashboards, with Grafana's own dashboards-as-code SDK
 * (@grafana/grafana-foundation-sdk): typed builders for the dashboard model, each panel kind's
 * options and Prometheus queries, so a misspelt option does not type-check.
 */
import {
  DatasourceVariableBuilder,
  MappingType,
  QueryVariableBuilder,
  ThresholdsConfigBuilder,
  ThresholdsMode,
  VariableRefresh,
  type ValueMapping,
} from '@grafana/grafana-foundation-sdk/dashboard';
import { DataqueryBuilder, PromQueryFormat } from '@grafana/grafana-foundation-sdk/prometheus';

/** Every panel queries the Prometheus picked in the dashboard's `datasource` variable. */
export const DATASOURCE = { type: 'prometheus', uid: '${datasource}' };

export const datasourceVariable = () =>
  new DatasourceVariableBuilder('datasource').label('Prometheus').type('prometheus');

/** A label's values as a dashboard variable (`all`: several or All, matched with =~). */
export function labelVariable(name: string, label: string, selector: string, all: boolean): QueryVariableBuilder {
  const v = new QueryVariableBuilder(name)
    .label(label)
    .datasource(DATASOURCE)
    .query(`label_values(${selector}, ${name})`)
    .definition(`label_values(${selector}, ${name})`)
    .refresh(VariableRefresh.OnTimeRangeChanged)
    .sort(2);
  return all ? v.multi(true).includeAll(true).allValue('.*') : v;
}

/** A PromQL query with its legend; `table`: one instant query, read as a table. */
export function query(expr: string, legend = '', refId = 'A', table = false): DataqueryBuilder {
  const q = new DataqueryBuilder()
    .expr(expr)
    .refId(refId)
    .legendFormat(legend || '__auto');
  return table ? q.instant().format(PromQueryFormat.Table) : q.range();
}

/** Green below `red`, red from it on. */
export const redFrom = (red: number) =>
  new ThresholdsConfigBuilder().mode(ThresholdsMode.Absolute).steps([
    { value: null, color: 'green' },
    { value: red, color: 'red' },
  ]);

/** Values shown as words with a colour (exit codes, 0/1 verdicts). */
export function words(map: Record<string, [string, string]>): ValueMapping[] {
  return [
    {
      type: MappingType.ValueToText,
      options: Object.fromEntries(
        Object.entries(map).map(([value, [text, color]], index) => [value, { text, color, index }]),
      ),
    },
  ];
}
