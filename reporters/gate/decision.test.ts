import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resultsOf, type CertificationResults, type CheckContext, type TestOutcome } from '../certification/verdicts.ts';
import { everyClause, everyWay, waysOf } from '../certification/outcome-fixtures.ts';
import { allureEnv, allureNodeOptions, nodeMajor, runAllure } from '../allure/allure-cli.ts';
import { decide, selectLoad, type GateInputs } from './decision.ts';

/** A certification result as the reporter computes it, from test outcomes. */
function certification(outcomes: Array<Partial<TestOutcome> & { clauses: string[] }>, runId = 'run-1', ctx: CheckContext = {}): CertificationResults {
  const tests: TestOutcome[] = outcomes.map((o, i) => ({ id: `t${i}`, title: `test ${i}`, file: 'suites/x.spec.ts', status: 'passed', ok: true, warnings: [], observations: [], errors: [], durationMs: 1, ...o }));
  return resultsOf({ id: runId, environment: 'local', baseUrl: '', authUrl: '', startedAt: '', durationMs: 1, harnessVersion: '0', node: process.version }, tests, {}, ctx);
}

const passedGate = { code: 0, output: '' };
const inputs = (over: Partial<GateInputs> = {}): GateInputs => ({ certification: certification([{ clauses: everyClause, ways: everyWay }]), allureResults: 97, allureGate: passedGate, load: [], allureRunId: 'run-1', ...over });

test.describe('release gate decision', () => {
  test('go when every MUST clause ran and passed; SHOULD warnings are listed, not blocking', () => {
    const d = decide(inputs({ certification: certification([{ clauses: everyClause, ways: everyWay, warnings: ['[RFC6749-5.1-PRAGMA] no Pragma'] }]) }));
    expect(d.go).toBe(true);
    expect(d.reasons).toEqual([]);
    expect(d.warnings.join('\n')).toContain('SHOULD warning: RFC6749-5.1-PRAGMA');
  });

  test('no-go on a CONFIG ERROR, naming the config error first, even when every clause the run got through held', () => {
    const cert = certification([{ clauses: everyClause, ways: everyWay }, { clauses: ['PV-2.3-LIMITS'], configErrors: ['booking.limits.bookingReference: 400, but the target says its limit is 200: declare booking.limits.bookingReference: 200'] }]);
    expect(cert.verdict).toBe('CONFIG ERROR');
    const d = decide(inputs({ certification: cert }));
    expect(d.go).toBe(false);
    expect(d.reasons[0]).toBe('certification CONFIG ERROR: config error: booking.limits.bookingReference: 400, but the target says its limit is 200: declare booking.limits.bookingReference: 200');
  });

  test('no-go naming the root cause first, then the failed MUST clause and its summary', () => {
    const cert = certification([{ clauses: everyClause.filter((id) => id !== 'PV-3-CONFLICT'), ways: everyWay }, { clauses: ['PV-3-CONFLICT'], status: 'failed', ok: false, errors: ['Error: [PV-3-CONFLICT] a second booking is refused with 409, got 201'] }]);
    const d = decide(inputs({ certification: cert }));
    expect(d.go).toBe(false);
    expect(d.reasons[0]).toBe('root cause: PV-3-CONFLICT: Expected: a second booking is refused with 409; got: 201');
    expect(d.reasons[1]).toMatch(/^MUST clause failed: PV-3-CONFLICT: Booking a booked certificate is 409/);
  });

  test('"accept the gap" only for gaps a config can accept: a check another clause\'s failure stopped, or one an interrupted run never reached, says what to do instead (#42)', () => {
    const stoppedWays = waysOf('PV-1-VENUE');
    const cert = certification([
      { clauses: everyClause.filter((id) => id !== 'PV-1-VENUE' && id !== 'PV-3-CONFLICT'), ways: everyWay.filter((w) => !stoppedWays.includes(w)) },
      { clauses: ['PV-3-CONFLICT'], status: 'failed', ok: false, errors: ['Error: [PV-3-CONFLICT] got 201'] },
      ...stoppedWays.map((w) => ({ clauses: ['PV-1-VENUE', 'PV-3-CONFLICT'], ways: [w], status: 'failed', ok: false, errors: ['Error: [PV-3-CONFLICT] got 201'] })),
    ]);
    const reasons = decide(inputs({ certification: cert })).reasons.join('\n');
    expect(reasons).toContain('not fully tested because another clause failed first (fix the root cause above and run again): PV-1-VENUE');
    expect(reasons).not.toContain('acceptedGaps');
  });

  test('a config declaring no old interface (legacyBaseUrl: null) has its old-interface checks not applicable: no gap, no advice to add one', () => {
    const serving = { name: 'local', pool: [{ reference: 'AAAAAAAA', venue: 'V', legacyNumber: '1' }], writable: [{ reference: 'AAAAAAAA', venue: 'V', legacyNumber: '1' }], credentials: { readOnly: {}, shortLived: {}, limitedVenue: { venues: ['W'] } }, noLegacyInterface: true as const };
    const legacyTests = [{ clauses: ['PV-2.6-LEGACY-CONFLICT'], status: 'skipped', notApplicable: 'local serves no old interface (legacyBaseUrl: null)' }];
    const cert = certification([{ clauses: everyClause.filter((id) => !id.startsWith('PV-2.6')), ways: everyWay }, ...legacyTests], 'run-1', { serving });
    const clause = cert.clauses.find((c) => c.id === 'PV-2.6-LEGACY-CONFLICT')!;
    expect([clause.verdict, clause.coverage]).toEqual(['not-applicable', 'not applicable: local serves no old interface (legacyBaseUrl: null)']);
    const d = decide(inputs({ certification: cert }));
    expect(d.reasons.join('\n')).not.toMatch(/legacyBaseUrl|PV-2\.6-LEGACY-CONFLICT/);
  });

  test('no-go when a MUST clause was not fully tested, naming what would test it; --read-only and the config accept only their gaps', () => {
    const atomic = { clauses: ['PV-3-ATOMIC'], status: 'skipped', notTested: { line: 'writes are not allowed on local', setting: 'writes' as const } };
    const rest = { clauses: everyClause.filter((id) => id !== 'PV-3-ATOMIC' && id !== 'PV-1-PERMISSION'), ways: everyWay.filter((w) => !waysOf('PV-1-PERMISSION').includes(w)) };
    const permission = waysOf('PV-1-PERMISSION').map((w) => ({ clauses: ['PV-1-PERMISSION'], ways: [w], status: 'skipped', notTested: { line: 'no read-only API user configured; to test it, add `credentials.readOnly`', setting: 'credentials.readOnly' as const } }));
    const cert = certification([rest, atomic, ...permission]);
    const d = decide(inputs({ certification: cert }));
    expect(d.reasons[0]).toMatch(/^incomplete run: 2 MUST clause\(s\) not fully tested/);
    expect(d.reasons.join('\n')).toContain('PV-1-PERMISSION not-tested: no read-only API user configured; to test it, add `credentials.readOnly`; none of its 4 ways in ran');
    const readOnly = decide(inputs({ certification: cert, readOnly: true }));
    expect(readOnly.go).toBe(false);
    expect(readOnly.reasons.join('\n')).not.toContain('PV-3-ATOMIC');
    expect(readOnly.warnings[0]).toContain('not fully tested because writes are off (accepted: --read-only): PV-3-ATOMIC');
    const accepted = certification([rest, atomic, ...permission], 'run-1', { acceptedGaps: [{ setting: 'credentials.readOnly', reason: 'no read-only user on this stage' }] });
    const both = decide(inputs({ certification: accepted, readOnly: true }));
    expect(both.go).toBe(true);
    expect(both.warnings).toContain('accepted gap: PV-1-PERMISSION: no read-only user on this stage');
  });

  test('no-go on empty results, a missing certification, a failed Allure gate, a failed k6 threshold, or mixed runs', () => {
    expect(decide(inputs({ allureResults: 0 })).reasons).toContain('no Allure results: run npm run certify first');
    expect(decide(inputs({ certification: undefined })).go).toBe(false);
    const gate = decide(inputs({ allureGate: { code: 1, output: 'Quality Gate failed with following issues:\n\n ⨯ The total number of tests 2 is less than the expected threshold value 97    conformance/minTestsCount\n' } }));
    expect(gate.reasons).toEqual(['Allure quality gate: The total number of tests 2 is less than the expected threshold value 97 conformance/minTestsCount']);
    expect(decide(inputs({ allureGate: { code: 1, output: 'TypeError: x.toArray is not a function' } })).reasons[0]).toMatch(/could not be evaluated/);
    const load = decide(inputs({ load: [{ name: 'contention (smoke): double_bookings count==0', status: 'failed', message: 'threshold crossed' }, { name: 'ok', status: 'passed' }] }));
    expect(load.reasons).toEqual(['load threshold failed: contention (smoke): double_bookings count==0 (threshold crossed)']);
    expect(load.counts).toContain('load: 1/2 k6 thresholds held');
    expect(decide(inputs({ allureRunId: 'run-0' })).reasons[0]).toMatch(/different runs/);
  });

  test('load results count only from the certification\'s run and environment, or a run named with --load-run; the gate says which', () => {
    const cert = { run: { ...certification([{ clauses: everyClause, ways: everyWay }], 'stg-1').run, environment: 'staging' } };
    const k6 = (runId: string | undefined, environment: string | undefined, status: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `${runId}-${i}`, status, ...(runId ? { runId } : {}), ...(environment ? { environment } : {}) }));
    // Two local load runs (one with an injected fault) and an old result without labels, beside a staging certification.
    const left = [...k6('local-a', 'local', 'passed', 11), ...k6('local-b', 'local', 'failed', 3), ...k6('local-b', 'local', 'passed', 8), ...k6(undefined, undefined, 'passed', 1)];
    const none = selectLoad(left, cert);
    expect(none.counted).toEqual([]);
    expect(none.ignored).toMatch(/^23 k6 result\(s\) of other runs left out of the decision: run local-a \(local, 11\), run local-b \(local, 11\), run unknown \(environment unknown, 1\); .*--load-run RUN$/);
    const d = decide(inputs({ load: none.counted, loadRuns: none.runs, loadIgnored: none.ignored! }));
    expect(d.go).toBe(true);
    expect(d.counts).toContain('load: no k6 results of this run (not part of this decision)');
    expect(d.warnings.join('\n')).toContain('23 k6 result(s) of other runs left out');
    // The certification's own run counts; so does a run named explicitly.
    const own = selectLoad([...left, ...k6('stg-1', 'staging', 'passed', 3), ...k6('stg-1', 'local', 'failed', 2)], cert);
    expect(own.counted).toHaveLength(3);
    expect(own.runs).toEqual(['run stg-1 on staging']);
    expect(decide(inputs({ load: own.counted, loadRuns: own.runs })).counts).toContain('load: 3/3 k6 thresholds held (run stg-1 on staging)');
    const named = selectLoad(left, cert, ['local-b']);
    expect(named.counted).toHaveLength(11);
    expect(decide(inputs({ load: named.counted, loadRuns: named.runs })).reasons).toHaveLength(3);
  });
});

test.describe('the Allure CLI on each Node line', () => {
  const POLYFILL = /^--import=file:\/\/\/.*\/reporters\/allure\/iter-toarray-polyfill\.mjs$/;

  test('Node 20 gets the Iterator.prototype.toArray polyfill, 22 and later nothing', () => {
    for (const v of ['20.19.0', 'v20.20.2']) expect(allureNodeOptions(v), v).toEqual([expect.stringMatching(POLYFILL)]);
    for (const v of ['22.12.0', 'v22.23.3', '24.0.0', '24.21.0', '26.10.0']) expect(allureNodeOptions(v), v).toEqual([]);
    expect(() => nodeMajor('lts')).toThrow(/not a Node version/);
  });

  test('the choice matches what this runtime has, and keeps NODE_OPTIONS already set', () => {
    const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as { toArray?: unknown };
    expect(allureNodeOptions().length > 0, `Node ${process.versions.node}`).toBe(typeof iteratorPrototype.toArray !== 'function');
    expect(allureEnv({ NODE_OPTIONS: '--max-old-space-size=512' }, '20.20.2').NODE_OPTIONS).toMatch(/^--max-old-space-size=512 --import=file:/);
    expect(allureEnv({ NODE_OPTIONS: '--max-old-space-size=512' }, '24.21.0').NODE_OPTIONS).toBe('--max-old-space-size=512');
    expect(allureEnv({}, '24.21.0')).not.toHaveProperty('NODE_OPTIONS');
  });

  test('the polyfill, loaded through NODE_OPTIONS as on Node 20, gives iterators toArray on this runtime', () => {
    const r = spawnSync(process.execPath, ['-e', 'console.log(new Map([[1, "a"], [2, "b"]]).values().toArray().join())'], { env: allureEnv({ PATH: process.env.PATH }, '20.20.2'), encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('a,b');
  });
});

test.describe('allure quality-gate on this Node runtime (with the polyfill on Node 20 only)', () => {
  // Each check starts Allure's CLI (seconds of CPU each): a busy machine is given the time, an idle one does not need it.
  test.describe.configure({ timeout: 120_000 });
  let dir: string;
  test.beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pvh-gate-'));
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function results(name: string, statuses: string[]): string {
    const out = path.join(dir, name, 'allure-results');
    mkdirSync(out, { recursive: true });
    statuses.forEach((status, i) => {
      const uuid = randomUUID();
      const labels = [{ name: 'parentSuite', value: 'Conformance' }, { name: 'severity', value: 'critical' }, { name: 'clause', value: 'PV-3-CONFLICT' }];
      writeFileSync(path.join(out, `${uuid}-result.json`), JSON.stringify({ uuid, historyId: `h${i}`, testCaseId: `h${i}`, fullName: `t${i}`, name: `t${i}`, status, stage: 'finished', labels, links: [], steps: [], attachments: [], parameters: [], start: 1, stop: 2 }));
    });
    return out;
  }

  test('passes on passing results and fails, naming the rule, on a failed MUST test or too few tests', async () => {
    const env = { ...process.env, PVH_REPORT_DIR: dir, PVH_GATE_MIN_TESTS: '2', PVH_GATE_MUST_CLAUSES: 'PV-3-CONFLICT' };
    const [ok, failed, few] = await Promise.all([
      runAllure(['quality-gate', results('ok', ['passed', 'passed'])], { env, capture: true }),
      runAllure(['quality-gate', results('failed', ['passed', 'failed'])], { env, capture: true }),
      runAllure(['quality-gate', results('few', ['passed'])], { env, capture: true }),
    ]);
    expect(ok.output).not.toContain('toArray');
    expect(ok.code).toBe(0);
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('must/maxFailures');
    expect(few.code).toBe(1);
    expect(few.output).toContain('conformance/minTestsCount');
  });

  test("a failed k6 threshold fails Allure's gate only when its run is one the gate counts (PVH_GATE_LOAD_RUNS)", async () => {
    const out = results('load', ['passed', 'passed']);
    const uuid = randomUUID();
    const labels = [{ name: 'parentSuite', value: 'Load' }, { name: 'framework', value: 'k6' }, { name: 'environment', value: 'local' }, { name: 'runId', value: 'local-b' }];
    writeFileSync(path.join(out, `${uuid}-result.json`), JSON.stringify({ uuid, historyId: 'k', testCaseId: 'k', fullName: 'k', name: 'k', status: 'failed', stage: 'finished', labels, links: [], steps: [], attachments: [], parameters: [], start: 1, stop: 2 }));
    const env = { ...process.env, PVH_REPORT_DIR: dir, PVH_GATE_MIN_TESTS: '2', PVH_GATE_MUST_CLAUSES: 'PV-3-CONFLICT' };
    expect((await runAllure(['quality-gate', out], { env: { ...env, PVH_GATE_LOAD_RUNS: 'stg-1' }, capture: true })).code).toBe(0);
    const counted = await runAllure(['quality-gate', out], { env: { ...env, PVH_GATE_LOAD_RUNS: 'stg-1,local-b' }, capture: true });
    expect(counted.code).toBe(1);
    expect(counted.output).toContain('load/maxFailures');
  });
});
