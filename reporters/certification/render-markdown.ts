/** The certification as Markdown (SUMMARY.md), for a release manager who reads no code: verdict and decision first. */
import { networkLines } from '../../fixtures/judgement/index.ts';
import { paceLine } from '../../fixtures/judgement/index.ts';
import { describeSince } from '../../fixtures/judgement/index.ts';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';
import { coverageAfterVerdict, summaryLine } from '../../fixtures/judgement/index.ts';
import { skipReason } from '../../fixtures/judgement/index.ts';
import {
  consequenceIds,
  rootCausesHeadline,
  rootCauseText,
  stepsText,
  suspectedText,
} from '../../fixtures/judgement/index.ts';
import { describeSetting } from '../../fixtures/harness/preflight/assumed-settings.ts';
import { ICON, untested, md, decisionOf, broken, failureNotes, IMPLEMENTERS, mustDo } from './render-parts.ts';

export function renderMarkdown(r: CertificationResults): string {
  const d = decisionOf(r);
  const gateNote = d.reasons.length ? '' : ' (npm run gate adds the Allure quality gate and k6 thresholds)';
  const accepted = r.acceptedGaps.map((g) => `**${g.clause}**: ${md(g.reasons.join('; '))}`).join(' · ');
  const commit = r.run.commit ? `, commit ${r.run.commit}` : '';
  const rtt = r.run.rttMs !== undefined ? `, round-trip time ${r.run.rttMs} ms` : '';
  const lines = [
    `# Partner Voucher API certification: ${r.run.environment}`,
    '',
    `**${summaryLine(r)}**`,
    '',
    `**Release decision from this certification: ${d.decision}**${gateNote}`,
    ...d.reasons.map((x) => `- ${md(x)}`),
    ...(r.acceptedGaps.length ? ['', `Accepted gaps (the config's, not tested): ${accepted}`] : []),
    '',
    `- Run ${r.run.id}, started ${r.run.startedAt}, harness ${r.run.harnessVersion}, Node ${r.run.node}${commit}`,
    `- Target: API ${r.run.baseUrl || '(unknown)'}, token endpoint ${r.run.authUrl || '(unknown)'}${rtt}`,
    ...networkLines(r).map((x) => `- ${x.startsWith('WARNING') ? `**${md(x)}**` : md(x)}`),
    ...[paceLine(r)].flatMap((x) => (x ? [`- ${md(x)}`] : [])),
    ...(r.sinceLast
      ? [`- What changed ${describeSince(r.sinceLast)}`]
      : r.lastRun
        ? [
            '- This run tested nothing, so nothing is compared; ' +
              `the last complete run of this environment: ${r.lastRun.runId} ` +
              `(${r.lastRun.finishedAt}, ${r.lastRun.verdict}), its report in reports/certification/`,
          ]
        : []),
    ...(r.run.settings?.length
      ? [
          '- Settings this run assumed (from the config unless marked):',
          ...r.run.settings.map((s) => `  - ${md(describeSetting(s))}`),
        ]
      : []),
    '',
  ];
  if (r.causes.length > 0) {
    lines.push(r.verdict === 'INCONCLUSIVE' ? '## Why the verdict is INCONCLUSIVE' : '## Also noted', '');
    for (const c of r.causes) lines.push(`- ${md(c)}`);
    lines.push('');
  }
  if (r.rootCauses.length > 0) {
    lines.push(
      `## ${rootCausesHeadline(r.rootCauses).replace(/^root causes/, 'Root causes')}`,
      '',
      'Each is one broken promise, with the clauses it left not fully tested: fix these, and the clauses below follow.',
      '',
    );
    r.rootCauses.forEach((c, i) => {
      lines.push(`${i + 1}. ${md(rootCauseText(c))}`);
      if (c.consequences.length) lines.push(`   - ${md(consequenceIds(c))}`);
      if (c.confirmedBy?.steps.length) lines.push(`   - the experiment, alone: ${md(stepsText(c.confirmedBy.steps))}`);
      for (const n of c.notShownAlone ?? []) lines.push(`   - ${md(n.clause)}, not shown alone: ${md(n.tried)}`);
      if (c.evidence.length > 0)
        lines.push(
          `   - evidence: ${c.evidence
            .slice(0, 6)
            .map((f) => `[${md(f)}](${f})`)
            .join(', ')}`,
        );
    });
    lines.push('');
  }
  if (r.suspectedCauses?.length) {
    lines.push(
      '## Suspected, not confirmed',
      '',
      'Candidates the diagnosis could not show alone: check these after the root causes above.',
      '',
    );
    for (const s of r.suspectedCauses) lines.push(`- ${md(suspectedText(s))}`);
    lines.push('');
  }
  const failing = broken(r);
  if (failing.length > 0) {
    lines.push('## What broke, clause by clause', '');
    for (const c of failing) {
      lines.push(
        `- **${c.id}** (${c.level}, ${c.source}) ` +
          `${ICON[c.verdict]}${c.knownDeviation ? ` — known deviation: ${c.knownDeviation}` : ''}: ${c.summary}`,
      );
      for (const e of failureNotes(c)) lines.push(`  - ${md(e)}`);
      lines.push(`  - what a server must do: ${md(mustDo(c.id))} ([implementers' page](${IMPLEMENTERS}#${c.id}))`);
      const files = c.evidenceFiles ?? [];
      if (files.length > 0) lines.push(`  - evidence: ${files.map((f) => `[${md(f)}](${f})`).join(', ')}`);
    }
    lines.push('');
  }
  const gaps = untested(r);
  if (gaps.length > 0) {
    lines.push(
      '## MUST clauses not fully tested',
      '',
      'A clause is PASS only when every check of it ran and held; these were not fully tested here, so they ' +
        'are no evidence either way.',
      '',
    );
    for (const c of gaps) lines.push(`- **${c.id}** ${ICON[c.verdict]}: ${md(coverageAfterVerdict(c))}`);
    lines.push('');
  }
  const unfinished = r.clauses.filter((c) => c.incomplete && c.level === 'MUST');
  if (unfinished.length > 0) {
    lines.push('## MUST clauses whose check could not complete', '');
    for (const c of unfinished) {
      const more = c.incomplete!.length > 1 ? ` (and ${c.incomplete!.length - 1} more)` : '';
      lines.push(`- **${c.id}**: ${md(`${c.incomplete![0]!.test}: ${c.incomplete![0]!.cause}`)}${more}`);
    }
    lines.push('');
  }
  lines.push(
    '## Every clause',
    '',
    '| Clause | Level | Verdict | Source | Summary | Checks |',
    '|---|---|---|---|---|---|',
  );
  for (const c of r.clauses)
    lines.push(
      `| ${c.id} | ${c.level} | ${ICON[c.verdict]} | ${md(c.source)} | ${md(c.summary)} | ${md(c.coverage)} |`,
    );
  const skipped = r.tests.filter((t) => t.status === 'skipped');
  if (skipped.length > 0) {
    lines.push('', '## Tests that did not run, and why', '');
    for (const t of skipped) lines.push(`- ${md(t.title)}: ${md(skipReason(t))}`);
  }
  const observed = r.clauses.filter((c) => c.evidence.some((e) => e.startsWith('observed:')));
  if (observed.length > 0) {
    lines.push('', '## Observations (where the spec is silent)', '');
    for (const c of observed)
      for (const e of c.evidence.filter((x) => x.startsWith('observed:'))) lines.push(`- ${c.id}: ${md(e.slice(10))}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Evidence links grouped by test: its case folder (test.txt, with the full title, behind it), then its files. */
