/**
 * How test outcomes become clause verdicts and the run's verdict: failures are charged to the
 * clause their because() names, everything a test could not check is not-run with its cause, and
 * only a MUST assertion on the target's answer makes a run NOT CONFORMANT.
 */
import { expect, test } from '@playwright/test';
import { clauses } from '../../fixtures/contract/clauses.ts';
import { clauseVerdicts, readTest, runVerdict, type TestOutcome } from './verdicts.ts';

const outcome = (o: Partial<TestOutcome> & { clauses: string[] }): TestOutcome => ({ id: o.title ?? 't', title: 'a test', file: 'suites/x.spec.ts', status: 'passed', ok: true, warnings: [], observations: [], errors: [], durationMs: 10, ...o });
const everyClause = clauses.map((c) => c.id);
const others = (...ids: string[]) => outcome({ title: 'the rest', clauses: everyClause.filter((id) => !ids.includes(id)) });
const verdictOf = (tests: TestOutcome[]) => {
  const results = clauseVerdicts(tests);
  return { results, byId: new Map(results.map((r) => [r.id, r])), ...runVerdict(results, tests) };
};

// Playwright's error text for a failed expect(..., because('PV-3-CREATE', ...)).
const setupFailure = 'Error: [PV-3-CREATE] setup: the first booking must succeed, got HTTP 500\n\nexpect(received).toBeLessThan(expected)\n\nExpected: < 300\nReceived: 500';

test.describe('failure attribution', () => {
  test('a test failing in its setup fails only the clause its because() names; its other clauses are not-run', () => {
    const conflict = outcome({ title: 'second booking is 409', clauses: ['PV-3-CONFLICT', 'PV-7-CONFLICT-BODY'], status: 'failed', ok: false, errors: [setupFailure] });
    const v = verdictOf([others('PV-3-CREATE', 'PV-3-CONFLICT', 'PV-7-CONFLICT-BODY'), conflict]);
    expect(v.byId.get('PV-3-CREATE')!.verdict).toBe('fail');
    for (const id of ['PV-3-CONFLICT', 'PV-7-CONFLICT-BODY']) {
      expect(v.byId.get(id)!.verdict).toBe('not-run');
      expect(v.byId.get(id)!.incomplete).toEqual([{ test: 'second booking is 409', cause: 'setup failed: [PV-3-CREATE] setup: the first booking must succeed, got HTTP 500' }]);
    }
    expect(v.verdict).toBe('NOT CONFORMANT');
  });

  test('a root-cause error takes the charge: the failure it caused is not-run with that cause', () => {
    const rootCause = "Error: [PV-3-REMOVE] (root cause of this test's failures): a certificate whose booking was removed must be bookable again:\nABCD1234: \"book (setup)\" was refused as already booked (HTTP 409)";
    const venue = outcome({ title: 'books at its own venue', clauses: ['PV-1-VENUE'], status: 'failed', ok: false, errors: ['Error: [PV-1-VENUE] booking ABCD1234 at its own venue succeeds, got HTTP 409', rootCause] });
    expect(readTest(venue)).toMatchObject({ kind: 'failed', clauses: ['PV-3-REMOVE'] });
    const v = verdictOf([others('PV-1-VENUE', 'PV-3-REMOVE'), venue]);
    expect(v.byId.get('PV-3-REMOVE')!.verdict).toBe('fail');
    expect(v.byId.get('PV-1-VENUE')!.verdict).toBe('not-run');
    expect(v.byId.get('PV-1-VENUE')!.incomplete?.[0]?.cause).toMatch(/^setup failed: \[PV-3-REMOVE\] \(root cause/);
    expect(v.verdict).toBe('NOT CONFORMANT');
  });

  test('a failure that names no clause is a harness error: its clauses are not-run and the run INCONCLUSIVE, not NOT CONFORMANT', () => {
    const broken = outcome({ clauses: ['PV-3-REMOVE'], status: 'failed', ok: false, errors: ["TypeError: Cannot read properties of undefined (reading 'reference')"] });
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
    const failed = outcome({ clauses: ['PV-3-CONFLICT'], status: 'failed', ok: false, errors: ['Error: [PV-3-CONFLICT] booking a booked certificate is 409, got HTTP 200'] });
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
    const stale = outcome({ clauses: ['PV-3-CONFLICT'], status: 'passed', ok: false, knownDeviation: 'PV-3-CONFLICT: staging answers 200' });
    const v = verdictOf([others('PV-3-CONFLICT'), stale]);
    expect(v.byId.get('PV-3-CONFLICT')!.verdict).toBe('pass');
    expect(v.verdict).toBe('INCONCLUSIVE');
    expect(v.causes[0]).toContain('remove it from the expectations file');
  });
});
