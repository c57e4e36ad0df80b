/**
 * The headline of every report (console, SUMMARY.md, index.html, JUnit, Allure, the gate's counts):
 * a fully covered run reads complete, clause counts and the test count carry their units, and an
 * INFO clause with nothing to record (PV-8-RATE-LIMIT on a target that never answered 429) is named
 * apart, never counted as a "not tested" gap of the run.
 */
import { expect, test } from '@playwright/test';
import { clauses } from '../../fixtures/contract/clauses.ts';
import { everyClause, everyWay, outcome } from './outcome-fixtures.ts';
import { certificationPart } from '../gate/decision.ts';
import { resultsOf } from './verdicts.ts';
import { summaryLine } from './headline.ts';

const run = { id: 'r', environment: 'local', baseUrl: '', authUrl: '', startedAt: '', durationMs: 11_600, harnessVersion: '0', node: process.version };

test('a fully covered run: every MUST/SHOULD clause counted, INFO apart with the one that had nothing to record named, "N tests" as its own unit', () => {
  const observed = clauses.filter((c) => c.level === 'INFO' && c.id !== 'PV-8-RATE-LIMIT').map((c) => `[${c.id}] seen`);
  const r = resultsOf({ ...run, plannedTests: 1 }, [outcome({ clauses: everyClause.filter((id) => id !== 'PV-8-RATE-LIMIT'), ways: everyWay, observations: observed })]);
  expect(r.verdict).toBe('CONFORMANT');
  const rules = clauses.filter((c) => c.level !== 'INFO').length;
  const line = summaryLine(r);
  expect(line).toBe(
    `certification local: CONFORMANT — clauses: ${rules} pass, 0 fail, 0 warning, 0 partial, 0 not tested, 0 not run; INFO clauses: ${observed.length} observed, 1 with nothing to record (PV-8-RATE-LIMIT: recorded only when the target shows it, e.g. a 429 with Retry-After); 1 test, 11.6 s`,
  );
  expect(r.clauses.find((c) => c.id === 'PV-8-RATE-LIMIT')!.coverage).toMatch(/^nothing recorded: /);
  // The gate prints the same counts.
  expect(certificationPart(r).counts[0]).toContain(line.slice(line.indexOf('clauses: '), line.lastIndexOf(',')));
});

test('a run stopped early counts its tests against its selection', () => {
  const r = resultsOf({ ...run, plannedTests: 146 }, [outcome({ clauses: ['PV-1-SINGLE'] })], { interrupted: 'stopped' });
  expect(summaryLine(r)).toMatch(/; 1 of 146 tests finished, 11\.6 s$/);
});
