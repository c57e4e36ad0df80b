/**
 * What one mutation run covers: every fault and every conformant variant (plus the reference's own
 * defaults, the control), each becoming one Playwright project with its own reference API.
 *
 * A fault runs only the tests tagged with its clause (only those can kill it); variants run
 * everything, to prove no false alarm anywhere.
 */
import { clause, type ClauseId, type ClauseLevel } from '../../fixtures/clauses.ts';
import { faultCatalogue, faultNames, variantCatalogue, variantNames } from '../../fixtures/reference-api/index.ts';
import type { ReferenceOverride } from '../../fixtures/worker-reference.ts';

/** Suites run for a fault only when they cover its clause (slow: fast-check runs, race trials). */
export const SELECTIVE_SUITES = ['suites/properties/', 'suites/race/'] as const;

/** The control row: the reference API exactly as shipped, which must pass like any variant. */
export const CONTROL_NAME = 'reference-default';

export type TargetKind = 'fault' | 'variant';

export interface MutationTarget {
  name: string;
  kind: TargetKind;
  /** The clause a fault breaks; variants break none. */
  clause?: ClauseId;
  level?: ClauseLevel;
  description: string;
  /** Playwright project name: kind-prefixed, as fault and variant names may coincide. */
  project: string;
  override: ReferenceOverride;
  /** Spec files (repo-relative) of SELECTIVE_SUITES this target runs. Variants: all of them. */
  selectiveFiles: string[];
}

export interface MutationPlan {
  runId: string;
  reportDir: string;
  /** Every spec file of SELECTIVE_SUITES with the clauses its tests cover. */
  selective: Record<string, ClauseId[]>;
  targets: MutationTarget[];
}

export function projectName(kind: TargetKind, name: string): string {
  return `${kind}:${name}`;
}

export function allTargets(selective: Record<string, ClauseId[]>): MutationTarget[] {
  const files = Object.keys(selective).sort();
  const faults = faultNames.map((name): MutationTarget => {
    const info = faultCatalogue[name];
    return {
      name,
      kind: 'fault',
      clause: info.clause,
      level: clause(info.clause).level,
      description: info.description,
      project: projectName('fault', name),
      override: { faults: [name] },
      selectiveFiles: files.filter((f) => selective[f]!.includes(info.clause)),
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

/** The targets `--only NAME` (repeatable) selects, or an error naming the closest names. */
export function selectTargets(targets: MutationTarget[], only: readonly string[] | undefined): MutationTarget[] {
  if (only === undefined || only.length === 0) return targets;
  const picked: MutationTarget[] = [];
  for (const name of only) {
    const hit = targets.filter((t) => t.name === name || t.project === name);
    if (hit.length === 0) {
      const close = closestNames(name, targets.map((t) => t.name));
      throw new Error(`unknown fault or variant "${name}".${close.length ? ` Did you mean: ${close.join(', ')}?` : ''} (all names: fixtures/reference-api/faults.ts, variants.ts, and ${CONTROL_NAME})`);
    }
    for (const t of hit) if (!picked.includes(t)) picked.push(t);
  }
  return picked;
}

export function closestNames(name: string, names: string[], max = 5): string[] {
  const q = name.toLowerCase();
  const scored = names.map((n) => {
    const contains = n.includes(q) || q.includes(n) ? 0 : 1;
    return { n, score: contains * 100 + editDistance(q, n) };
  });
  scored.sort((a, b) => a.score - b.score || a.n.localeCompare(b.n));
  const limit = Math.max(3, Math.floor(q.length / 2));
  return scored.filter((s) => s.score < 100 || s.score - 100 <= limit).slice(0, max).map((s) => s.n);
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const cur = [i];
    for (let j = 1; j <= b.length; j += 1) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}
