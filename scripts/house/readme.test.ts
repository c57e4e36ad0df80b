/**
 * The README is read by a partner in five minutes: at most 600 words before its "More" section, no sentence over
 * 40 words. Its sample output and example config are checked against real runs by scripts/readme.e2e.ts.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';

const README = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
const MAX_WORDS = 600;
const MAX_SENTENCE_WORDS = 40;

/** What comes before the first "More" heading: the part a partner reads through. */
export function beforeMore(markdown: string): string {
  const at = markdown.search(/^## More\b/m);
  return at < 0 ? markdown : markdown.slice(0, at);
}

/** Words as `wc -w` counts them, code included: a partner reads the config example too. */
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The prose's sentences: code blocks left out, list items, table cells and headings each end one. */
export function sentences(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '\n\n');
  return prose
    .split(/\n\s*\n|\n\s*(?:[-*]|\d+\.)\s|\n#+\s|\||(?<=[.!?:;])\s+(?=[A-Z`*[(])/)
    .map((s) =>
      s
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^(?:[-*]|\d+\.|#+)\s+/, ''),
    )
    .filter(Boolean);
}

test(`the README has at most ${MAX_WORDS} words before its "More" section`, () => {
  expect(README).toMatch(/^## More\b/m);
  expect(wordCount(beforeMore(README))).toBeLessThanOrEqual(MAX_WORDS);
});

test(`no sentence of the README is over ${MAX_SENTENCE_WORDS} words`, () => {
  const long = sentences(README).filter((s) => wordCount(s) > MAX_SENTENCE_WORDS);
  expect(long).toEqual([]);
});

test('the counts see code, lists, tables and sentence ends', () => {
  expect(wordCount('a b\n\n```\nc d\n```\n')).toBe(6);
  expect(sentences('One two. Three four\n\n- five\n- six\n| a | b |\n```\nx. Y\n```\n')).toEqual([
    'One two.',
    'Three four',
    'five',
    'six',
    'a',
    'b',
  ]);
  expect(beforeMore('x\n## More\ny')).toBe('x\n');
});
