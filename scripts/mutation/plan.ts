/**
 * What one mutation run covers: every fault and every conformant variant (plus the reference's own
 * defaults, the control), each becoming one Playwright project with its own reference API.
 *
 * A fault runs only the tests tagged with its clause (only those can kill it); variants run
 * everything, to prove no false alarm anywhere.
 */
import { clause, type ClauseId, type ClauseLevel } from '../../fixtures/contract/clauses.ts';
import { closestNames } from '../../fixtures/contract/close-names.ts';
import {
  faultCatalogue,
  faultNames,
  variantCatalogue,
  variantNames,
  type FaultInfo,
} from '../../fixtures/reference-api/index.ts';
import type { ReferenceOverride } from '../../fixtures/environments/worker-reference.ts';
import { REDUCTIONS, type Reduction } from '../../fixtures/environments/reduced.ts';
import type { ServingTarget } from '../../fixtures/contract/needs.ts';
import type { DeclaredTest } from '../../fixtures/harness/run/run-context.ts';

/** Suites run for a fault only when they cover its clause (slow: fast-check runs, race trials). */
export const SELECTIVE_SUITES = ['suites/properties/', 'suites/race/'] as const;

/** The control row: the reference API exactly as shipped, which must pass like any variant. */
export const CONTROL_NAME = 'reference-default';

/** fault: the full config must kill it; variant: must pass; reduced: a fault under a thinner config, whose clause must
 * never PASS. */
export type TargetKind = 'fault' | 'variant' | 'reduced';

export interface MutationTarget {
  name: string;
  kind: TargetKind;
  /** The clause a fault breaks; variants break none. */
  clause?: ClauseId;
  /** A reduced target: the fault it carries and the reduction of the config. */
  fault?: string;
  reduction?: Reduction;
  level?: ClauseLevel;
  description: string;
  /** Playwright project name: kind-prefixed, as fault and variant names may coincide. */
  project: string;
  override: ReferenceOverride;
  /** Spec files (repo-relative) of SELECTIVE_SUITES this target runs. Variants: all of them. */
  selectiveFiles: string[];
  /** Clauses besides its own a fault's nature spans (the fault catalogue says why): root causes it may be named by too.
   * */
  alsoNamed?: ClauseId[];
}

export interface MutationPlan {
  runId: string;
  reportDir: string;
  /** Every spec file of SELECTIVE_SUITES with the clauses its tests cover. */
  selective: Record<string, ClauseId[]>;
  targets: MutationTarget[];
  /** Every conformance test as declared (the checks the reduced targets' verdicts are bound to). */
  universe: DeclaredTest[];
  /** What the local config serves under each reduction. */
  serving: Partial<Record<Reduction, ServingTarget>>;
  /** Which fault × reduction pairs this run covers (README: the rotation). */
  reducedPairs: string;
}

export function projectName(kind: TargetKind, name: string): string {
  return `${kind}:${name}`;
}

export function allTargets(selective: Record<string, ClauseId[]>): MutationTarget[] {
  const files = Object.keys(selective).sort();
  const faults = faultNames.map((name): MutationTarget => {
    const info: FaultInfo = faultCatalogue[name];
    return {
      name,
      kind: 'fault',
      clause: info.clause,
      level: clause(info.clause).level,
      description: info.description,
      project: projectName('fault', name),
      override: {
        faults: [name],
        ...(info.caughtWith?.tokenHoldSeconds !== undefined
          ? { tokenHoldSeconds: info.caughtWith.tokenHoldSeconds }
          : {}),
        ...(info.caughtWith?.userSecrets ? { userSecrets: info.caughtWith.userSecrets } : {}),
        ...(info.leavesOut ? { leaveOut: [...info.leavesOut] } : {}),
      },
      selectiveFiles: info.everySuite ? files : files.filter((f) => selective[f]!.includes(info.clause)),
      ...(info.alsoNamed ? { alsoNamed: [...info.alsoNamed.clauses] } : {}),
    };
  });
  const variant = (name: string, description: string, override: ReferenceOverride): MutationTarget => ({
    name,
    kind: 'variant',
    description,
    project: projectName('variant', name),
    override,
    selectiveFiles: files,
  });
  return [
    ...faults,
    variant(CONTROL_NAME, 'The reference API as shipped (control: must pass like any variant).', {}),
    ...variantNames.map((name) => variant(name, variantCatalogue[name].description, { variant: name })),
  ];
}

/** Which reductions each fault is certified under: all of them, none, or one per fault turning with `rotation`. */
export type ReducedChoice = 'all' | 'none' | { rotation: number };

/**
 * The reduced targets of the chosen faults: fault i under reduction (i + rotation) mod 5, so five
 * consecutive rotations cover every pair; INFO faults have no PASS to guard against.
 */
export function reducedTargets(faults: MutationTarget[], choice: ReducedChoice): MutationTarget[] {
  if (choice === 'none') return [];
  const guarded = faults.filter((f) => f.kind === 'fault' && f.level !== 'INFO');
  return guarded.flatMap((f, i) => {
    const reductions = choice === 'all' ? [...REDUCTIONS] : [REDUCTIONS[(i + choice.rotation) % REDUCTIONS.length]!];
    return reductions.map(
      (r): MutationTarget => ({
        ...f,
        kind: 'reduced',
        name: `${f.name}@${r}`,
        fault: f.name,
        reduction: r,
        project: projectName('reduced', `${r}:${f.name}`),
        override: { ...f.override, reduce: r },
      }),
    );
  });
}

/** Today's rotation: the day of the year, so daily CI runs walk through every pair within five days. */
export function defaultRotation(now = new Date()): number {
  return Math.floor((now.getTime() - Date.UTC(now.getUTCFullYear(), 0, 1)) / 86_400_000) % REDUCTIONS.length;
}

/** The targets `--only NAME` (repeatable) selects, or an error naming the closest names. */
export function selectTargets(targets: MutationTarget[], only: readonly string[] | undefined): MutationTarget[] {
  if (only === undefined || only.length === 0) return targets;
  const picked: MutationTarget[] = [];
  for (const name of only) {
    const hit = targets.filter((t) => t.name === name || t.project === name);
    if (hit.length === 0) {
      const close = closestNames(
        name,
        targets.map((t) => t.name),
      );
      throw new Error(
        `unknown fault or variant "${name}".${close.length ? ` Did you mean: ${close.join(', ')}?` : ''} (all ` +
          `names: fixtures/reference-api/faults/faults.ts, variants.ts, and ${CONTROL_NAME})`,
      );
    }
    for (const t of hit) if (!picked.includes(t)) picked.push(t);
  }
  return picked;
}
