import { _baseTest as test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  clauseFeature,
  clauseLabels,
  clauseLinks,
  githubAnchor,
  rfcUrl,
  SPEC_SECTIONS,
  specHeading,
  sourceRefs,
} from './allure-labels.ts';
import { clauses } from '../../fixtures/contract/clauses.ts';

test.describe('Allure labels from the clause catalogue', () => {
  test('a MUST clause gives epic, feature, story, severity critical and a spec link', () => {
    const { labels, links } = clauseLabels(['PV-3-CONFLICT']);
    const value = (name: string) => labels.filter((l) => l.name === name).map((l) => l.value);
    expect(value('epic')).toEqual(['Booking']);
    expect(value('feature')).toEqual(['§3 States and transitions']);
    expect(value('story')[0]).toMatch(/^PV-3-CONFLICT: Booking a booked certificate is 409/);
    expect(value('severity')).toEqual(['critical']);
    expect(value('clause')).toEqual(['PV-3-CONFLICT']);
    expect(links.map((l) => l.url)).toEqual([
      '../../docs/partner-voucher-api.md#3-states-and-transitions',
      '../../docs/partner-voucher-api.md#43-set-a-voucher-certificate-booked',
      '../../docs/partner-voucher-api.md#7-errors',
    ]);
  });

  test('severity follows the strictest level; SHOULD alone is minor, INFO alone trivial', () => {
    const severity = (ids: string[]) =>
      clauseLabels(ids)
        .labels.filter((l) => l.name === 'severity')
        .map((l) => l.value);
    expect(severity(['RFC6749-5.1-PRAGMA', 'RFC6749-5.1-NO-STORE'])).toEqual(['critical']);
    expect(severity(['RFC6749-5.1-PRAGMA'])).toEqual(['minor']);
    expect(severity(['PV-3-REMOVE-UNBOOKED'])).toEqual(['trivial']);
    expect(severity(['NOT-A-CLAUSE'])).toEqual([]);
  });

  test('a warning adds the warning tag and names the clause; the test is not made to fail', () => {
    const { labels } = clauseLabels(['RFC6749-5.1-PRAGMA'], { warnings: ['[RFC6749-5.1-PRAGMA] no Pragma: no-cache'] });
    expect(labels).toContainEqual({ name: 'tag', value: 'warning' });
    expect(labels).toContainEqual({ name: 'warning', value: 'RFC6749-5.1-PRAGMA' });
  });

  test('RFC clauses link to rfc-editor.org sections and appendices', () => {
    expect(clauseLinks({ id: 'PV-4.1-ENCODED', source: 'RFC 6749 App. B' }).map((l) => l.url)).toEqual([
      'https://www.rfc-editor.org/rfc/rfc6749#appendix-B',
    ]);
    expect(sourceRefs('spec §2.4; RFC 6749 §5.1, §7.1').map((r) => `${r.kind}:${r.rfc}:${r.ref}`)).toEqual([
      'spec::2.4',
      'rfc:6749:5.1',
      'rfc:6749:7.1',
    ]);
    expect(rfcUrl('9457', '3.2')).toBe('https://www.rfc-editor.org/rfc/rfc9457#section-3.2');
    expect(clauseFeature({ id: 'RFC6750-3-CHALLENGE', source: 'RFC 6750 §3' })).toBe('RFC 6750 §3');
  });

  test('every catalogue clause gets an epic, a feature, a story and at least one link', () => {
    for (const c of clauses) {
      const { labels, links } = clauseLabels([c.id]);
      for (const name of ['epic', 'feature', 'story', 'severity'])
        expect(
          labels.some((l) => l.name === name),
          `${c.id} ${name}`,
        ).toBe(true);
      expect(links.length, `${c.id} links`).toBeGreaterThan(0);
    }
  });

  test('section titles and anchors match the headings of the spec copy', () => {
    const headings = readFileSync('docs/partner-voucher-api.md', 'utf8')
      .split('\n')
      .filter((l) => /^#{2,3} /.test(l))
      .map((l) => l.replace(/^#+ /, ''));
    for (const section of Object.keys(SPEC_SECTIONS)) expect(headings, section).toContain(specHeading(section));
    expect(githubAnchor('2.1 Voucher certificate (response model name: VoucherCertificateApiModel)')).toBe(
      '21-voucher-certificate-response-model-name-vouchercertificateapimodel',
    );
  });
});
