/**
 * `npm run prometheus:check`: did a run's metrics arrive, and do they say what the run's own reports
 * say? Asks Prometheus' HTTP API (GET /api/v1/query) and compares:
 * - a load run (its <scenario>-summary.json): every k6 counter of the summary (requests, iterations,
 *   our double_bookings, booking_conflicts...) against the sum of its k6_<name>_total series for the
 *   run's testid, and one pvh_load_threshold_ok series per threshold with the same verdict;
 * - a certification (its results.json): at the run's timestamp, exactly one pvh_clause_verdict
 *   series per clause, with the clause's verdict, and pvh_certify_verdict with the run's;
 * - the shipped dashboards: every panel query runs without error (and how many returned data).
 */
import { readFileSync } from 'node:fs';
import type { LoadSummary } from '../../load/lib/summary.ts';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';
import { dashboardQueries } from './dashboards/index.ts';

export interface CheckLine {
  ok: boolean;
  text: string;
}

type Metric = Record<string, string>;
type VectorItem = { metric: Metric; value: [number, string] };
type MatrixItem = { metric: Metric; values: Array<[number, string]> };

/** An instant query, or with `rangeSeconds` a range query ending now (a point every 5 s, as Grafana draws a short
 * range). */
async function query<T>(api: string, expr: string, rangeSeconds?: number): Promise<T[]> {
  const url = new URL(rangeSeconds ? '/api/v1/query_range' : '/api/v1/query', api);
  url.searchParams.set('query', expr);
  if (rangeSeconds) {
    const end = Date.now() / 1000;
    for (const [k, v] of [
      ['start', end - rangeSeconds],
      ['end', end],
      ['step', 5],
    ] as const)
      url.searchParams.set(k, String(v));
  }
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  const body = (await res.json()) as { status: string; error?: string; data?: { result: T[] } };
  if (body.status !== 'success') throw new Error(`${expr}: ${body.error ?? `HTTP ${res.status}`}`);
  return body.data!.result;
}

const scalar = async (api: string, expr: string): Promise<number | undefined> => {
  const r = await query<VectorItem>(api, expr);
  return r[0] ? Number(r[0].value[1]) : undefined;
};

const line = (ok: boolean, text: string): CheckLine => ({ ok, text });

/** `name==N`, `name>N`: a condition on a k6 counter of the run, as Prometheus holds it. */
function parseExpectation(text: string): { name: string; op: '==' | '>'; n: number } {
  const m = /^([a-z_][a-z0-9_]*)(==|>)(\d+)$/.exec(text);
  if (!m) throw new Error(`--expect takes NAME==N or NAME>N (a k6 counter), got "${text}"`);
  return { name: m[1]!, op: m[2] as '==' | '>', n: Number(m[3]) };
}

export async function checkLoadRun(api: string, summaryFile: string, expectations: string[]): Promise<CheckLine[]> {
  const s = JSON.parse(readFileSync(summaryFile, 'utf8')) as LoadSummary;
  const sel = `testid="${s.runId}", load_scenario="${s.scenario}"`;
  const total = async (name: string) => (await scalar(api, `sum(last_over_time(k6_${name}_total{${sel}}[1d]))`)) ?? 0;
  const out: CheckLine[] = [];
  const counters = Object.entries(s.metrics).filter(([name, m]) => m.type === 'counter' && !name.includes('{'));
  for (const [name, m] of counters) {
    const stored = await total(name);
    out.push(
      line(
        stored === m.values.count,
        `${s.scenario} run ${s.runId}: k6_${name}_total ${stored}, summary ${m.values.count}`,
      ),
    );
  }
  const thresholds = await query<VectorItem>(api, `last_over_time(pvh_load_threshold_ok{${sel}}[1d])`);
  const agree = s.thresholds.filter((t) =>
    thresholds.some(
      (x) =>
        x.metric.metric === t.metric && x.metric.expression === t.expression && Number(x.value[1]) === (t.ok ? 1 : 0),
    ),
  );
  out.push(
    line(
      thresholds.length === s.thresholds.length && agree.length === s.thresholds.length,
      `${s.scenario} run ${s.runId}: ${thresholds.length} pvh_load_threshold_ok series, ` +
        `${agree.length} of ${s.thresholds.length} thresholds with the summary's verdict`,
    ),
  );
  for (const e of expectations.map(parseExpectation)) {
    const v = await total(e.name);
    out.push(
      line(
        e.op === '==' ? v === e.n : v > e.n,
        `${s.scenario} run ${s.runId}: expected k6_${e.name}_total ${e.op} ${e.n}: ${v}`,
      ),
    );
  }
  return out;
}

export async function checkCertification(api: string, resultsFile: string): Promise<CheckLine[]> {
  const r = JSON.parse(readFileSync(resultsFile, 'utf8')) as CertificationResults;
  const env = `environment="${r.run.environment}"`;
  const info = await query<MatrixItem>(api, `pvh_certify_run_info{${env}, run_id="${r.run.id}"}[1d]`);
  const at = info[0]?.values[0]?.[0];
  if (at === undefined) return [line(false, `certification run ${r.run.id}: no pvh_certify_run_info in Prometheus`)];
  // Only the samples this run pushed (all share its timestamp): an earlier run may have left others.
  const ofRun = (m: MatrixItem[]) => m.filter((x) => x.values.some(([t]) => Math.abs(t - at) < 0.0005));
  const clauses = ofRun(await query<MatrixItem>(api, `pvh_clause_verdict{${env}}[1d]`));
  const expected = new Map(r.clauses.map((c) => [c.id, c.verdict]));
  const seen = new Map<string, number>();
  for (const c of clauses) seen.set(c.metric.clause ?? '', (seen.get(c.metric.clause ?? '') ?? 0) + 1);
  const wrong = clauses
    .filter((c) => expected.get(c.metric.clause ?? '') !== c.metric.verdict)
    .map((c) => `${c.metric.clause}=${c.metric.verdict}`);
  const missing = [...expected.keys()].filter((id) => !seen.has(id));
  const twice = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  const wrongNote = wrong.length ? `; wrong verdict: ${wrong.slice(0, 5).join(', ')}` : '';
  const missingNote = missing.length ? `; missing: ${missing.slice(0, 5).join(', ')}` : '';
  const twiceNote = twice.length ? `; twice: ${twice.join(', ')}` : '';
  const out = [
    line(
      clauses.length === r.clauses.length && wrong.length === 0 && missing.length === 0 && twice.length === 0,
      `certification run ${r.run.id}: ${clauses.length} pvh_clause_verdict series for ${r.clauses.length} clauses` +
        `${wrongNote}${missingNote}${twiceNote}`,
    ),
  ];
  const verdict = ofRun(await query<MatrixItem>(api, `pvh_certify_verdict{${env}}[1d]`));
  out.push(
    line(
      verdict.length === 1 && verdict[0]!.metric.verdict === r.verdict,
      `certification run ${r.run.id}: pvh_certify_verdict ` +
        `${verdict.map((v) => v.metric.verdict).join(', ') || 'missing'}, results.json ${r.verdict}`,
    ),
  );
  return out;
}

/** Every dashboard query as Grafana would run it over the last hour, its variables set to `environment` and All. */
export async function checkDashboardQueries(api: string, environment: string): Promise<CheckLine[]> {
  const failed: string[] = [];
  const empty: string[] = [];
  const queries = dashboardQueries();
  for (const q of queries) {
    const expr = q.expr
      .replaceAll('$environment', environment)
      .replace(/\$(load_scenario|testid)/g, '.*')
      .replace(/\$__(range|rate_interval|interval)/g, (_m, v: string) => (v === 'range' ? '1d' : '1m'));
    try {
      if ((await query<unknown>(api, expr, q.instant ? undefined : 3_600)).length === 0)
        empty.push(`${q.dashboard}: ${q.panel}`);
    } catch (error) {
      failed.push(`${q.dashboard}: ${q.panel}: ${(error as Error).message}`);
    }
  }
  const which = failed.length ? ` (${failed.join('; ')})` : '';
  const noData = empty.length ? `; no data yet: ${empty.join('; ')}` : '';
  return [
    line(failed.length === 0, `dashboards: ${queries.length} panel queries, ${failed.length} failed${which}`),
    line(true, `dashboards: ${queries.length - empty.length - failed.length} returned data${noData}`),
  ];
}

/** How much the run's metrics take in Prometheus: series and samples of k6_* and pvh_*. */
export async function storedTotals(api: string): Promise<string> {
  // Read back whole: count_over_time drops the names, and series of two names then collide.
  const all = await query<MatrixItem>(api, '{__name__=~"k6_.+|pvh_.+"}[1d]');
  const samples = all.reduce((n, s) => n + s.values.length, 0);
  return `Prometheus holds ${all.length} series and ${samples} samples of k6_* and pvh_* (last day)`;
}
