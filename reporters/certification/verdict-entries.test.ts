import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { resultFiles } from '../allure/allure-cli.ts';
import { removeDecisionFromAllure, writeDecisionToAllure } from './verdict-entries.ts';

const noGo = { go: false, reasons: ['MUST clause failed: PV-3-CONFLICT'], warnings: [], counts: ['certification local: 123 tests'] };

test.describe('the release decision in the Allure results', () => {
  test('is one failed entry under Release, dated before the run, that a rebuilt report replaces and the gate does not count', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-decision-'));
    writeDecisionToAllure(dir, { ...noGo, go: true, reasons: [] }, false, '2026-11-22T10:00:00.000Z');
    writeDecisionToAllure(dir, noGo, false, '2026-11-22T10:00:00.000Z');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const entry = JSON.parse(readFileSync(path.join(dir, files[0]!), 'utf8')) as { name: string; status: string; start: number; labels: { name: string; value: string }[]; statusDetails: { message: string } };
    expect(entry.name).toBe('Release decision: NO-GO');
    expect(entry.status).toBe('failed');
    expect(entry.start).toBe(Date.parse('2026-11-22T10:00:00.000Z') - 1);
    expect(entry.labels).toContainEqual({ name: 'parentSuite', value: 'Release' });
    expect(entry.statusDetails.message).toContain('why: MUST clause failed: PV-3-CONFLICT');
    expect(resultFiles([dir])).toEqual([]);
    removeDecisionFromAllure(dir);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('is broken, not failed, when the verdict is INCONCLUSIVE', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-decision-'));
    writeDecisionToAllure(dir, noGo, true);
    const entry = JSON.parse(readFileSync(path.join(dir, readdirSync(dir)[0]!), 'utf8')) as { name: string; status: string };
    expect(entry).toMatchObject({ name: 'Release decision: INCONCLUSIVE', status: 'broken' });
  });
});
