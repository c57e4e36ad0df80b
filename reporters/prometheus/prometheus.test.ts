/** The remote-write body, where it goes, what a run sends, and a sender that never fails a run. */
import { _baseTest as test, expect } from '@playwright/test';
import localConfig from '../../fixtures/environments/configs/local.ts';
import { validateEnvironmentConfig } from '../../fixtures/environments/config-schema.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { clauseVerdicts, emptyResults, type CertificationResults } from '../../fixtures/judgement/index.ts';
import { startCapture } from './capture.ts';
import { CLAUSE_VERDICTS, conformanceSamples, gateSamples } from './conformance-series.ts';
import { k6RemoteWrite, loadSamples } from './load-series.ts';
import {
  decodeWriteRequest,
  encodeWriteRequest,
  uncompressBody,
  writeRequestBody,
  type Sample,
} from './remote-write-codec.ts';
import { pushSamples, remoteWriteTarget, sendSamples } from './send.ts';
import { freePort } from '../../fixtures/harness/support/free-port.ts';

const T = 1_795_000_000_123;

function results(): CertificationResults {
  const r = emptyResults(
    {
      id: 'run-1',
      environment: 'staging',
      baseUrl: 'https://x',
      authUrl: 'https://x/t',
      startedAt: '2026-11-24T00:00:00Z',
      durationMs: 12_500,
      harnessVersion: '0.1.0',
      node: 'v20',
      commit: 'abc1234',
    },
    'NOT CONFORMANT',
    [],
    clauseVerdicts([]),
  );
  r.clauses[0]!.verdict = 'fail';
  r.clauses[1]!.verdict = 'partial';
  r.sinceLast = {
    runId: 'run-0',
    finishedAt: '2026-11-23T00:00:00Z',
    verdict: 'CONFORMANT',
    regressed: [r.clauses[0]!.id],
    recovered: [],
    newlyFailing: [],
    appeared: [],
  };
  return r;
}

test.describe('remote-write body', () => {
  const roundTrip =
    'decodes back to what was encoded: sorted labels, the name as __name__, ' + 'doubles and millisecond timestamps';
  test(roundTrip, () => {
    const samples: Sample[] = [
      {
        name: 'pvh_certify_verdict',
        labels: { verdict: 'CONFORMANT ON WHAT WAS TESTED', environment: 'stäging' },
        value: 1,
        timestampMs: T,
      },
      { name: 'pvh_certify_duration_seconds', labels: { environment: 'x', empty: '' }, value: 12.345, timestampMs: T },
    ];
    const decoded = decodeWriteRequest(uncompressBody(writeRequestBody(samples)));
    expect(decoded).toEqual([
      {
        labels: { __name__: 'pvh_certify_verdict', environment: 'stäging', verdict: 'CONFORMANT ON WHAT WAS TESTED' },
        samples: [{ value: 1, timestampMs: T }],
      },
      {
        labels: { __name__: 'pvh_certify_duration_seconds', environment: 'x' },
        samples: [{ value: 12.345, timestampMs: T }],
      },
    ]);
    expect(Object.keys(decoded[0]!.labels)).toEqual(['__name__', 'environment', 'verdict']);
    expect(encodeWriteRequest([])).toHaveLength(0);
  });

  test('refuses names Prometheus would refuse', () => {
    expect(() => encodeWriteRequest([{ name: 'pvh-x', labels: {}, value: 1, timestampMs: T }])).toThrow(/metric name/);
    expect(() => encodeWriteRequest([{ name: 'pvh_x', labels: { 'op:book': '1' }, value: 1, timestampMs: T }])).toThrow(
      /label name/,
    );
  });
});

test.describe('the endpoint', () => {
  test(
    '--prometheus, then $PVH_PROMETHEUS_URL, then the config; user:password becomes a Basic header and is never ' +
      'shown',
    () => {
      const setting = { url: 'https://config.example/api/v1/write' };
      expect(remoteWriteTarget(undefined, undefined, {})).toBeUndefined();
      expect(remoteWriteTarget('', setting, {})?.url).toBe('https://config.example/api/v1/write');
      expect(remoteWriteTarget(undefined, setting, { PVH_PROMETHEUS_URL: 'http://env:9090/api/v1/write' })?.url).toBe(
        'http://env:9090/api/v1/write',
      );
      const t = remoteWriteTarget('https://u%40x:p%26ss@flag.example/api/prom/push?x=1', setting, {
        PVH_PROMETHEUS_URL: 'http://env:9090/api/v1/write',
      })!;
      expect(t.url).toBe('https://flag.example/api/prom/push?x=1');
      expect(t.shown).toBe('https://flag.example/api/prom/push');
      expect(t.headers.authorization).toBe(`Basic ${Buffer.from('u@x:p&ss').toString('base64')}`);
    },
  );

  test('headers come from the variables the config names; one not set makes the endpoint unusable, not the run', () => {
    const setting = {
      url: 'https://p.example/api/v1/write',
      headersFromEnv: { 'X-Scope-OrgID': 'PVH_PROM_TENANT', Authorization: 'PVH_PROM_AUTH' },
    };
    expect(
      remoteWriteTarget(undefined, setting, { PVH_PROM_TENANT: 't1', PVH_PROM_AUTH: 'Bearer b' })?.headers,
    ).toEqual({ 'x-scope-orgid': 't1', authorization: 'Bearer b' });
    expect(remoteWriteTarget(undefined, setting, { PVH_PROM_TENANT: 't1' })?.unusable).toBe(
      'PVH_PROM_AUTH (header Authorization) not set',
    );
  });

  test("the config's setting: a URL without credentials, headers named by variable", () => {
    const withSetting = (prometheusRemoteWrite: unknown) =>
      validateEnvironmentConfig({ ...localConfig, observability: { prometheusRemoteWrite } });
    expect(
      withSetting({
        url: 'https://prometheus.example.net/api/v1/write',
        headersFromEnv: { 'X-Scope-OrgID': 'PVH_PROM_TENANT' },
      }),
    ).toBe(true);
    expect(withSetting({ url: 'https://user:secret@prometheus.example.net/api/v1/write' })).toBe(false);
    expect(withSetting({ url: 'https://p.example.net/w', headersFromEnv: { Authorization: 'Bearer abc' } })).toBe(
      false,
    );
    expect(withSetting({ url: 'https://p.example.net/w', token: 'x' })).toBe(false);
  });

  test('a malformed URL is a usage error before anything runs', () => {
    expect(() => remoteWriteTarget('not a url', undefined, {})).toThrow(CommandError);
    expect(() => remoteWriteTarget('ftp://x/y', undefined, {})).toThrow(/http or https/);
  });
});

test.describe('sending', () => {
  test('a POST in remote-write 1.0 form, with the configured headers', async () => {
    const capture = await startCapture();
    try {
      const target = remoteWriteTarget(capture.url.replace('http://', 'http://user:pw@'), undefined, {})!;
      const lines: string[] = [];
      const r = await sendSamples(
        'certify',
        target,
        [{ name: 'pvh_x', labels: { environment: 'e' }, value: 2, timestampMs: T }],
        (l) => lines.push(l),
      );
      expect(r).toEqual({ ok: true, series: 1 });
      expect(lines).toEqual([`certify: sent 1 series to Prometheus at ${capture.url}`]);
      const w = capture.writes[0]!;
      expect(w.headers['content-encoding']).toBe('snappy');
      expect(w.headers['content-type']).toBe('application/x-protobuf');
      expect(w.headers['x-prometheus-remote-write-version']).toBe('0.1.0');
      expect(w.headers.authorization).toBe(`Basic ${Buffer.from('user:pw').toString('base64')}`);
      expect(w.series).toEqual([
        { labels: { __name__: 'pvh_x', environment: 'e' }, samples: [{ value: 2, timestampMs: T }] },
      ]);
    } finally {
      await capture.close();
    }
  });

  test('an endpoint that is down or refuses: one line, nothing thrown', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const r = await sendSamples(
      'load',
      remoteWriteTarget(`http://127.0.0.1:${port}/api/v1/write`, undefined, {})!,
      [],
      (l) => lines.push(l),
    );
    expect(r.ok).toBe(false);
    expect(lines).toEqual([
      `load: metrics not sent to Prometheus at http://127.0.0.1:${port}/api/v1/write: ECONNREFUSED (the run's ` +
        `verdict is unchanged)`,
    ]);
    const unusable = remoteWriteTarget(
      undefined,
      { url: 'http://127.0.0.1:1/w', headersFromEnv: { Authorization: 'PVH_NOPE' } },
      {},
    )!;
    expect(await pushSamples(unusable, [])).toEqual({ ok: false, reason: 'PVH_NOPE (header Authorization) not set' });
  });
});

test.describe('what a run sends', () => {
  test(
    'certify: one pvh_clause_verdict per clause with its verdict, the regressed clauses, the run verdict, exit ' +
      'code, counts',
    () => {
      const r = results();
      const samples = conformanceSamples(r, T);
      const verdicts = samples.filter((s) => s.name === 'pvh_clause_verdict');
      expect(verdicts).toHaveLength(r.clauses.length);
      expect(new Set(verdicts.map((s) => s.labels.clause)).size).toBe(r.clauses.length);
      expect(verdicts[0]!.labels).toEqual({
        environment: 'staging',
        clause: r.clauses[0]!.id,
        level: r.clauses[0]!.level,
        verdict: 'fail',
      });
      expect(verdicts[1]!.labels.verdict).toBe('partial');
      expect(samples.every((s) => s.timestampMs === T && s.labels.environment === 'staging')).toBe(true);
      const one = (name: string) => samples.filter((s) => s.name === name);
      expect(one('pvh_clause_regressed').map((s) => s.labels.clause)).toEqual([r.clauses[0]!.id]);
      expect(one('pvh_certify_verdict').map((s) => s.labels.verdict)).toEqual(['NOT CONFORMANT']);
      expect(one('pvh_certify_exit_code').map((s) => s.value)).toEqual([1]);
      expect(one('pvh_certify_duration_seconds').map((s) => s.value)).toEqual([12.5]);
      expect(one('pvh_certify_clauses')).toHaveLength(CLAUSE_VERDICTS.length);
      expect(one('pvh_certify_clauses').reduce((n, s) => n + s.value, 0)).toBe(r.clauses.length);
      expect(one('pvh_certify_regressions').map((s) => s.value)).toEqual([1]);
      expect(one('pvh_certify_run_info')[0]!.labels).toMatchObject({
        run_id: 'run-1',
        commit: 'abc1234',
        verdict: 'NOT CONFORMANT',
      });
      // Every sample encodes: names and labels are valid for Prometheus.
      expect(decodeWriteRequest(encodeWriteRequest(samples))).toHaveLength(samples.length);
    },
  );

  test('gate: go or no-go with the environment certified', () => {
    const s = gateSamples({ go: false, reasons: ['a', 'b'], warnings: [], counts: [] }, results(), T);
    expect(s.map((x) => [x.name, x.labels.environment, x.value])).toEqual([
      ['pvh_gate_go', 'staging', 0],
      ['pvh_gate_reasons', 'staging', 2],
    ]);
  });

  test(
    "load: k6's own output tagged with the run's labels, credentials only in its environment; the thresholds " +
      'after it',
    () => {
      const labels = {
        environment: 'staging',
        load_scenario: 'contention',
        profile: 'smoke',
        testid: 'r1',
        commit: 'abc',
      };
      const { args, env } = k6RemoteWrite(
        remoteWriteTarget('https://u:secret@p.example/api/v1/write', undefined, {})!,
        labels,
      );
      expect(args).toEqual([
        '--out',
        'experimental-prometheus-rw',
        '--tag',
        'environment=staging',
        '--tag',
        'load_scenario=contention',
        '--tag',
        'profile=smoke',
        '--tag',
        'testid=r1',
        '--tag',
        'commit=abc',
      ]);
      expect(args.join(' ')).not.toContain('secret');
      expect(env.K6_PROMETHEUS_RW_SERVER_URL).toBe('https://p.example/api/v1/write');
      expect(env.K6_PROMETHEUS_RW_HEADERS_authorization).toBe(`Basic ${Buffer.from('u:secret').toString('base64')}`);
      const summary = {
        scenario: 'contention',
        profile: 'smoke',
        environment: 'staging',
        runId: 'r1',
        finishedAt: '',
        durationMs: 8000,
        passed: false,
        metrics: {},
        thresholds: [
          { metric: 'double_bookings', expression: 'count==0', ok: false, values: {} },
          { metric: 'http_req_duration{op:book}', expression: 'p(95)<200', ok: true, values: {} },
        ],
      };
      const samples = loadSamples(labels, { exitCode: 99, summary, p95Ms: 200, harnessVersion: '0.1.0' }, T);
      expect(
        samples
          .filter((s) => s.name === 'pvh_load_threshold_ok')
          .map((s) => [s.labels.metric, s.labels.expression, s.value]),
      ).toEqual([
        ['double_bookings', 'count==0', 0],
        ['http_req_duration{op:book}', 'p(95)<200', 1],
      ]);
      expect(samples.find((s) => s.name === 'pvh_load_p95_threshold_seconds')?.value).toBe(0.2);
      expect(samples.find((s) => s.name === 'pvh_load_exit_code')?.value).toBe(99);
      expect(samples.every((s) => s.labels.testid === 'r1' && s.labels.commit === 'abc')).toBe(true);
    },
  );
});
