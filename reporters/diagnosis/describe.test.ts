/**
 * A root cause's line labels what it shows: an assertion's rule is what was expected, its answer
 * what was got; only a reading's observation is "Seen:". The same words in every report.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { others, outcome } from '../certification/outcome-fixtures.ts';
import { renderHtml, renderMarkdown } from '../certification/render.ts';
import { addVerdictToAllure, addVerdictToJUnit } from '../certification/verdict-entries.ts';
import { resultsOf } from '../certification/verdicts.ts';
import { certificationPart } from '../gate/decision.ts';
import { rootCauseText, statementText } from './describe.ts';

const run = { id: 'r', environment: 'local', baseUrl: '', authUrl: '', startedAt: '', durationMs: 1, harnessVersion: '0', node: '' };
const RULE = 'a valid booking on an unbooked certificate must succeed';
const ANSWER = 'HTTP 400 BadRequest';

test('an assertion reads "Expected: the rule; got: the answer"; a reading\'s observation reads "Seen:"', () => {
  expect(statementText({ statement: `${RULE}, got ${ANSWER}`, statementIs: 'expectation' })).toBe(`Expected: ${RULE}; got: ${ANSWER}`);
  expect(statementText({ statement: `${RULE}; got ${ANSWER}` })).toBe(`Expected: ${RULE}; got: ${ANSWER}`);
  expect(statementText({ statement: 'the 409 names the error ItemAlreadyBooked', statementIs: 'expectation' })).toBe('Expected: the 409 names the error ItemAlreadyBooked');
  expect(statementText({ statement: 'GET /x answered 500', statementIs: 'observation' })).toBe('Seen: GET /x answered 500');
});

test('every report shows a failed assertion as expected and got, never "Seen:" before the rule', () => {
  const failed = outcome({ title: 'books', clauses: ['PV-2.3-ACCEPT'], status: 'failed', ok: false, errors: [`[PV-2.3-ACCEPT] ${RULE}, got ${ANSWER}.`] });
  const r = resultsOf(run, [others('PV-2.3-ACCEPT'), failed]);
  const want = `Expected: ${RULE}; got: ${ANSWER}`;
  expect(rootCauseText(r.rootCauses[0]!)).toContain(want);
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-describe-'));
  try {
    addVerdictToJUnit(path.join(dir, 'results.xml'), r);
    addVerdictToAllure(path.join(dir, 'allure'), r);
    const allure = readdirSync(path.join(dir, 'allure')).map((f) => readFileSync(path.join(dir, 'allure', f), 'utf8')).join('\n');
    const reports = { markdown: renderMarkdown(r), html: renderHtml(r), junit: readFileSync(path.join(dir, 'results.xml'), 'utf8'), allure, gate: certificationPart(r).reasons.join('\n') };
    for (const [name, text] of Object.entries(reports)) {
      expect(text, name).toContain(want);
      expect(text, name).not.toContain('Seen:');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
