/**
 * Allure labels and links derived from the clause catalogue, so the report's behaviour tree is the
 * spec: epic = spec area, feature = section, story = clause, severity = level. Pure functions; the
 * Allure reporter (reporters/allure/reporter.ts) applies them to each test result.
 */
import { clauseIdsIn, clauses, type Clause, type ClauseLevel } from '../../fixtures/contract/clauses.ts';

export interface AllureLabel {
  name: string;
  value: string;
}

export interface AllureLink {
  type: string;
  name: string;
  url: string;
}

/**
 * Where clause links point. The one place to change: set PVH_SPEC_URL to the hosted copy of
 * docs/partner-voucher-api.md (e.g. its GitHub blob URL). The default is relative to the report
 * (reports/allure-report/index.html -> docs/), which works when the report is opened in a checkout.
 */
export const SPEC_URL = process.env.PVH_SPEC_URL ?? '../../docs/partner-voucher-api.md';
export const RFC_URL = 'https://www.rfc-editor.org/rfc';

export const SEVERITY: Record<ClauseLevel, 'critical' | 'minor' | 'trivial'> = {
  MUST: 'critical',
  SHOULD: 'minor',
  INFO: 'trivial',
};

/** Suite labels: the release report separates the certification from the harness's own tests. */
export const PARENT_SUITE = { conformance: 'Conformance', harness: 'Harness self-tests', load: 'Load' } as const;

/** Section headings of the spec (docs/partner-voucher-api.md), for features and link anchors. */
export const SPEC_SECTIONS: Record<string, string> = {
  '1': 'What the service does',
  '2': 'Resources and their fields',
  '2.1': 'Voucher certificate (response model name: VoucherCertificateApiModel)',
  '2.2': 'Identifiers',
  '2.3': 'Booking request (sent to the set-booked operation)',
  '2.4': 'Token response',
  '2.5': 'Problem details (error body)',
  '2.6': 'Legacy booking item (old interface, for migration only)',
  '3': 'States and transitions',
  '4': 'Endpoints',
  '4.1': 'Obtain a token',
  '4.2': 'Get a voucher certificate',
  '4.3': 'Set a voucher certificate booked',
  '4.4': 'Remove the booking of a voucher certificate',
  '5': 'Authentication',
  '6': 'Events',
  '7': 'Errors',
  '8': 'Limits',
  '9': 'Versioning',
};

/** The heading text as written in the spec: top-level sections carry a dot ("## 3. States ..."). */
export function specHeading(section: string): string | undefined {
  const title = SPEC_SECTIONS[section];
  if (!title) return undefined;
  return section.includes('.') ? `${section} ${title}` : `${section}. ${title}`;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function githubAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function specSectionUrl(section: string): string {
  const heading = specHeading(section);
  return heading ? `${SPEC_URL}#${githubAnchor(heading)}` : SPEC_URL;
}

/** rfc-editor.org anchors: `#section-5.1`, `#appendix-B`. */
export function rfcUrl(rfc: string, ref?: string): string {
  if (!ref) return `${RFC_URL}/rfc${rfc}`;
  return ref.startsWith('App')
    ? `${RFC_URL}/rfc${rfc}#appendix-${ref.replace(/^App\.?\s*/, '')}`
    : `${RFC_URL}/rfc${rfc}#section-${ref}`;
}

/** The clause's home section: `PV-2.3-DATE` -> "2.3"; RFC clauses -> "RFC 6749 §5.2". */
export function clauseFeature(c: Pick<Clause, 'id' | 'source'>): string {
  const pv = /^PV-(\d+(?:\.\d+)?)-/.exec(c.id);
  if (pv) {
    const section = pv[1]!;
    const title = SPEC_SECTIONS[section];
    return title ? `§${section} ${title.replace(/\s*\(.*\)$/, '')}` : `§${section}`;
  }
  const first = sourceRefs(c.source).find((r) => r.kind === 'rfc');
  return first ? `RFC ${first.rfc} ${first.ref.startsWith('App') ? first.ref : `§${first.ref}`}` : c.source;
}

interface SourceRef {
  kind: 'spec' | 'rfc';
  rfc: string;
  ref: string;
}

/** Every section a clause's source names: "spec §2.4; RFC 6749 §5.1, §7.1" -> spec 2.4, RFC 6749 5.1 and 7.1. */
export function sourceRefs(source: string): SourceRef[] {
  const refs: SourceRef[] = [];
  for (const part of source.split(';').map((p) => p.trim())) {
    const rfc = /^RFC\s*(\d+)/.exec(part);
    if (rfc) {
      const sections = [...part.matchAll(/§\s*(\d+(?:\.\d+)*)/g)].map((m) => m[1]!);
      const appendix = /App\.\s*([A-Z])/.exec(part);
      if (appendix) sections.push(`App. ${appendix[1]}`);
      for (const ref of sections.length > 0 ? sections : ['']) refs.push({ kind: 'rfc', rfc: rfc[1]!, ref });
    } else if (/^spec\b/.test(part)) {
      for (const m of part.matchAll(/§\s*(\d+(?:\.\d+)?)/g)) refs.push({ kind: 'spec', rfc: '', ref: m[1]! });
    }
  }
  return refs;
}

export function clauseLinks(c: Pick<Clause, 'id' | 'source'>): AllureLink[] {
  const seen = new Set<string>();
  const links: AllureLink[] = [];
  for (const r of sourceRefs(c.source)) {
    const link: AllureLink =
      r.kind === 'spec'
        ? { type: 'spec', name: `${c.id}: spec §${r.ref}`, url: specSectionUrl(r.ref) }
        : {
            type: 'rfc',
            name: `${c.id}: RFC ${r.rfc}${r.ref ? ` ${r.ref.startsWith('App') ? r.ref : `§${r.ref}`}` : ''}`,
            url: rfcUrl(r.rfc, r.ref || undefined),
          };
    if (seen.has(link.url)) continue;
    seen.add(link.url);
    links.push(link);
  }
  return links;
}

const byId = new Map<string, Clause>(clauses.map((c) => [c.id, c]));
const LEVEL_ORDER: ClauseLevel[] = ['MUST', 'SHOULD', 'INFO'];

export interface ClauseNotes {
  warnings?: string[];
  observations?: string[];
  knownDeviation?: string;
}

/**
 * Labels and links for a test that covers `ids` (unknown IDs are ignored; the first places the test
 * in the tree). Warnings (SHOULD) keep
 * the test passed but add the tag `warning` and a `warning` label per clause, so the "Warning
 * (SHOULD)" category of allurerc.mjs can pick the test up.
 */
export function clauseLabels(
  ids: readonly string[],
  notes: ClauseNotes = {},
): { labels: AllureLabel[]; links: AllureLink[] } {
  const known = [...new Set(ids)].map((id) => byId.get(id)).filter((c): c is Clause => c !== undefined);
  const labels: AllureLabel[] = [];
  const add = (name: string, value: string) => {
    if (!labels.some((l) => l.name === name && l.value === value)) labels.push({ name, value });
  };
  // One tree position per test (the tree groups by epic and feature): the first clause the test
  // covers places it; every clause stays a label (story, clause, tag) to filter by.
  const home = known[0];
  if (home) {
    add('epic', home.area);
    add('feature', clauseFeature(home));
    add('story', `${home.id}: ${home.summary}`);
  }
  for (const c of known) {
    add('clause', c.id);
    add('tag', c.id);
    add('level', c.level);
  }
  const top = LEVEL_ORDER.find((l) => known.some((c) => c.level === l));
  if (top) add('severity', SEVERITY[top]);
  const warned = (notes.warnings ?? []).flatMap(clauseIdsIn);
  if ((notes.warnings ?? []).length > 0) add('tag', 'warning');
  for (const id of warned) add('warning', id);
  if ((notes.observations ?? []).length > 0) add('tag', 'observation');
  if (notes.knownDeviation) add('tag', 'known-deviation');
  return { labels, links: known.flatMap(clauseLinks) };
}

/** Markdown description listing warnings, observations and a known deviation, if any. */
export function clauseDescription(notes: ClauseNotes): string | undefined {
  const parts: string[] = [];
  if (notes.warnings?.length)
    parts.push(
      '**SHOULD warnings** (the test passed; these do not block a release):',
      ...notes.warnings.map((w) => `- ${w}`),
    );
  if (notes.observations?.length)
    parts.push('', '**Observations** (spec-silent behaviour, recorded):', ...notes.observations.map((o) => `- ${o}`));
  if (notes.knownDeviation) parts.push('', `**Known deviation**: ${notes.knownDeviation}`);
  return parts.length > 0 ? parts.join('\n').trim() : undefined;
}
