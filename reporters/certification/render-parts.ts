import { certificationPart } from '../../fixtures/judgement/index.ts';
import type { CertificationResults, ClauseResult, Verdict } from '../../fixtures/judgement/index.ts';
import { CLAUSE_ADVICE } from '../../fixtures/contract/clause-advice.ts';
import { clause, type ClauseId } from '../../fixtures/contract/clauses.ts';

export const ICON: Record<Verdict, string> = {
  pass: 'PASS',
  fail: 'FAIL',
  warning: 'WARN',
  observation: 'INFO',
  partial: 'PARTIAL',
  'not-tested': 'NOT TESTED',
  'not-run': 'NOT RUN',
  'not-applicable': 'N/A',
};
export const BANNER: Record<CertificationResults['verdict'], string> = {
  CONFORMANT: 'ok',
  'CONFORMANT ON WHAT WAS TESTED': 'unsure',
  'NOT CONFORMANT': 'ko',
  INCONCLUSIVE: 'unsure',
  'CONFIG ERROR': 'unsure',
};

/** MUST clauses not fully tested (partial, not tested, not run), each with what held and why the rest did not run. */
export const untested = (r: CertificationResults) =>
  r.clauses.filter(
    (c) =>
      c.level === 'MUST' &&
      (c.verdict === 'partial' || c.verdict === 'not-tested' || (c.verdict === 'not-run' && !c.incomplete)),
  );

export const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
export const md = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
export const anchor = (id: string) => `clause-${id}`;
export const fileName = (p: string) => p.split('/').pop() ?? p;

/** The certification's part of the release decision: GO, NO-GO or INCONCLUSIVE, with the reasons. */
export function decisionOf(r: CertificationResults): {
  decision: 'GO' | 'NO-GO' | 'INCONCLUSIVE';
  reasons: string[];
  warnings: string[];
} {
  const part = certificationPart(r);
  const decision = r.verdict === 'INCONCLUSIVE' ? 'INCONCLUSIVE' : part.reasons.length === 0 ? 'GO' : 'NO-GO';
  return { decision, reasons: part.reasons, warnings: part.warnings };
}

/** Failed MUST clauses first, then failed SHOULD (warnings) clauses. */
export const broken = (r: CertificationResults) =>
  r.clauses.filter((c) => c.verdict === 'fail').concat(r.clauses.filter((c) => c.verdict === 'warning'));

export function failureNotes(c: ClauseResult): string[] {
  const notes = c.evidence.filter((e) => !e.startsWith('observed:') && !e.startsWith('warning:'));
  return notes.length > 0 ? notes : c.evidence.slice(0, 1);
}

/** The implementers' page, from a report in the checkout's reports/certification/ (where certify writes it). */
export const IMPLEMENTERS = '../../docs/implementers.md';

/** What a server must do to pass a clause: the implementers' advice, else the clause's own summary. */
export function mustDo(id: string): string {
  return CLAUSE_ADVICE[id as ClauseId] ?? clause(id as ClauseId).summary;
}
