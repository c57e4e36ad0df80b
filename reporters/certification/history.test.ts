/** Run-to-run diff of clause verdicts (history.ts) and the gate's --no-regressions. */
import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clauses } from '../../fixtures/contract/clauses.ts';
import { certificationPart } from '../gate/decision.ts';
import { describeSince, diff, readHistory, recordRun, type HistoryEntry } from './history.ts';
import { clauseVerdicts, emptyResults, type CertificationResults, type Verdict } from './verdicts.ts';

const entry = (runId: string, verdicts: Record<string, Verdict>): HistoryEntry => ({ runId, environment: 'staging', finishedAt: '2026-11-21T02:17:00Z', verdict: 'CONFORMANT', clauses: verdicts });

function results(runId: string, verdicts: Record<string, Verdict>): CertificationResults {
  const r = emptyResults({ id: runId, environment: 'staging', baseUrl: '', authUrl: '', startedAt: '', durationMs: 0, harnessVersion: '0', node: '' }, 'CONFORMANT', [], clauseVerdicts([]));
  r.clauses = r.clauses.map((c) => ({ ...c, verdict: verdicts[c.id] ?? 'pass' }));
  return r;
}

test('a clause worse than before regressed, better recovered; a failure is a failure whatever the clause was then, never "new"', () => {
  const d = diff(entry('r1', { A: 'pass', B: 'fail', C: 'not-run', D: 'observation', E: 'warning', G: 'not-tested' }), entry('r2', { A: 'fail', B: 'pass', C: 'pass', D: 'warning', E: 'warning', F: 'pass', G: 'fail', H: 'fail' }));
  expect(d).toMatchObject({ runId: 'r1', regressed: ['A', 'D'], recovered: ['B'], appeared: ['C', 'F'] });
  expect(d.newlyFailing).toEqual([{ id: 'A', now: 'fail', then: 'pass' }, { id: 'D', now: 'warning', then: 'observation' }, { id: 'G', now: 'fail', then: 'not-tested' }, { id: 'H', now: 'fail' }]);
  expect(describeSince(d)).toBe(
    'since run r1 (2026-11-21 02:17 UTC, CONFORMANT; the last complete run of this selection): failing now, not then: A (fails; passed in that run), D (SHOULD warning; observed in that run), G (fails; not tested in that run), H (fails; not in that run); recovered: B; tested now and held, not tested then: C, F',
  );
});

test('an interrupted run is recorded but never the baseline: the next full run is compared with the last complete one, its failure named as one', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pvh-history-')), 'h.jsonl');
  expect(recordRun(file, results('complete', {}))).toBeUndefined();
  // Ctrl-C: most clauses not tested.
  const stopped = results('stopped', Object.fromEntries(clauses.slice(10).map((c) => [c.id, 'not-tested' as const])));
  expect(recordRun(file, stopped, undefined, 'the run was stopped before it finished')?.runId).toBe('complete');
  const next = recordRun(file, results('next', { 'PV-3-CONFLICT': 'fail' }))!;
  expect(next.runId).toBe('complete');
  expect(next.newlyFailing).toEqual([{ id: 'PV-3-CONFLICT', now: 'fail', then: 'pass' }]);
  expect(next.appeared).toEqual([]);
  expect(describeSince(next)).toContain('failing now, not then: PV-3-CONFLICT (fails; passed in that run)');
  expect(readHistory(file).map((e) => [e.runId, e.unfinished ?? ''])).toEqual([['complete', ''], ['stopped', 'the run was stopped before it finished'], ['next', '']]);
});

test('each run is compared with the previous run of the same environment, then recorded; the gate turns a regression into no-go on request', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pvh-history-'));
  const file = path.join(dir, 'history', 'certification.jsonl');
  try {
    expect(recordRun(file, results('r1', {}))).toBeUndefined();
    const second = results('r2', { 'PV-3-CONFLICT': 'fail' });
    second.sinceLast = recordRun(file, second);
    expect(second.sinceLast?.regressed).toEqual(['PV-3-CONFLICT']);
    expect(readHistory(file).map((e) => e.runId)).toEqual(['r1', 'r2']);
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    // A known deviation keeps the gate quiet about the failure itself, not about the regression.
    const deviated = { ...second, clauses: second.clauses.map((c) => (c.id === 'PV-3-CONFLICT' ? { ...c, knownDeviation: 'ticket 12' } : c)) };
    expect(certificationPart(deviated).reasons).toEqual([]);
    expect(certificationPart(deviated, { noRegressions: true }).reasons).toEqual([`regressed since run r1: PV-3-CONFLICT (--no-regressions)`]);
    expect(clauses.some((c) => c.id === 'PV-3-CONFLICT')).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a filtered run is compared only with the last run of the same selection', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pvh-history-')), 'h.jsonl');
  const run = (id: string, filter?: string) => ({ run: { id, environment: 'e', ...(filter ? { filter } : {}) }, verdict: 'CONFORMANT', clauses: [{ id: 'PV-1', verdict: 'pass' }] }) as unknown as CertificationResults;
  recordRun(file, run('a'));
  expect(recordRun(file, run('b', '--grep @PV-3-CONFLICT'))).toBeUndefined();
  expect(recordRun(file, run('c'))?.runId).toBe('a');
  expect(recordRun(file, run('d', '--grep @PV-3-CONFLICT'))?.runId).toBe('b');
});
