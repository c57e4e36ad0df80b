/** How failed tests become root causes: grouped by the clause that broke first, replays telling interference from bugs. */
import { expect, test } from '@playwright/test';
import { outcome } from '../certification/outcome-fixtures.ts';
import type { ReplayResult } from './replay-result.ts';
import { rootCauses, withReplays } from './root-causes.ts';

const failed = (title: string, clause: string, message: string) => outcome({ title, clauses: [clause], status: 'failed', ok: false, errors: [`[${clause}] ${message}`] });
const alone = (title: string, failedRuns: number): ReplayResult => ({ title, runs: 2, failed: failedRuns, durationMs: 100 });

test('a failure that passed alone is interference (PV-3-ISOLATED) only when nothing else shows its clause broken', () => {
  const lone = failed('a malformed reference is refused', 'PV-2.5-TRACE', 'traceId repeats an earlier request\'s');
  const replays = new Map([[lone.title, alone(lone.title, 0)]]);
  expect(rootCauses([lone], replays).map((c) => c.clause)).toEqual(['PV-3-ISOLATED']);
  expect(withReplays([lone], replays)[0]!.clauses).toContain('PV-3-ISOLATED');

  // The same clause failing in tests that did not pass alone: one bug, met through what ran before (a traceId cache), not concurrency.
  const others = [failed('a 401 is a problem', 'PV-2.5-TRACE', 'traceId repeats'), failed('a 404 is a problem', 'PV-2.5-TRACE', 'traceId repeats')];
  const all = [lone, ...others];
  expect(rootCauses(all, replays).map((c) => [c.clause, c.tests.length])).toEqual([['PV-2.5-TRACE', 3]]);
  expect(withReplays(all, replays)[0]!.clauses).not.toContain('PV-3-ISOLATED');
});

test('a fresh token refused too is the dead token\'s story when the run also saw a token die while a newer one was accepted (one token per client)', () => {
  const withFinding = (title: string, clause: string, key: string) => ({ ...failed(title, clause, 'refused'), finding: { clause, key, statement: `${key} in ${title}` } });
  const dead = [withFinding('a valid token grants access', 'PV-5-LIFETIME', 'dead-token'), withFinding('a booking is created', 'PV-5-LIFETIME', 'dead-token')];
  const fresh = withFinding('DELETE with Basic is refused', 'PV-5-BEARER-ACCEPTED', 'valid-token-refused');
  const causes = rootCauses([...dead, fresh]);
  expect(causes.map((c) => [c.clause, c.tests.length])).toEqual([['PV-5-LIFETIME', 3]]);
  expect(causes[0]!.consequences).toContain('PV-5-BEARER-ACCEPTED');

  // Without a token seen dying: valid tokens are refused, the token's life cannot be judged.
  expect(rootCauses([fresh, failed('a token lives its life', 'PV-5-LIFETIME', 'refused at once')]).map((c) => c.clause)).toEqual(['PV-5-BEARER-ACCEPTED']);
  // The bearer check's own assertion failing is no fresh-token story: it stays the root.
  expect(rootCauses([...dead, failed('a valid token grants access at once', 'PV-5-BEARER-ACCEPTED', 'got 401')]).map((c) => c.clause)).toEqual(['PV-5-BEARER-ACCEPTED']);
});

test('a SHOULD warning the expectations file knows is no root cause; the same warning unknown is one, and so is another clause\'s warning on the same test', () => {
  const warned = (knownDeviation?: string) =>
    outcome({ title: 'GET with HTTP Basic is refused with a Bearer challenge', clauses: ['PV-5-NO-BASIC', 'RFC6750-3.1-NO-ERROR'], status: 'passed', ok: true, warnings: ['[RFC6750-3.1-NO-ERROR] the challenge has error "invalid_request"'], ...(knownDeviation ? { knownDeviation } : {}) });
  expect(rootCauses([warned('RFC6750-3.1-NO-ERROR: known')]).map((c) => c.clause)).toEqual([]);
  expect(rootCauses([warned()]).map((c) => c.clause)).toEqual(['RFC6750-3.1-NO-ERROR']);
  expect(rootCauses([warned('PV-4.3-MEDIA: another clause')]).map((c) => c.clause)).toEqual(['RFC6750-3.1-NO-ERROR']);
});

test('a MUST failure the expectations file knows is no root cause: the first line names what is new (a clean-room C++ run led with its known one)', () => {
  const known = { ...failed('errors provoked with non-ASCII use only the allowed characters', 'RFC6749-5.2-ERROR-CHARSET', 'error_description has é'), knownDeviation: 'RFC6749-5.2-ERROR-CHARSET: known' };
  const bug = failed('a token is refused once its life is over', 'PV-5-LIFETIME', 'still accepted 2 s after its end');
  expect(rootCauses([known, bug]).map((c) => c.clause)).toEqual(['PV-5-LIFETIME']);
  // Known for another clause only: still a root.
  expect(rootCauses([{ ...known, knownDeviation: 'PV-4.3-MEDIA: another clause' }]).map((c) => c.clause)).toEqual(['RFC6749-5.2-ERROR-CHARSET']);
});
