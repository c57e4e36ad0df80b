/**
 * The diagnosis: from a run's test outcomes to its root causes, usually one per bug, each naming the
 * one broken promise, with the clauses it dragged along as consequences (pure). A failed test's root
 * is what its answers showed broken first (the after-test reading's finding), else the clause its
 * first failed assertion names. Failures with the same root go under one root cause, whatever test
 * met them; a root that follows from another root of the run (a race cannot have one winner where a
 * second booking is not refused at all) becomes that one's consequence. A failure that did not happen
 * again when its test ran alone is interaction-dependent: it is charged to PV-3-ISOLATED.
 */
import { clause as clauseOf, clauseIdsIn, ROOT_CAUSE, type ClauseId, type ClauseLevel } from '../../fixtures/contract/clauses.ts';
import { readTest, type TestOutcome } from '../certification/outcomes.ts';
import type { ReplayResult } from './replay-result.ts';
import type { Confirmation } from './confirm.ts';

export interface RootCause {
  clause: string;
  level: ClauseLevel;
  /** The broken promise as the run saw it, in one line. */
  statement: string;
  /**
   * What the statement is: an assertion's or a warning's expectation ("…; got …"), or what an
   * after-test reading or a replay saw. Left out by results of older runs: read as an expectation.
   */
  statementIs?: 'expectation' | 'observation';
  /** Other clauses it dragged along: failed or stopped because of it. */
  consequences: string[];
  /** The tests that met it. */
  tests: string[];
  /** Evidence files of those tests (relative to the certification report). */
  evidence: string[];
  /** The isolation replay, when the run made one. */
  replay?: ReplayResult;
  /** How the run confirmed it: the experiment that showed it alone, or its check's own answer (confirm.ts). */
  confirmedBy?: Confirmation;
  /** Candidates that followed from it: their own experiment, run alone, did not show them. */
  notShownAlone?: Array<{ clause: string; tried: string; tests: string[] }>;
}

/**
 * Roots that follow from another root: when both are in a run, the first is a consequence of the
 * second. Only where one promise cannot hold without the other.
 */
const FOLLOWS_FROM: Partial<Record<string, readonly string[]>> = {
  // Concurrent bookings can have one winner only where a second booking is refused at all.
  'PV-3-ATOMIC': ['PV-3-CONFLICT', 'PV-3-CREATE', 'PV-3-REMOVE', 'PV-3-ISOLATED'],
  // A booking by legacy number is seen by reference only where the legacy number names the certificate, and bookings are kept and shown at all.
  'PV-2.2-LEGACY-BOOKING': ['PV-2.2-LEGACY', 'PV-3-CREATE', 'PV-2.1-BOOKINGINFO'],
  // A token can be judged over its life only where a valid one is accepted at all, and against the
  // life its expires_in states only where that states the real one.
  'PV-5-LIFETIME': ['PV-5-BEARER-ACCEPTED', 'PV-4.1-FORM', 'PV-2.4-EXPIRES'],
  // A repeated parameter's refusal tells something only where the token request the spec shows works;
  // an error's code, and its characters, only where the error carries one at all.
  'RFC6749-3.2-REPEATED': ['PV-4.1-FORM', 'RFC6749-5.2-ERROR-MEMBER'],
  'RFC6749-5.2-ERROR-CHARSET': ['RFC6749-5.2-ERROR-MEMBER'],
  'RFC6749-5.2-INVALID-REQUEST': ['RFC6749-5.2-ERROR-MEMBER'],
  'RFC6749-5.2-INVALID-CLIENT': ['RFC6749-5.2-ERROR-MEMBER'],
  'PV-2.1-EXTERNAL': ['PV-2.2-LEGACY'],
  // A certificate read by legacy number names its reference only where the legacy number resolves to it.
  'PV-2.1-REFERENCE': ['PV-2.2-LEGACY'],
  // A booking can be created only where a valid body is accepted, and removed only as the spec sends it (no body).
  'PV-3-CREATE': ['PV-2.3-ACCEPT', 'PV-3-REMOVE', 'PV-4.4-NO-BODY', 'PV-1-SINGLE'],
  'PV-3-REMOVE': ['PV-4.4-NO-BODY'],
  // expires_in can be 3600 only where it is a number at all.
  'PV-2.4-EXPIRES': ['PV-2.4-SHAPE'],
  // A grant refused for a parameter it carries was never judged as a grant.
  'RFC6749-5.2-UNSUPPORTED-GRANT': ['RFC6749-3.2-UNKNOWN-PARAM', 'RFC6749-5.2-ERROR-MEMBER'],
  // Only the exact secret authenticates: a raw, double-encoded or cut secret is one more near miss.
  'PV-4.1-ENCODING-STRICT': ['RFC6749-5.2-INVALID-CLIENT'],
  // A booking made before the run can be refused only where a second booking is refused at all; one
  // made through the old interface is one more booking not made through the new API, and is seen
  // only where a booked certificate shows its booking at all.
  'PV-3-CONFLICT-PRIOR': ['PV-3-CONFLICT'],
  'PV-2.6-LEGACY-CONFLICT': ['PV-3-CONFLICT-PRIOR', 'PV-3-CONFLICT', 'PV-2.1-BOOKINGINFO'],
  // Basic credentials are one more request without a valid bearer token.
  'PV-5-NO-BASIC': ['PV-5-BEARER-REQUIRED'],
  // "bearer" works only where a valid token works at all; a token sent with an unknown spelling was not sent.
  'RFC6750-2.1-SCHEME-CASE': ['PV-5-BEARER-ACCEPTED', 'PV-5-LIFETIME'],
  'RFC6750-3-INVALID-TOKEN': ['RFC6750-2.1-SCHEME-CASE'],
  // The 409's body follows the rules every problem follows.
  'PV-7-CONFLICT-BODY': ['PV-2.5-STATUS', 'PV-2.5-TYPE', 'PV-2.5-TITLE', 'PV-7-MEDIA'],
};
/**
 * The reverse, where the findings tell: a fresh token refused too reads as "valid tokens are not
 * accepted", unless the run also saw a token die while a newer one was accepted. Then valid tokens
 * are accepted, and the fresh one was ended like the others (a target keeping one token per client,
 * whose other workers' token requests end each new one): the dead token is the root.
 */
const FOLLOWS_FROM_FINDING: Partial<Record<string, { key: string; parent: string; parentKey: string }>> = {
  'PV-5-BEARER-ACCEPTED': { key: 'valid-token-refused', parent: 'PV-5-LIFETIME', parentKey: 'dead-token' },
};
/** Roots every other root follows from: nothing of the API can be judged where it is not served. */
const EVERYTHING_FOLLOWS_FROM = ['PV-9-PATH-VERSION'];

interface Root {
  clause: string;
  key: string;
  statement: string;
  statementIs: 'expectation' | 'observation';
}

function rootsOf(t: TestOutcome): Root[] {
  const r = readTest(t);
  // A check that held with SHOULD warnings: each warned clause is a root of its own (what to improve).
  // A warning the expectations file knows is no root: the partner has accepted it.
  if (r.kind === 'passed') return [...new Set(t.warnings.flatMap((w) => clauseIdsIn(w).slice(0, 1)))].filter((clause) => !t.knownDeviation?.startsWith(`${clause}:`)).map((clause) => ({ clause, key: `warning:${clause}`, statement: t.warnings.find((w) => w.includes(`[${clause}]`))!.replace(/^\[[^\]]+\]\s*/, ''), statementIs: 'expectation' as const }));
  if (r.kind !== 'failed') return [];
  // A failure the expectations file knows is no root either: the run's first line is for what is new.
  const known = (clause: string) => t.knownDeviation?.startsWith(`${clause}:`) === true;
  if (t.finding) return known(t.finding.clause) ? [] : [{ clause: t.finding.clause, key: t.finding.key, statement: t.finding.statement, statementIs: 'observation' }];
  const clause = r.clauses[0]!;
  if (known(clause)) return [];
  return [{ clause, key: `assertion:${clause}`, statement: r.message.replace(/^\[[^\]]+\]\s*/, ''), statementIs: 'expectation' }];
}

/** The clauses a failed test met besides its root: those it covers and those its errors name. */
function touched(t: TestOutcome, root: string): string[] {
  return [...new Set([...t.clauses, ...t.errors.flatMap(clauseIdsIn)])].filter((c) => c !== root);
}

const levelOf = (id: string): ClauseLevel => {
  try {
    return clauseOf(id as ClauseId).level;
  } catch {
    return 'MUST';
  }
};

/** Whether a failure did not happen again when its test ran alone. */
export function passedAlone(replay: ReplayResult | undefined): replay is ReplayResult {
  return replay !== undefined && replay.runs > 0 && replay.failed === 0;
}

/**
 * The root clauses of failures that did not pass alone: a bug of the target on its own. A test
 * failing on one of them that passed alone met the same bug through what ran before it (a traceId
 * repeated across tests, a state an earlier test left), not through concurrent requests.
 */
function confirmedRoots(tests: readonly TestOutcome[], replays: ReadonlyMap<string, ReplayResult>): Set<string> {
  return new Set(tests.filter((t) => !passedAlone(replays.get(t.title))).flatMap((t) => rootsOf(t).map((r) => r.clause)));
}

/** A failure its test did not repeat alone: the root moves to PV-3-ISOLATED, the test's own clause becomes a consequence. */
function isolated(root: Root, replay: ReplayResult | undefined, confirmed: ReadonlySet<string>): Root {
  if (!passedAlone(replay) || confirmed.has(root.clause)) return root;
  return {
    clause: 'PV-3-ISOLATED',
    key: 'interaction-dependent',
    statement: `"${replay.title}" failed beside other requests (${root.statement}) and passed alone ${replay.runs} time${replay.runs === 1 ? '' : 's'}: concurrent requests changed its results`,
    statementIs: 'observation',
  };
}

/**
 * The outcomes as the clause verdicts should read them once the replays are known: a failure that
 * did not repeat alone is charged to PV-3-ISOLATED, so the clause whose check happened to see it
 * reads "not run because PV-3-ISOLATED failed first", never failed.
 */
export function withReplays(tests: readonly TestOutcome[], replays: ReadonlyMap<string, ReplayResult>): TestOutcome[] {
  const confirmed = confirmedRoots(tests, replays);
  return tests.map((t) => {
    const replay = replays.get(t.title);
    if (readTest(t).kind !== 'failed' || !passedAlone(replay) || rootsOf(t).every((r) => confirmed.has(r.clause))) return t;
    const line = `[PV-3-ISOLATED] ${ROOT_CAUSE}: failed beside other requests, passed alone ${replay.runs} time${replay.runs === 1 ? '' : 's'}: concurrent requests changed its results`;
    return { ...t, clauses: t.clauses.includes('PV-3-ISOLATED') ? t.clauses : [...t.clauses, 'PV-3-ISOLATED'], errors: [...t.errors, line] };
  });
}

export function rootCauses(tests: readonly TestOutcome[], replays: ReadonlyMap<string, ReplayResult> = new Map()): RootCause[] {
  const byClause = new Map<string, RootCause>();
  const confirmed = confirmedRoots(tests, replays);
  const keys = new Map<string, Set<string>>();
  for (const t of tests) for (const found of rootsOf(t)) {
    const replay = replays.get(t.title);
    const root = isolated(found, replay, confirmed);
    if (!keys.has(root.clause)) keys.set(root.clause, new Set());
    keys.get(root.clause)!.add(root.key);
    const consequences = found.key.startsWith('warning:') ? [] : touched(t, root.clause);
    let rc = byClause.get(root.clause);
    if (!rc) {
      rc = { clause: root.clause, level: levelOf(root.clause), statement: root.statement, statementIs: root.statementIs, consequences: [], tests: [], evidence: [] };
      byClause.set(root.clause, rc);
    }
    if (replay) rc.replay = replay;
    rc.tests.push(t.title);
    for (const c of consequences) if (!rc.consequences.includes(c)) rc.consequences.push(c);
    for (const f of t.evidenceFiles ?? []) if (!rc.evidence.includes(f)) rc.evidence.push(f);
  }
  // A root that follows from another root of the run is its consequence. (Within a test, the
  // after-test readings already charged the most basic promise its answers showed broken.)
  const global = EVERYTHING_FOLLOWS_FROM.map((c) => byClause.get(c)).find((p) => p !== undefined);
  const byFinding = (rc: RootCause): RootCause | undefined => {
    const rule = FOLLOWS_FROM_FINDING[rc.clause];
    if (!rule || [...(keys.get(rc.clause) ?? [])].some((k) => k !== rule.key) || !keys.get(rule.parent)?.has(rule.parentKey)) return undefined;
    return byClause.get(rule.parent);
  };
  for (const rc of [...byClause.values()]) {
    const parent = byFinding(rc) ?? FOLLOWS_FROM[rc.clause]?.map((c) => byClause.get(c)).find((p) => p !== undefined && byFinding(p)?.clause !== rc.clause) ?? (rc === global ? undefined : global);
    if (!parent) continue;
    byClause.delete(rc.clause);
    for (const c of [rc.clause, ...rc.consequences]) if (c !== parent.clause && !parent.consequences.includes(c)) parent.consequences.push(c);
    for (const title of rc.tests) if (!parent.tests.includes(title)) parent.tests.push(title);
  }
  // MUST roots first, then by how many tests met them.
  const rank = { MUST: 0, SHOULD: 1, INFO: 2 } as const;
  return [...byClause.values()]
    .sort((a, b) => rank[a.level] - rank[b.level] || b.tests.length - a.tests.length);
}
