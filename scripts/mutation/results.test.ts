import { _baseTest as test, expect } from '@playwright/test';
import { closestNames } from '../../fixtures/contract/close-names.ts';
import {
  allTargets,
  CONTROL_NAME,
  reducedTargets,
  selectTargets,
  type MutationPlan,
  type MutationTarget,
} from './plan.ts';
import { rowFor, summarise } from './results.ts';
import { exitCodeFor, reducedLine, scoreLine } from './score.ts';
import type { TestRecord } from './shapes.ts';
import { REDUCTIONS } from '../../fixtures/environments/reduced.ts';
import { waysOf } from '../../fixtures/judgement/index.ts';
import { explanationFor } from './unkilled-explanations.ts';

const mustFault: MutationTarget = {
  name: 'double-booking-200',
  kind: 'fault',
  clause: 'PV-3-CONFLICT',
  level: 'MUST',
  description: '',
  project: 'fault:double-booking-200',
  override: { faults: ['double-booking-200'] },
  selectiveFiles: [],
};
const shouldFault: MutationTarget = {
  name: 'token-no-pragma',
  kind: 'fault',
  clause: 'RFC6749-5.1-PRAGMA',
  level: 'SHOULD',
  description: '',
  project: 'fault:token-no-pragma',
  override: { faults: ['token-no-pragma'] },
  selectiveFiles: [],
};
const variant: MutationTarget = {
  name: 'remove-204',
  kind: 'variant',
  description: '',
  project: 'variant:remove-204',
  override: { variant: 'remove-204' },
  selectiveFiles: [],
};

function rec(project: string, title: string, over: Partial<TestRecord> = {}): TestRecord {
  return {
    project,
    file: 'suites/x.spec.ts',
    title,
    clauses: ['PV-3-CONFLICT'],
    status: 'passed',
    warnings: [],
    durationMs: 1,
    ...over,
  };
}

test.describe('mutation result mapping', () => {
  test('a MUST fault is killed by a failing check, not by a warning', () => {
    const warnedOnly = rowFor(mustFault, [
      rec(mustFault.project, 'a', { warnings: ['[PV-3-CONFLICT] hmm'] }),
      rec(mustFault.project, 'b'),
    ]);
    expect(warnedOnly.ok).toBe(false);
    expect(warnedOnly.note).toContain('needs a failing check');
    const failed = rowFor(mustFault, [
      rec(mustFault.project, 'a', {
        status: 'failed',
        error: 'Error: [PV-3-CONFLICT] second booking answered 200',
        named: ['PV-3-CONFLICT'],
      }),
    ]);
    expect(failed.ok).toBe(true);
    expect(failed.killedBy).toEqual([
      {
        test: 'a',
        file: 'suites/x.spec.ts',
        clauses: ['PV-3-CONFLICT'],
        outcome: 'fail',
        onClause: true,
        message: 'Error: [PV-3-CONFLICT] second booking answered 200',
      },
    ]);
  });

  test('a fault killed only by failures on other clauses is a survivor (killed by accident)', () => {
    const accident = rowFor(mustFault, [
      rec(mustFault.project, 'a', {
        status: 'failed',
        error: 'Error: [PV-3-CREATE] setup: booking answered 409',
        named: ['PV-3-CREATE'],
      }),
    ]);
    expect(accident.ok).toBe(false);
    expect(accident.note).toBe(
      'survivor: no check of PV-3-CONFLICT failed; 1 check(s) failed on other clauses (by accident)',
    );
  });

  test('a SHOULD fault is killed by a warning on its clause; a timeout is a failure but names no clause', () => {
    expect(
      rowFor(shouldFault, [rec(shouldFault.project, 'a', { warnings: ['[RFC6749-5.1-PRAGMA] no Pragma'] })]).ok,
    ).toBe(true);
    const timedOut = rowFor(mustFault, [rec(mustFault.project, 'a', { status: 'timedOut' })]);
    expect(timedOut.killedBy[0]?.outcome).toBe('fail');
    expect(timedOut.ok).toBe(false);
  });

  test('a variant passes only without failures and warnings; skips are fine; no results is not a pass', () => {
    expect(rowFor(variant, [rec(variant.project, 'a'), rec(variant.project, 'b', { status: 'skipped' })]).ok).toBe(
      true,
    );
    expect(rowFor(variant, [rec(variant.project, 'a', { warnings: ['[X] w'] })]).note).toBe(
      'false alarm: 0 failed, 1 warned',
    );
    expect(rowFor(variant, [rec('variant:other', 'a')]).note).toMatch(/^not run/);
    expect(rowFor(mustFault, []).ok).toBe(false);
  });

  test('summary: counts, check view, unkilled checks with reasons, score line and exit code', () => {
    const plan: MutationPlan = {
      runId: 'r',
      reportDir: '/tmp/x',
      selective: {},
      targets: [mustFault, shouldFault, variant],
      universe: [],
      serving: {},
      reducedPairs: 'none',
    };
    const records = [
      rec(mustFault.project, 'conflict', { status: 'failed', error: 'e', named: ['PV-3-CONFLICT'] }),
      rec(mustFault.project, 'origin', { clauses: ['PV-5-SEPARATE-AUTH'] }),
      rec(mustFault.project, 'pragma', { warnings: ['[RFC6749-5.1-PRAGMA] w'] }),
      rec(shouldFault.project, 'pragma', { warnings: ['[RFC6749-5.1-PRAGMA] w'] }),
      rec(shouldFault.project, 'other', { clauses: ['PV-2.1-REFERENCE'] }),
      rec(variant.project, 'conflict'),
    ];
    const s = summarise(plan, records, true, 1000);
    expect(s.faults).toEqual({ total: 2, killed: 2, survivors: [] });
    expect(s.variants).toEqual({ total: 1, passed: 1, falseAlarms: [] });
    expect(scoreLine(s)).toBe('mutation: 2/2 killed, 1/1 variants passed');
    // The warning under the MUST fault does not count as a kill of that fault.
    expect(s.checks.find((c) => c.test === 'pragma')?.kills).toEqual(['token-no-pragma']);
    expect(s.unkilledChecks.map((u) => [u.test, u.reason === null])).toEqual([
      ['origin', false],
      ['other', true],
    ]);
    expect(exitCodeFor(s)).toBe(1);
    expect(summarise(plan, records, false, 1000).unkilledChecks).toEqual([]);
  });

  test('explanations cover a check only when every clause it covers is explained', () => {
    expect(explanationFor(['PV-5-SEPARATE-AUTH', 'PV-1-DENIAL-STATUS'])).toContain('INFO clauses');
    expect(explanationFor(['PV-5-SEPARATE-AUTH', 'PV-3-CONFLICT'])).toBeNull();
    expect(explanationFor([])).toBeNull();
  });
});

test.describe('mutation plan', () => {
  const targets = allTargets({
    'suites/race/booking-race.spec.ts': ['PV-3-ATOMIC'],
    'suites/properties/p.spec.ts': ['PV-3-CONFLICT'],
  });

  test('faults run the selective suites covering their clause, variants and the control run all', () => {
    expect(targets.find((t) => t.name === 'race-window')?.selectiveFiles).toEqual(['suites/race/booking-race.spec.ts']);
    expect(targets.find((t) => t.name === 'token-no-pragma')?.selectiveFiles).toEqual([]);
    const control = targets.find((t) => t.name === CONTROL_NAME);
    expect(control?.override).toEqual({});
    expect(control?.selectiveFiles).toHaveLength(2);
    expect(new Set(targets.map((t) => t.project)).size).toBe(targets.length);
  });

  test('--only selects by name and names close ones when unknown', () => {
    expect(selectTargets(targets, ['remove-204']).map((t) => t.project)).toEqual(['variant:remove-204']);
    expect(() => selectTargets(targets, ['double-booking'])).toThrow(
      /unknown fault or variant "double-booking".*double-booking-200/,
    );
    expect(closestNames('token-expire-early', ['token-expires-early', 'booking-204', 'token-never-expires'])[0]).toBe(
      'token-expires-early',
    );
  });
});

test.describe('reduced configs: the clause of a fault never PASS', () => {
  const venueFault: MutationTarget = {
    name: 'venue-unchecked',
    kind: 'fault',
    clause: 'PV-1-VENUE',
    level: 'MUST',
    description: '',
    project: 'fault:venue-unchecked',
    override: { faults: ['venue-unchecked'] },
    selectiveFiles: [],
  };
  const [underNoLimited] = reducedTargets([venueFault], { rotation: 0 });
  const universe = [
    {
      file: 'suites/v.spec.ts',
      title: 'venue GET',
      clauses: ['PV-1-VENUE'],
      ways: ['venue-refused{op=get,id=reference}'],
    },
    { file: 'suites/s.spec.ts', title: 'state machine', clauses: ['PV-1-VENUE'], inPassing: ['PV-1-VENUE'] },
  ];
  const serving = {
    name: 'local',
    pool: [{ reference: 'AAAAAAAA', venue: 'V' }],
    writable: [{ reference: 'AAAAAAAA', venue: 'V' }],
    credentials: {},
  };

  test(
    'each fault goes under one reduction per rotation, ' + 'five rotations cover every pair, INFO faults under none',
    () => {
      expect(underNoLimited?.reduction).toBe(REDUCTIONS[0]);
      expect(underNoLimited?.override).toEqual({ faults: ['venue-unchecked'], reduce: REDUCTIONS[0] });
      const faults = allTargets({}).filter((t) => t.kind === 'fault');
      const pairs = new Set(
        [0, 1, 2, 3, 4].flatMap((rotation) => reducedTargets(faults, { rotation }).map((t) => t.name)),
      );
      expect(pairs).toEqual(new Set(reducedTargets(faults, 'all').map((t) => t.name)));
      expect(reducedTargets(faults, 'all').some((t) => t.level === 'INFO')).toBe(false);
      expect(reducedTargets(faults, 'none')).toEqual([]);
    },
  );

  test('the clause held only in passing while its ways in were not tested is never PASS; a PASS is a miss', () => {
    const plan: MutationPlan = {
      runId: 'r',
      reportDir: '/tmp/x',
      selective: {},
      targets: [underNoLimited!],
      universe,
      serving: { [REDUCTIONS[0]]: serving },
      reducedPairs: 'rotation 0',
    };
    const gap = { line: 'no venue-limited API user configured', setting: 'credentials.limitedVenue' as const };
    const partial = [
      rec(underNoLimited!.project, 'venue GET', {
        file: 'suites/v.spec.ts',
        clauses: ['PV-1-VENUE'],
        ways: ['venue-refused{op=get,id=reference}'],
        status: 'skipped',
        notTested: gap,
      }),
      rec(underNoLimited!.project, 'state machine', {
        file: 'suites/s.spec.ts',
        clauses: ['PV-1-VENUE'],
        inPassing: ['PV-1-VENUE'],
      }),
    ];
    const ok = summarise(plan, partial, false, 1);
    expect(ok.reduced).toMatchObject({ total: 1, neverPass: 1, passed: [] });
    expect(ok.matrix[0]!.note).toMatch(
      /^PV-1-VENUE PARTIAL under no-limitedVenue: held on 1 of \d+ ways in, only in passing/,
    );
    expect(reducedLine(ok)).toBe('reduced configs: 1/1 faults never PASS');
    // A harness that let the fault through as PASS (every way in held) is a miss: the command fails.
    const everyVenueWay = {
      file: 'suites/v.spec.ts',
      title: 'venue, every way',
      clauses: ['PV-1-VENUE'],
      ways: waysOf('PV-1-VENUE'),
    };
    const miss = summarise(
      { ...plan, universe: [everyVenueWay] },
      [rec(underNoLimited!.project, everyVenueWay.title, everyVenueWay)],
      false,
      1,
    );
    expect(miss.reduced).toMatchObject({ total: 1, neverPass: 0, passed: ['venue-unchecked@no-limitedVenue'] });
    expect(exitCodeFor(miss)).toBe(1);
  });
});
