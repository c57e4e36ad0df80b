/** The pace a run settled on against a rate limit: added up over the workers, said in every report with what to declare. */
import { expect, test } from '@playwright/test';
import { renderHtml, renderMarkdown } from './render.ts';
import { paceLine, paceNoteOf, readPace, withPace } from './pace-note.ts';
import { resultsOf } from './verdicts.ts';
import { everyClause, everyWay, outcome } from './outcome-fixtures.ts';

const run = { id: 'r', environment: 'local', baseUrl: '', authUrl: '', startedAt: '', durationMs: 1, harnessVersion: '0', node: '' };

test('each worker slot\'s last settled pace, added up: the rate to declare', () => {
  expect(paceNoteOf(new Map())).toBeUndefined();
  const note = paceNoteOf(new Map([
    [1, { ratePerSecond: 30, settledPerSecond: 21.26, refusals: 5, slowDowns: 3, workers: 2 }],
    [0, { ratePerSecond: 25, settledPerSecond: 19.1, refusals: 7, slowDowns: 4, workers: 2 }],
  ]));
  expect(note).toEqual({ settledPerSecond: 40.4, suggestedMaxRatePerSecond: 40, refusals: 12, slowDowns: 7, workers: [{ worker: 0, settledPerSecond: 19.1, refusals: 7, slowDowns: 4 }, { worker: 1, settledPerSecond: 21.3, refusals: 5, slowDowns: 3 }] });
  // A worker that met no 429 ran at its declared share (or, with none declared, is counted like the others).
  const declared = paceNoteOf(new Map([[1, { ratePerSecond: 80, settledPerSecond: 75, refusals: 8, slowDowns: 1, workers: 2, declaredPerSecond: 100 }]]))!;
  expect([declared.settledPerSecond, declared.suggestedMaxRatePerSecond, declared.unslowed]).toEqual([175, 175, { workers: 1, eachPerSecond: 100, declared: true }]);
  expect(paceLine(withPace(resultsOf(run, []), declared))).toContain('settled on 175 requests per second in all (2 worker(s): 75 + 1 × 100 (met no 429: the declared share))');
  expect(paceNoteOf(new Map([[0, { ratePerSecond: 9, settledPerSecond: 8, refusals: 2, slowDowns: 2, workers: 3 }]]))).toMatchObject({ settledPerSecond: 24, unslowed: { workers: 2, eachPerSecond: 8, declared: false } });
  // A quota the target stated is what to declare.
  expect(paceNoteOf(new Map([[0, { ratePerSecond: 20, settledPerSecond: 20, refusals: 1, slowDowns: 1, statedRatePerSecond: 50, workers: 1 }]]))).toMatchObject({ suggestedMaxRatePerSecond: 50, statedPerSecond: 50 });
  expect(readPace('{"ratePerSecond":3,"settledPerSecond":2,"refusals":1,"slowDowns":1,"workers":1}')).toMatchObject({ settledPerSecond: 2 });
  expect(readPace('not json')).toBeUndefined();
});

test('results.json carries it; SUMMARY.md, index.html and the console line say it', () => {
  const results = withPace(resultsOf(run, [outcome({ clauses: everyClause, ways: everyWay })]), paceNoteOf(new Map([[0, { ratePerSecond: 24, settledPerSecond: 22, refusals: 9, slowDowns: 6, workers: 1 }]])));
  expect(JSON.parse(JSON.stringify(results)).pace).toMatchObject({ settledPerSecond: 22, suggestedMaxRatePerSecond: 22 });
  const line = paceLine(results)!;
  expect(line).toBe('Rate limit: the target answered 429 9 time(s); the run slowed down 6 time(s) and settled on 22 requests per second in all (1 worker(s): 22), counted as certify.maxRatePerSecond is (a tenth kept in reserve). Declare certify: { maxRatePerSecond: 22 } in the environment config to start there.');
  expect(renderMarkdown(results)).toContain(`- ${line}`);
  expect(renderHtml(results)).toContain('Declare certify: { maxRatePerSecond: 22 }');
  expect(paceLine(resultsOf(run, []))).toBeUndefined();
});
