/** Human-readable renderings of the certification results: Markdown and a self-contained HTML page. */
import type { CertificationResults, ClauseResult, Verdict } from './verdicts.ts';
import { summaryLine } from './verdicts.ts';

const ICON: Record<Verdict, string> = { pass: 'PASS', fail: 'FAIL', warning: 'WARN', observation: 'INFO', 'not-run': 'NOT RUN' };

const BANNER: Record<CertificationResults['verdict'], string> = { CONFORMANT: 'ok', 'NOT CONFORMANT': 'ko', INCONCLUSIVE: 'unsure' };

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const md = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMarkdown(r: CertificationResults): string {
  const lines = [
    `# Partner Voucher API certification: ${r.run.environment}`,
    '',
    `**${summaryLine(r)}**`,
    '',
    `- Run ${r.run.id}, started ${r.run.startedAt}, harness ${r.run.harnessVersion}, Node ${r.run.node}${r.run.commit ? `, commit ${r.run.commit}` : ''}`,
    `- Target: API ${r.run.baseUrl || '(unknown)'}, token endpoint ${r.run.authUrl || '(unknown)'}${r.run.rttMs !== undefined ? `, round-trip time ${r.run.rttMs} ms` : ''}`,
    `- MUST failures: ${r.totals.mustFailed}; MUST clauses not run: ${r.totals.mustNotRun} (${r.totals.mustIncomplete} could not complete)`,
    '',
  ];
  if (r.causes.length > 0) {
    lines.push(r.verdict === 'INCONCLUSIVE' ? '## Why the verdict is INCONCLUSIVE' : '## Also noted', '');
    for (const c of r.causes) lines.push(`- ${md(c)}`);
    lines.push('');
  }
  const failing = r.clauses.filter((c) => c.verdict === 'fail' || c.verdict === 'warning');
  if (failing.length > 0) {
    lines.push('## What broke', '');
    for (const c of failing) {
      lines.push(`- **${c.id}** (${c.level}, ${c.source}) ${ICON[c.verdict]}${c.knownDeviation ? ` — known deviation: ${c.knownDeviation}` : ''}: ${c.summary}`);
      for (const e of c.evidence.slice(0, 3)) lines.push(`  - ${e}`);
    }
    lines.push('');
  }
  const unfinished = r.clauses.filter((c) => c.incomplete && c.level === 'MUST');
  if (unfinished.length > 0) {
    lines.push('## MUST clauses whose check could not complete', '');
    for (const c of unfinished) lines.push(`- **${c.id}**: ${md(`${c.incomplete![0]!.test}: ${c.incomplete![0]!.cause}`)}${c.incomplete!.length > 1 ? ` (and ${c.incomplete!.length - 1} more)` : ''}`);
    lines.push('');
  }
  lines.push('## Every clause', '', '| Clause | Level | Verdict | Source | Summary | Tests |', '|---|---|---|---|---|---|');
  for (const c of r.clauses) lines.push(`| ${c.id} | ${c.level} | ${ICON[c.verdict]} | ${md(c.source)} | ${md(c.summary)} | ${c.tests.length} |`);
  const observed = r.clauses.filter((c) => c.evidence.some((e) => e.startsWith('observed:')));
  if (observed.length > 0) {
    lines.push('', '## Observations (where the spec is silent)', '');
    for (const c of observed) for (const e of c.evidence.filter((x) => x.startsWith('observed:'))) lines.push(`- ${c.id}: ${md(e.slice(10))}`);
  }
  return `${lines.join('\n')}\n`;
}

function row(c: ClauseResult): string {
  const notes = [...c.evidence, ...(c.incomplete ?? []).map((x) => `could not complete: ${x.test}: ${x.cause}`)];
  const evidence = notes.length ? `<ul>${notes.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>` : '';
  const tests = c.tests.map((t) => `<li>${esc(t.title)} <span class="muted">(${esc(t.status)})</span></li>`).join('');
  return `<tr class="${c.verdict}"><td><b>${esc(c.id)}</b><div class="muted">${esc(c.source)}</div></td><td>${c.level}</td><td class="v">${ICON[c.verdict]}${c.knownDeviation ? '<div class="muted">known deviation</div>' : ''}</td><td>${esc(c.summary)}${evidence}</td><td><ul>${tests}</ul></td></tr>`;
}

export function renderHtml(r: CertificationResults): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Certification: ${esc(r.run.environment)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;vertical-align:top;text-align:left}
.muted{color:#777;font-size:12px}.v{font-weight:bold}.pass .v{color:#17803d}.fail .v{color:#c62828}.warning .v{color:#b26a00}.observation .v{color:#1565c0}.not-run .v{color:#777}
.banner{padding:1rem;border-radius:6px;margin-bottom:1rem;font-size:16px}.ok{background:#e8f5e9}.ko{background:#ffebee}.unsure{background:#fff8e1}ul{margin:.2rem 0;padding-left:1.2rem}</style></head><body>
<h1>Partner Voucher API certification: ${esc(r.run.environment)}</h1>
<div class="banner ${BANNER[r.verdict]}">${esc(summaryLine(r))}</div>
${r.causes.length > 0 ? `<h2>${r.verdict === 'INCONCLUSIVE' ? 'Why the verdict is INCONCLUSIVE' : 'Also noted'}</h2><ul>${r.causes.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>` : ''}
<p class="muted">Run ${esc(r.run.id)} · started ${esc(r.run.startedAt)} · API ${esc(r.run.baseUrl || '(unknown)')} · token endpoint ${esc(r.run.authUrl || '(unknown)')}${r.run.rttMs !== undefined ? ` · round-trip time ${r.run.rttMs} ms` : ''} · harness ${esc(r.run.harnessVersion)} · Node ${esc(r.run.node)}</p>
<table><thead><tr><th>Clause</th><th>Level</th><th>Verdict</th><th>Statement and evidence</th><th>Tests</th></tr></thead><tbody>
${r.clauses.map(row).join('\n')}
</tbody></table></body></html>
`;
}
