/**
 * handleSummary for every scenario: a curated JSON summary, JUnit XML (one testcase per
 * threshold), Allure result files (one per threshold) and a plain-text summary on stdout. Written
 * here because k6's textSummary/jUnit helpers are remote imports that cannot load offline.
 * Never serialises `data` whole: it holds setup_data, and setup_data holds the token.
 */
import { md5 } from 'k6/crypto';
import { dashboardFiles, type LoadConfig } from './load-config.ts';

interface MetricData {
  type: string;
  contains: string;
  values: Record<string, number>;
  thresholds?: Record<string, { ok: boolean }>;
}

export interface SummaryData {
  metrics: Record<string, MetricData>;
  state: { testRunDurationMs: number; isStdOutTTY?: boolean };
}

export interface ThresholdVerdict {
  metric: string;
  expression: string;
  ok: boolean;
  values: Record<string, number>;
}

export interface LoadSummary {
  scenario: string;
  profile: string;
  environment: string;
  runId: string;
  finishedAt: string;
  durationMs: number;
  passed: boolean;
  thresholds: ThresholdVerdict[];
  metrics: Record<string, { type: string; values: Record<string, number> }>;
}

export function summarise(data: SummaryData, cfg: LoadConfig): LoadSummary {
  const thresholds: ThresholdVerdict[] = [];
  const metrics: LoadSummary['metrics'] = {};
  for (const name of Object.keys(data.metrics).sort()) {
    const m = data.metrics[name]!;
    metrics[name] = { type: m.type, values: m.values };
    // Inside handleSummary `ok: true` means the threshold PASSED (the --summary-export file inverts it).
    for (const [expression, t] of Object.entries(m.thresholds ?? {}))
      thresholds.push({ metric: name, expression, ok: t.ok, values: m.values });
  }
  return {
    scenario: cfg.scenario,
    profile: cfg.profile,
    environment: cfg.environment,
    runId: cfg.runId,
    finishedAt: new Date().toISOString(),
    durationMs: Math.round(data.state.testRunDurationMs),
    passed: thresholds.every((t) => t.ok),
    thresholds,
    metrics,
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (v: number | undefined) => (v === undefined ? '-' : Number.isInteger(v) ? String(v) : v.toFixed(2));
const shown = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([k, v]) => `${k}=${fmt(v)}`)
    .join(' ');

export function junitXml(s: LoadSummary): string {
  const failures = s.thresholds.filter((t) => !t.ok).length;
  const suite = `load.${s.scenario}`;
  const cases = s.thresholds.map((t) => {
    const name = esc(`${t.metric}: ${t.expression}`);
    const failure = t.ok
      ? ''
      : `<failure message="${esc(`threshold crossed: ${t.metric} ${t.expression}`)}">${esc(shown(t.values))}</failure>`;
    return `    <testcase classname="${esc(suite)}" name="${name}" time="0">${failure}</testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="k6 ${esc(s.scenario)}" tests="${s.thresholds.length}" failures="${failures}" ` +
      `time="${(s.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${esc(suite)}" tests="${s.thresholds.length}" failures="${failures}" errors="0" ` +
      `skipped="0" time="${(s.durationMs / 1000).toFixed(3)}">`,
    `    <properties><property name="profile" value="${esc(s.profile)}"/><property name="environment" ` +
      `value="${esc(s.environment)}"/><property name="runId" value="${esc(s.runId)}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** One Allure result per threshold (allurereport.org "test result file"); historyId is stable per threshold. */
export function allureResults(s: LoadSummary, dashboardAttachment: string): Record<string, string> {
  const out: Record<string, string> = {};
  // k6's own HTML dashboard of the run (the runner copies it in under this name once k6 has written it).
  const attachments = [
    { name: `k6 web dashboard: ${s.scenario} (${s.profile})`, source: dashboardAttachment, type: 'text/html' },
  ];
  const stop = Date.parse(s.finishedAt);
  for (const t of s.thresholds) {
    const uuid = crypto.randomUUID();
    const fullName = `load.${s.scenario}.${s.profile} ${t.metric} ${t.expression}`;
    const id = md5(fullName, 'hex');
    out[`${s.scenario}|${uuid}`] = JSON.stringify({
      uuid,
      historyId: id,
      testCaseId: id,
      fullName,
      name: `${s.scenario} (${s.profile}): ${t.metric} ${t.expression}`,
      status: t.ok ? 'passed' : 'failed',
      stage: 'finished',
      statusDetails: t.ok ? {} : { message: `threshold crossed: ${t.metric} ${t.expression}; ${shown(t.values)}` },
      labels: [
        { name: 'parentSuite', value: 'Load' },
        { name: 'suite', value: `k6 ${s.scenario}` },
        { name: 'subSuite', value: s.profile },
        { name: 'framework', value: 'k6' },
        { name: 'tag', value: 'load' },
        { name: 'tag', value: `env:${s.environment}` },
        // Which environment and run: the gate counts only the certification's own (or a run named to it).
        { name: 'environment', value: s.environment },
        { name: 'runId', value: s.runId },
      ],
      parameters: [
        { name: 'metric', value: t.metric },
        { name: 'profile', value: s.profile },
        { name: 'environment', value: s.environment },
      ],
      links: [],
      steps: [],
      attachments,
      start: stop - s.durationMs,
      stop,
    });
  }
  return out;
}

/** Trends the text summary shows, with their sub-metrics (e.g. http_req_duration{op:book}). */
const KEY_TRENDS = ['http_req_duration', 'token_duration'];
const isKeyTrend = (name: string) => KEY_TRENDS.includes(name.split('{')[0]!);

export function textSummary(s: LoadSummary, exitHint: string): string {
  const lines: string[] = [];
  lines.push(
    '',
    `── k6 load: ${s.scenario} / ${s.profile} on ${s.environment} ` +
      `(run ${s.runId}, ${(s.durationMs / 1000).toFixed(1)} s) ──`,
  );
  const reqs = s.metrics.http_reqs?.values;
  const failed = s.metrics.http_req_failed?.values;
  if (reqs)
    lines.push(`requests: ${fmt(reqs.count)} (${fmt(reqs.rate)}/s), failed: ${fmt((failed?.rate ?? 0) * 100)} %`);
  for (const name of Object.keys(s.metrics).filter(isKeyTrend)) {
    const v = s.metrics[name]?.values;
    if (v)
      lines.push(
        `${name.padEnd(38)} avg ${fmt(v.avg)} ms  p95 ${fmt(v['p(95)'])} ms  ` +
          `p99 ${fmt(v['p(99)'])} ms  max ${fmt(v.max)} ms`,
      );
  }
  const counters = Object.entries(s.metrics).filter(
    ([n, m]) =>
      m.type === 'counter' &&
      !n.startsWith('http_') &&
      !n.includes('{') &&
      !['iterations', 'data_sent', 'data_received'].includes(n),
  );
  if (counters.length) lines.push(`counters: ${counters.map(([n, m]) => `${n}=${fmt(m.values.count)}`).join('  ')}`);
  const dropped = s.metrics.dropped_iterations?.values.count;
  if (dropped) lines.push(`dropped iterations: ${fmt(dropped)} (the target could not keep up with the arrival rate)`);
  lines.push('thresholds:');
  for (const t of s.thresholds) lines.push(`  ${t.ok ? 'PASS' : 'FAIL'}  ${t.metric}: ${t.expression}`);
  const failedNames = s.thresholds.filter((t) => !t.ok).map((t) => `${t.metric} ${t.expression}`);
  lines.push(
    s.passed
      ? `verdict: PASS (${s.thresholds.length} thresholds held)`
      : `verdict: FAIL (${failedNames.join('; ')})${exitHint}`,
    '',
  );
  return lines.join('\n');
}

/** The handleSummary return value: file path -> content, plus stdout. */
export function summaryOutputs(data: SummaryData, cfg: LoadConfig): Record<string, string> {
  const s = summarise(data, cfg);
  const dir = `${cfg.reportDir}/load`;
  const out: Record<string, string> = {
    [`${dir}/${cfg.scenario}-summary.json`]: `${JSON.stringify(s, null, 2)}\n`,
    [`${dir}/${cfg.scenario}-junit.xml`]: junitXml(s),
    stdout: textSummary(s, s.passed ? '' : ' — k6 exits 99'),
  };
  for (const [key, body] of Object.entries(allureResults(s, dashboardFiles(cfg).allureAttachment)))
    out[`${cfg.reportDir}/allure-results/${key.split('|')[1]}-result.json`] = body;
  return out;
}
