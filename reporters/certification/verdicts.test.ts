/**
 * How test outcomes become clause verdicts and the run's verdict: failures are charged to the
 * clause their because() names; a clause is PASS only when every one of its checks (each way in of
 * the coverage matrix, each test of its own) ran and held; whatever did not run says why; only a
 * MUST assertion on the target's answer makes a run NOT CONFORMANT.
 */
import { expect, test } from '@playwright/test';
import { configErrorsOf } from './config-errors.ts';
import { clauseVerdicts, EXIT_CODE, readTest, resultsOf, runVerdict, type CheckContext, type TestOutcome } from './verdicts.ts';
import { everyClause, everyWay, others, outcome, waysOf } from './outcome-fixtures.ts';

const verdictOf = (tests: TestOutcome[], ctx: CheckContext = {}) => {
  const results = clauseVerdicts(tests, ctx);
  return { results, byId: new Map(results.map((r) => [r.id, r])), ...runVerdict(results, tests) };
};

// Playwright's error text for a failed expect(..., because('PV-3-CREATE', ...)).
const setupFailure = 'Error: [PV-3-CREATE] setup: the first booking must succeed, got HTTP 500\n\nexpect(received).toBeLessThan(expected)\n\nExpected: < 300\nReceived: 500';
const run = { id: 'r', environment: 'local', baseUrl: '', authUrl: '', startedAt: '', durationMs: 1, harnessVersion: '0', node: '' };

test.describe('failure attribution', () => {
  test('a test failing in its setup fails only the clause its because() names; its other clauses say which failure stopped them', () => {
    const conflict = outcome({ title: 'second booking is 409', clauses: ['PV-3-CONFLICT', 'PV-7-CONFLICT-BODY'], ways: waysOf('PV-3-CONFLICT'), status: 'failed', ok: false, errors: [setupFailure] });
    const v = verdictOf([others('PV-3-CREATE', 'PV-3-CONFLICT', 'PV-7-CONFLICT-BODY'), conflict]);
    expect(v.byId.get('PV-3-CREATE')!.verdict).toBe('fail');
    for (const id of ['PV-3-CONFLICT', 'PV-7-CONFLICT-BODY']) {
      expect(v.byId.get(id)!.verdict).toBe('not-run');
      expect(v.byId.get(id)!.coverage).toMatch(/not run( \(second booking is 409\))? because PV-3-CREATE failed first/);
    }
    expect(v.verdict).toBe('NOT CONFORMANT');
  });

  test('a root-cause error takes the charge: the failure it caused is not run because of it', () => {
    const rootCause = "Error: [PV-3-REMOVE] (root cause of this test's failures): a certificate whose booking was removed must be bookable again:\nABCD1234: \"book (setup)\" was refused as already booked (HTTP 409)";
    const venue = outcome({ title: 'books at its own venue', clauses: ['PV-1-VENUE'], ways: waysOf('PV-1-VENUE'), status: 'failed', ok: false, errors: ['Error: [PV-1-VENUE] booking ABCD1234 at its own venue succeeds, got HTTP 409', rootCause] });
    expect(readTest(venue)).toMatchObject({ kind: 'failed', clauses: ['PV-3-REMOVE'] });
    const v = verdictOf([others('PV-1-VENUE', 'PV-3-REMOVE'), venue]);
    expect(v.byId.get('PV-3-REMOVE')!.verdict).toBe('fail');
    expect(v.byId.get('PV-1-VENUE')!.verdict).toBe('not-run');
    expect(v.byId.get('PV-1-VENUE')!.coverage).toContain('not run because PV-3-REMOVE failed first');
    expect(v.verdict).toBe('NOT CONFORMANT');
  });

  test('a failure that names no clause is a harness error: its clauses are not-run and the run INCONCLUSIVE, not NOT CONFORMANT', () => {
    const broken = outcome({ clauses: ['PV-3-REMOVE'], ways: waysOf('PV-3-REMOVE'), status: 'failed', ok: false, errors: ["TypeError: Cannot read properties of undefined (reading 'reference')"] });
    const v = verdictOf([others('PV-3-REMOVE'), broken]);
    expect(readTest(broken)).toEqual({ kind: 'harness-error', cause: "harness error: TypeError: Cannot read properties of undefined (reading 'reference')" });
    expect(v.byId.get('PV-3-REMOVE')!.verdict).toBe('not-run');
    expect(v.verdict).toBe('INCONCLUSIVE');
    expect(v.causes[0]).toMatch(/^1 MUST clause\(s\) could not be checked \(PV-3-REMOVE\): harness error: TypeError/);
  });

  test('a transport error, a timeout and an inconclusive annotation leave the check incomplete', () => {
    const transport = outcome({ clauses: ['PV-4.2-GET'], status: 'failed', ok: false, errors: ['TargetError: target unreachable or timed out: no answer to GET http://x/api/v1/voucher-certificates/A within 10000 ms'] });
    const timedOut = outcome({ clauses: ['PV-4.2-GET'], status: 'timedOut', ok: false, errors: ['Test timeout of 30000ms exceeded.'], durationMs: 30_000 });
    const budget = outcome({ clauses: ['PV-4.2-GET'], status: 'skipped', ok: true, inconclusive: 'the property ran out of its time budget after 25 of 30 runs' });
    for (const t of [transport, timedOut, budget]) {
      expect(readTest(t).kind).toBe('incomplete');
      const v = verdictOf([others('PV-4.2-GET'), t]);
      expect(v.byId.get('PV-4.2-GET')!.verdict).toBe('not-run');
      expect(v.verdict).toBe('INCONCLUSIVE');
    }
  });

  test('a MUST failure on the target outranks anything inconclusive; an interrupted run is INCONCLUSIVE whatever it saw', () => {
    const failed = outcome({ clauses: ['PV-3-CONFLICT'], ways: waysOf('PV-3-CONFLICT'), status: 'failed', ok: false, errors: ['Error: [PV-3-CONFLICT] booking a booked certificate is 409, got HTTP 200'] });
    const lost = outcome({ clauses: ['PV-4.2-GET'], status: 'skipped', ok: true, inconclusive: 'the target stopped answering' });
    expect(verdictOf([others('PV-3-CONFLICT', 'PV-4.2-GET'), failed, lost]).verdict).toBe('NOT CONFORMANT');
    const tests = [others(), failed];
    expect(runVerdict(clauseVerdicts(tests), tests, { interrupted: 'the run was stopped' }).verdict).toBe('INCONCLUSIVE');
  });

  test('a SHOULD failure is a warning and an INFO one an observation: neither blocks', () => {
    const pragma = outcome({ clauses: ['RFC6749-5.1-PRAGMA'], status: 'failed', ok: false, errors: ['Error: [RFC6749-5.1-PRAGMA] no Pragma'] });
    const v = verdictOf([others('RFC6749-5.1-PRAGMA'), pragma]);
    expect(v.byId.get('RFC6749-5.1-PRAGMA')!.verdict).toBe('warning');
    expect(v.verdict).toBe('CONFORMANT');
  });

  test('a known deviation that no longer happens makes the run INCONCLUSIVE with the fix named', () => {
    const stale = outcome({ clauses: ['PV-3-CONFLICT'], ways: waysOf('PV-3-CONFLICT'), status: 'passed', ok: false, knownDeviation: 'PV-3-CONFLICT: staging answers 200' });
    const v = verdictOf([others('PV-3-CONFLICT'), stale]);
    expect(v.byId.get('PV-3-CONFLICT')!.verdict).toBe('pass');
    expect(v.verdict).toBe('INCONCLUSIVE');
    expect(v.causes[0]).toContain('remove it from the expectations file');
  });

  test('a known deviation of one clause does not excuse another clause failing in the same test (a token refused in the test known for its media type)', () => {
    const both = outcome({ clauses: ['PV-4.3-MEDIA', 'PV-5-LIFETIME'], status: 'failed', ok: true, errors: ['Error: [PV-5-LIFETIME] a token the run obtained was refused'], knownDeviation: 'PV-4.3-MEDIA: content type not enforced' });
    const v = verdictOf([others('PV-4.3-MEDIA', 'PV-5-LIFETIME'), both]);
    expect(v.byId.get('PV-5-LIFETIME')).toMatchObject({ verdict: 'fail' });
    expect(v.byId.get('PV-5-LIFETIME')!.knownDeviation).toBeUndefined();
    expect(v.verdict).toBe('NOT CONFORMANT');
  });

  test('a known deviation of a SHOULD clause that still shows as its warning marks the clause a known deviation and leaves the run CONFORMANT', () => {
    const warned = outcome({ clauses: ['RFC6750-3.1-NO-ERROR'], status: 'passed', ok: true, warnings: ['[RFC6750-3.1-NO-ERROR] the challenge has error "invalid_request"'], knownDeviation: 'RFC6750-3.1-NO-ERROR: known' });
    const v = verdictOf([others('RFC6750-3.1-NO-ERROR'), warned]);
    expect(v.byId.get('RFC6750-3.1-NO-ERROR')).toMatchObject({ verdict: 'warning', knownDeviation: 'RFC6750-3.1-NO-ERROR: known' });
    expect(v.verdict).toBe('CONFORMANT');
  });
});

test.describe('a PASS means it was tested', () => {
  const gap = { line: 'no venue-limited API user configured; to test it, add `credentials.limitedVenue`', setting: 'credentials.limitedVenue' as const };
  const venueCells = waysOf('PV-1-VENUE');

  test('a clause is PASS only when every way in ran and held; ways the config cannot serve make it PARTIAL with the reason, and the run only conformant on what it tested (exit 4)', () => {
    const held = outcome({ title: 'venue GET by reference', clauses: ['PV-1-VENUE'], ways: [venueCells[0]!] });
    const skipped = venueCells.slice(1).map((w) => outcome({ title: `venue ${w}`, clauses: ['PV-1-VENUE'], ways: [w], status: 'skipped', notTested: gap }));
    const tests = [others('PV-1-VENUE'), held, ...skipped];
    const v = verdictOf(tests);
    expect(v.byId.get('PV-1-VENUE')!.verdict).toBe('partial');
    expect(v.byId.get('PV-1-VENUE')!.coverage).toBe(`held on 1 of ${venueCells.length} ways in; ${venueCells.length - 1} not tested: ${gap.line}`);
    expect(v.verdict).toBe('CONFORMANT ON WHAT WAS TESTED');
    const r = resultsOf(run, tests);
    expect([r.conformant, r.complete, r.totals.mustPartial]).toEqual([false, false, 1]);
  });

  test('a test meeting a clause only in passing never makes it PASS on its own', () => {
    const machine = outcome({ title: 'state machine', clauses: ['PV-1-VENUE'], inPassing: ['PV-1-VENUE'] });
    const skipped = venueCells.map((w) => outcome({ title: `venue ${w}`, clauses: ['PV-1-VENUE'], ways: [w], status: 'skipped', notTested: gap }));
    const v = verdictOf([others('PV-1-VENUE'), machine, ...skipped]);
    expect(v.byId.get('PV-1-VENUE')!.verdict).toBe('partial');
    expect(v.byId.get('PV-1-VENUE')!.coverage).toMatch(/^held on 1 of \d+ ways in, only in passing; /);
    // With no dedicated check in the suites at all, it is still not PASS.
    expect(verdictOf([outcome({ clauses: ['PV-4.2-GET'], inPassing: ['PV-4.2-GET'] })]).byId.get('PV-4.2-GET')!.verdict).toBe('partial');
  });

  test('a clause stopped by another clause keeps what it tested: held on the ways that ran, the stopped one attributed', () => {
    const venue = outcome({ title: 'venue cells', clauses: ['PV-1-VENUE'], ways: venueCells });
    const machine = outcome({ title: 'state machine', clauses: ['PV-1-VENUE', 'PV-3-CONFLICT'], inPassing: ['PV-1-VENUE', 'PV-3-CONFLICT'], status: 'failed', ok: false, errors: ['Error: [PV-3-CONFLICT] a second booking answered 200'] });
    const v = verdictOf([others('PV-1-VENUE'), venue, machine]);
    expect(v.byId.get('PV-1-VENUE')!.verdict).toBe('partial');
    expect(v.byId.get('PV-1-VENUE')!.coverage).toBe(`held on ${venueCells.length} of ${venueCells.length + 1} ways in; not run (state machine) because PV-3-CONFLICT failed first`);
    expect(v.byId.get('PV-3-CONFLICT')!.verdict).toBe('fail');
  });

  test('a check the target made pointless (not applicable) counts as held beside others; alone it is no PASS but not applicable; a skip without a reason the harness gave is a gap', () => {
    const na = outcome({ title: 'Allow on 405', clauses: ['RFC9110-15.5.6-ALLOW'], status: 'skipped', notApplicable: 'PUT answered 404, not 405' });
    const alone = verdictOf([others('RFC9110-15.5.6-ALLOW'), na]).byId.get('RFC9110-15.5.6-ALLOW')!;
    expect([alone.verdict, alone.coverage]).toEqual(['not-applicable', 'not applicable: PUT answered 404, not 405']);
    const beside = outcome({ title: 'Allow on another 405', clauses: ['RFC9110-15.5.6-ALLOW'] });
    expect(verdictOf([others('RFC9110-15.5.6-ALLOW'), na, beside]).byId.get('RFC9110-15.5.6-ALLOW')!.verdict).toBe('pass');
    expect(resultsOf(run, [others('RFC9110-15.5.6-ALLOW'), na]).verdict).toBe('CONFORMANT');
    const bare = outcome({ title: 'bare skip', clauses: ['RFC9110-15.5.6-ALLOW'], status: 'skipped', skippedReason: 'something' });
    const v = verdictOf([others('RFC9110-15.5.6-ALLOW'), bare]);
    expect(v.byId.get('RFC9110-15.5.6-ALLOW')!.verdict).toBe('not-tested');
    expect(v.byId.get('RFC9110-15.5.6-ALLOW')!.coverage).toBe('not tested: something; its one check (bare skip) did not run');
  });

  test('in a filtered run, every check the filter left out is not tested ("not selected"), never PASS', () => {
    const declared = [{ title: 'conflict by reference', file: 'suites/x.spec.ts', clauses: ['PV-3-CONFLICT'], ways: [waysOf('PV-3-CONFLICT')[0]!] }, { title: 'conflict by legacy number', file: 'suites/x.spec.ts', clauses: ['PV-3-CONFLICT'], ways: [waysOf('PV-3-CONFLICT')[1]!] }];
    const ran = outcome({ title: 'conflict by reference', clauses: ['PV-3-CONFLICT'], ways: [waysOf('PV-3-CONFLICT')[0]!] });
    const v = verdictOf([ran], { universe: declared, filter: '--grep reference' });
    expect(v.byId.get('PV-3-CONFLICT')!.verdict).toBe('partial');
    expect(v.byId.get('PV-3-CONFLICT')!.coverage).toContain('not selected in this run (--grep reference)');
  });

  test('gaps the config accepts keep the clause partial in the report, but the run CONFORMANT with the gaps listed', () => {
    const skipped = venueCells.map((w) => outcome({ title: `venue ${w}`, clauses: ['PV-1-VENUE'], ways: [w], status: 'skipped', notTested: gap }));
    const held = outcome({ title: 'venue in passing', clauses: ['PV-1-VENUE'] });
    const tests = [others('PV-1-VENUE'), held, ...skipped];
    const accepted = resultsOf(run, tests, {}, { acceptedGaps: [{ setting: 'credentials.limitedVenue', reason: 'no venue-limited user on this stage' }] });
    expect(accepted.verdict).toBe('CONFORMANT');
    expect(accepted.acceptedGaps).toEqual([{ clause: 'PV-1-VENUE', reasons: ['no venue-limited user on this stage'] }]);
    expect(accepted.clauses.find((c) => c.id === 'PV-1-VENUE')!.verdict).toBe('partial');
    expect(resultsOf(run, tests, {}, { acceptedGaps: [{ clause: 'PV-3-CONFLICT', reason: 'other clause' }] }).verdict).toBe('CONFORMANT ON WHAT WAS TESTED');
  });

  test('a way in no test of the run takes is not tested: the config cannot serve it, or no check takes it', () => {
    const tests = [outcome({ clauses: everyClause, ways: everyWay.filter((w) => !w.startsWith('permission-refused')) })];
    const serving = { name: 'x', pool: [{ reference: 'AAAAAAAA', venue: 'V' }], writable: [{ reference: 'AAAAAAAA', venue: 'V' }], credentials: {} };
    // The test covering every clause is a check of PV-1-PERMISSION too: held on it, not on the ways in.
    const withServing = verdictOf(tests, { serving }).byId.get('PV-1-PERMISSION')!;
    expect(withServing.verdict).toBe('partial');
    expect(withServing.coverage).toContain('no read-only API user configured');
    expect(verdictOf(tests).byId.get('PV-1-PERMISSION')!.coverage).toContain('no check of the suites takes this way in');
  });
});

test('a config claim the target contradicted during a test is a config error among the causes: verdict CONFIG ERROR (exit 2), never CONFORMANT, never a failure of the target', () => {
  const line = 'booking.limits.notes: 1200000 makes a booking body of 3600103 bytes, which the target refuses as too large (HTTP 413): declare the limit the target accepts';
  const property = outcome({ title: 'valid payloads', clauses: ['PV-2.3-ACCEPT'], configErrors: [line] });
  const r = resultsOf(run, [others('PV-2.3-ACCEPT'), property, { ...property, id: 'again' }]);
  expect(r.verdict).toBe('CONFIG ERROR');
  expect(EXIT_CODE[r.verdict]).toBe(2);
  expect(r.rootCauses).toEqual([]);
  expect(configErrorsOf(r)).toEqual([line]);
  expect(configErrorsOf(resultsOf(run, [others()]))).toEqual([]);
});
