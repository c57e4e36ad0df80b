import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _baseTest as test, expect } from '@playwright/test';
import { resultFiles } from '../allure/allure-cli.ts';
import { addVerdictToAllure, removeDecisionFromAllure, writeDecisionToAllure } from './allure-globals.ts';
import { addVerdictToJUnit } from './verdict-entries.ts';
import { resultsOf } from '../../fixtures/judgement/index.ts';
import { others, outcome } from '../../fixtures/judgement/index.ts';

const noGo = {
  go: false,
  reasons: ['MUST clause failed: PV-3-CONFLICT'],
  warnings: [],
  counts: ['certification local: 123 tests'],
};

test.describe('the release decision in the Allure results', () => {
  test(
    'is a global error and attachment, not a result: the gate does not count it, a rebuilt report replaces ' + 'it',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'pvh-decision-'));
      writeDecisionToAllure(dir, { ...noGo, go: true, reasons: [] }, false);
      writeDecisionToAllure(dir, noGo, false);
      const files = readdirSync(dir).sort();
      expect(files).toEqual(['release-decision-globals.json', 'release-decision-text-attachment.txt']);
      const globals = JSON.parse(readFileSync(path.join(dir, files[0]!), 'utf8')) as {
        errors: Array<{ message: string; trace: string }>;
        attachments: Array<{ name: string; source: string }>;
      };
      expect(globals.errors.map((e) => e.message)).toEqual(['Release decision: NO-GO']);
      expect(globals.errors[0]!.trace).toContain('why: MUST clause failed: PV-3-CONFLICT');
      expect(globals.attachments).toMatchObject([{ name: 'Release decision: NO-GO', source: files[1] }]);
      expect(resultFiles([dir])).toEqual([]);
      removeDecisionFromAllure(dir);
      expect(readdirSync(dir)).toEqual([]);
    },
  );

  test('a GO is no error, an INCONCLUSIVE one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-decision-'));
    const errors = () =>
      (JSON.parse(readFileSync(path.join(dir, 'release-decision-globals.json'), 'utf8')) as { errors: unknown[] })
        .errors;
    writeDecisionToAllure(dir, { ...noGo, go: true, reasons: [] }, false);
    expect(errors()).toEqual([]);
    writeDecisionToAllure(dir, noGo, true);
    expect(errors()).toMatchObject([{ message: 'Release decision: INCONCLUSIVE' }]);
  });
});

test.describe('the verdict and skip reasons in the JUnit file', () => {
  test(
    'a run conformant only on what it tested is an error entry listing the gaps, and every skipped test says ' + 'why',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'pvh-junit-'));
      const file = path.join(dir, 'results.xml');
      const title = 'Token lifetime › a token expires (PV-5-LIFETIME)';
      writeFileSync(
        file,
        `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites id="" name="" tests="1" failures="0" skipped="1" ` +
          `errors="0" time="1">\n` +
          `<testsuite name="s" tests="1" failures="0" skipped="1" errors="0">` +
          `<testcase name="${title}" ` +
          `classname="s">\n<properties>\n</properties>\n<skipped>\n</skipped>\n</testcase>\n` +
          `</testsuite>\n</testsuites>\n`,
      );
      const notTested = {
        line: 'no short-lived API user configured; to test it, add `credentials.shortLived`',
        setting: 'credentials.shortLived' as const,
      };
      const tests = [
        others('PV-5-LIFETIME'),
        outcome({ title, clauses: ['PV-5-LIFETIME'], status: 'skipped', notTested }),
      ];
      const r = resultsOf(
        {
          id: 'r',
          environment: 'local',
          baseUrl: '',
          authUrl: '',
          startedAt: '2026-11-24T00:00:00Z',
          durationMs: 1,
          harnessVersion: '0',
          node: '',
        },
        tests,
      );
      expect(r.verdict).toBe('CONFORMANT ON WHAT WAS TESTED');
      addVerdictToJUnit(file, r);
      const xml = readFileSync(file, 'utf8');
      expect(xml).toContain(
        '<skipped message="not tested: no short-lived API user configured; to test it, add `credentials.shortLived`"/>',
      );
      expect(xml).toMatch(
        new RegExp(
          '<error message="CONFORMANT ON WHAT WAS TESTED" type="CONFORMANT ON WHAT WAS TESTED">' +
            'certification local: CONFORMANT ON WHAT WAS TESTED \\(1 MUST clause not fully tested\\)',
        ),
      );
      expect(xml).toContain(
        '· no short-lived API user configured; to test it, add `credentials.shortLived` (PV-5-LIFETIME); or accept ' +
          'it: acceptedGaps: [{ clause: &apos;PV-5-LIFETIME&apos;, setting: &apos;credentials.shortLived&apos;',
      );
      expect(xml).toMatch(/<testsuites id="" name="" tests="2" failures="0" skipped="1" errors="1"/);

      // certify writes a diagnosed run again: its entries are replaced, never added twice, in JUnit and Allure.
      addVerdictToJUnit(file, r);
      expect(readFileSync(file, 'utf8')).toBe(xml);
      const results = path.join(dir, 'allure-results');
      addVerdictToAllure(results, r);
      addVerdictToAllure(results, r);
      expect(readdirSync(results).sort()).toEqual([
        'certification-verdict-globals.json',
        'certification-verdict-text-attachment.txt',
      ]);
      expect(resultFiles([results])).toEqual([]);
    },
  );
});
