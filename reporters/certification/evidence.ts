/**
 * The evidence of what broke, as real files a release manager can open and run: for every test that
 * failed on a clause (or could not complete), its redacted HTTP exchanges and curl reproducer under
 * certification/evidence/<clause>/<case>/, linked from the certification page. <case> is a short
 * name of the test (`second-booking-by-legacy-number`); the full title is in the folder's test.txt.
 */
import { stripAnsi } from '../../fixtures/harness/support/ansi.ts';
import type { TestResult } from '@playwright/test/reporter';
import { redact } from '../../fixtures/harness/http/redact.ts';

/** The attachments worth keeping, by file name. */
const KEPT = ['http-exchanges.json', 'reproduce.sh', 'counterexample-exchanges.json', 'race-trial.json'];

export type EvidenceFiles = Map<string, string>;

/** Words that end a test title's subject ("a second booking by legacy number | is refused …"). */
const PREDICATE = new Set([
  'is',
  'are',
  'was',
  'were',
  'gets',
  'yield',
  'yields',
  'returns',
  'answers',
  'follows',
  'refuses',
  'refused',
  'accepts',
  'reads',
  'resolves',
  'records',
  'issues',
  'ignores',
  'says',
  'needs',
  'never',
  'cannot',
  'works',
  'grants',
  'end',
  'ends',
  'remove',
  'removes',
  'holds',
  'keeps',
  'carries',
  'should',
  'must',
  'can',
  'served',
  'does',
]);
const ARTICLE = new Set(['a', 'an', 'the']);
/** Words a name does not end on ("… with http basic with" → "… with http basic"). */
const DANGLING = new Set(['and', 'or', 'with', 'of', 'at', 'to', 'in', 'for', 'as', 'on', 'by']);
const MAX_WORDS = 6;
const MAX_CHARS = 48;

/** The subject words of one title segment: up to its predicate (once two words are in), without articles. */
function subject(segment: string): string[] {
  const words = segment
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/,\s*seed \d+$/, '')
    .split(/\s+/)
    .filter(Boolean);
  const picked: string[] = [];
  for (const word of words) {
    if (picked.length >= MAX_WORDS) break;
    const bare = word.replace(/[,;:]$/, '');
    // A predicate before two words is the title opening with its verb ("is refused POST booking …").
    if (PREDICATE.has(bare) && picked.length >= 2) break;
    if (!PREDICATE.has(bare) && !ARTICLE.has(bare.toLowerCase())) picked.push(bare);
    if (bare !== word && picked.length >= 1) break;
  }
  while (picked.length > 1 && DANGLING.has(picked[picked.length - 1]!.toLowerCase())) picked.pop();
  return picked;
}

/**
 * A short, readable folder name for a test: the subject of its last title segment, without
 * articles, the clause list or the seed (`a second booking by legacy number is refused with 409 …`
 * → `second-booking-by-legacy-number`); a subject of one word gets its group's in front.
 */
export function caseName(title: string): string {
  const segments = title.split(' › ');
  let words = subject(segments[segments.length - 1]!);
  if (words.length < 2 && segments.length > 1)
    words = [...subject(segments[segments.length - 2]!).slice(0, 4), ...words];
  let name = words
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  while (name.length > MAX_CHARS && name.includes('-')) name = name.slice(0, name.lastIndexOf('-'));
  return name.slice(0, MAX_CHARS) || 'test';
}

/** The kept attachments of a test result, as file name → redacted text. */
export function attachmentsOf(result: Pick<TestResult, 'attachments'>): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of result.attachments) {
    if (KEPT.includes(a.name) && a.body) out.set(a.name, redact(a.body.toString('utf8')));
  }
  return out;
}

/** What the folder's test.txt says: which test the files are the evidence of. */
function testNote(clause: string, test: { title: string; file?: string; errors?: readonly string[] }): string {
  const error = stripAnsi(test.errors?.[0] ?? '')
    .split('\n')
    .slice(0, 8)
    .join('\n');
  const lines = [
    `clause: ${clause}`,
    `test: ${test.title}`,
    ...(test.file ? [`file: ${test.file}`] : []),
    ...(error ? ['', 'first error:', error] : []),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Adds one test's files under evidence/<clause>/<case>/ (a second test of the same short name gets
 * `-2`, …) with a test.txt naming the test, and returns the paths of its files (relative to the report).
 */
export function addEvidence(
  files: EvidenceFiles,
  clause: string,
  test: { title: string; file?: string; errors?: readonly string[] },
  attachments: Map<string, string>,
): string[] {
  const base = `evidence/${clause}/${caseName(test.title)}`;
  let dir = base;
  for (let n = 2; [...files.keys()].some((k) => k.startsWith(`${dir}/`)); n += 1) dir = `${base}-${n}`;
  files.set(`${dir}/test.txt`, redact(testNote(clause, test)));
  return [...attachments].map(([name, body]) => {
    const rel = `${dir}/${name}`;
    files.set(rel, body);
    return rel;
  });
}
