/** The certification as a self-contained HTML page (index.html): verdict and decision first, then what broke with its
 * evidence, and every clause with an anchor. */
import { networkLines } from '../../fixtures/judgement/index.ts';
import { paceLine } from '../../fixtures/judgement/index.ts';
import { describeSince } from '../../fixtures/judgement/index.ts';
import type { CertificationResults, ClauseResult } from '../../fixtures/judgement/index.ts';
import { summaryLine } from '../../fixtures/judgement/index.ts';
import { describeWay } from '../../fixtures/judgement/index.ts';
import {
  consequenceIds,
  rootCausesHeadline,
  rootCauseText,
  stepsText,
  suspectedText,
} from '../../fixtures/judgement/index.ts';
import type { RootCause } from '../../fixtures/judgement/index.ts';
import { describeSetting } from '../../fixtures/harness/preflight/assumed-settings.ts';
import {
  ICON,
  BANNER,
  untested,
  esc,
  anchor,
  fileName,
  decisionOf,
  broken,
  failureNotes,
  IMPLEMENTERS,
  mustDo,
} from './render-parts.ts';

/** The page's style sheet, one line per entry (several rules to a line, as before). */
const STYLE = [
  'body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222;max-width:1200px}' +
    'table{border-collapse:collapse;width:100%}' +
    'td,th{border-bottom:1px solid #ddd;padding:.4rem;vertical-align:top;text-align:left}',
  '.muted{color:#777;font-size:12px}.v{font-weight:bold}' +
    '.pass .v{color:#17803d}.fail .v{color:#c62828}.warning .v{color:#b26a00}.observation .v{color:#1565c0}' +
    '.not-run .v,.not-tested .v{color:#777}.partial .v{color:#b26a00}',
  '.banner{padding:1rem;border-radius:6px;margin-bottom:.5rem;font-size:16px}' +
    '.ok{background:#e8f5e9}.ko{background:#ffebee}.unsure{background:#fff8e1}',
  '.decision{font-size:16px;margin:.5rem 0}.decision b{font-size:18px}' +
    '.msg{font-family:ui-monospace,monospace;font-size:12px;white-space:pre-wrap;margin:.2rem 0}' +
    '.files{font-size:12px;margin:.2rem 0}',
  'ul{margin:.2rem 0;padding-left:1.2rem}.broke li{margin-bottom:.6rem}tr:target{background:#fffde7}' +
    'details summary{cursor:pointer;color:#555;font-size:12px}',
].join('\n');

const COLUMNS = '<th>Clause</th><th>Level</th><th>Verdict</th><th>Statement and evidence</th><th>Checks</th>';

/** Clause ids in a text (PV-…, RFC…) as links to their rows. */
function linkClauses(text: string): string {
  return text.replace(/\b((?:PV|RFC)[A-Za-z0-9.-]+)\b/g, (id) => `<a href="#${anchor(id)}">${id}</a>`);
}

function links(files: readonly string[] | undefined): string {
  if (!files || files.length === 0) return '';
  const byCase = new Map<string, string[]>();
  for (const f of files) {
    const dir = f.slice(0, f.lastIndexOf('/'));
    byCase.set(dir, [...(byCase.get(dir) ?? []), f]);
  }
  const cases = [...byCase].map(([dir, paths]) => {
    const files = paths.map((f) => `<a href="${esc(f)}">${esc(fileName(f))}</a>`).join(', ');
    return `<a href="${esc(`${dir}/test.txt`)}">${esc(fileName(dir))}</a>: ${files}`;
  });
  return `<div class="files">evidence: ${cases.join(' · ')}</div>`;
}

function row(c: ClauseResult): string {
  const notes = [...c.evidence, ...(c.incomplete ?? []).map((x) => `could not complete: ${x.test}: ${x.cause}`)];
  const evidence = notes.length
    ? `<details><summary>${notes.length} note${notes.length === 1 ? '' : 's'}</summary>` +
      `<ul>${notes.map((e) => `<li>${esc(e)}</li>`).join('')}</ul></details>`
    : '';
  const checkItems = c.checks.map((x) => {
    const inPassing = x.inPassing ? ' <span class="muted">(in passing)</span>' : '';
    const reason = x.reason ? `: ${esc(x.reason)}` : '';
    const accepted = x.accepted ? `; accepted: ${esc(x.accepted)}` : '';
    const status = `${esc(x.status)}${reason}${accepted}`;
    return `<li>${esc(describeWay(x))}${inPassing} <span class="muted">(${status})</span></li>`;
  });
  const checks = c.checks.length
    ? `<details><summary>${c.checks.length} check${c.checks.length === 1 ? '' : 's'}</summary>` +
      `<ul>${checkItems.join('')}</ul></details>`
    : '';
  const deviation = c.knownDeviation ? '<div class="muted">known deviation</div>' : '';
  return (
    `<tr id="${anchor(c.id)}" class="${c.verdict}">` +
    `<td><a href="#${anchor(c.id)}"><b>${esc(c.id)}</b></a><div class="muted">${esc(c.source)}</div></td>` +
    `<td>${c.level}</td><td class="v">${ICON[c.verdict]}${deviation}</td>` +
    `<td>${esc(c.summary)}<div class="muted">${esc(c.coverage)}</div>${links(c.evidenceFiles)}${evidence}</td>` +
    `<td>${checks}</td></tr>`
  );
}

/** The first screen's list of MUST clauses this run did not fully test, each with what would test it. */
function untestedSection(r: CertificationResults): string {
  const gaps = untested(r);
  if (gaps.length === 0) return '';
  const items = gaps.map(
    (c) =>
      `<li><a href="#${anchor(c.id)}"><b>${esc(c.id)}</b></a> ${ICON[c.verdict]}: ${esc(c.summary)}` +
      `<div class="msg">${esc(c.coverage)}</div></li>`,
  );
  return (
    '<h2 id="not-tested">MUST clauses not fully tested</h2>' +
    '<p class="muted">PASS means every check of a clause ran and held; these are no evidence either way.</p>' +
    `<ul class="broke">${items.join('\n')}</ul>`
  );
}

function rootCauseSection(r: CertificationResults): string {
  const suspected = r.suspectedCauses?.length
    ? `<h3 id="suspected">Suspected, not confirmed</h3><p class="muted">Candidates the diagnosis could not show ` +
      `alone: check these after the root causes above.</p><ul ` +
      `class="broke">${r.suspectedCauses.map((s) => `<li>${esc(suspectedText(s))}</li>`).join('\n')}</ul>`
    : '';
  if (r.rootCauses.length === 0) return suspected;
  const experiment = (c: RootCause) =>
    [
      ...(c.consequences.length ? [`<div class="msg">${esc(consequenceIds(c))}</div>`] : []),
      ...(c.confirmedBy?.steps.length
        ? [`<div class="msg">the experiment, alone: ${esc(stepsText(c.confirmedBy.steps))}</div>`]
        : []),
      ...(c.notShownAlone ?? []).map(
        (n) => `<div class="msg">${esc(n.clause)}, not shown alone: ${esc(n.tried)}</div>`,
      ),
    ].join('');
  const items = r.rootCauses.map((c) => {
    // The cause's text after its "CLAUSE (LEVEL): ", which the item shows as a link.
    const text = esc(rootCauseText(c).slice(c.clause.length + c.level.length + 4));
    return (
      `<li><a href="#${anchor(c.clause)}"><b>${esc(c.clause)}</b></a> <span class="muted">(${c.level})</span>: ` +
      `${text}${experiment(c)}${links(c.evidence.slice(0, 6))}</li>`
    );
  });
  return (
    `<h2 id="root-causes">${esc(rootCausesHeadline(r.rootCauses).replace(/^root causes/, 'Root causes'))}</h2><p ` +
    `class="muted">Each is one broken promise, with the clauses it left not fully tested: fix these, and the ` +
    `clauses below follow.</p><ol class="broke">${items.join('\n')}</ol>${suspected}`
  );
}

/** Every failing check's message of a clause (SUMMARY.md and the HTML list the same ones): not its observations or
 * warnings. */
function brokeSection(r: CertificationResults): string {
  const failing = broken(r);
  const items = failing.map((c) => {
    const notes = failureNotes(c);
    const deviation = c.knownDeviation ? ` <span class="muted">known deviation: ${esc(c.knownDeviation)}</span>` : '';
    const page = `<a href="${IMPLEMENTERS}#${esc(c.id)}">implementers' page</a>`;
    return (
      `<li><a href="#${anchor(c.id)}"><b>${esc(c.id)}</b></a> <span class="muted">(${c.level}, ` +
      `${esc(c.source)})</span> ${ICON[c.verdict]}${deviation}: ` +
      `${esc(c.summary)}${notes.map((e) => `<div class="msg">${esc(e)}</div>`).join('')}` +
      `<div class="msg">what a server must do: ${esc(mustDo(c.id))} (${page})</div>` +
      `${links(c.evidenceFiles)}</li>`
    );
  });
  const causes =
    r.verdict === 'INCONCLUSIVE' ? r.causes.map((c) => `<li><b>could not conclude</b>: ${esc(c)}</li>`) : [];
  const files = r.tests.filter(
    (t) => t.inconclusive || (t.evidenceFiles ?? []).some((f) => f.startsWith('evidence/could-not-complete/')),
  );
  const extra = files
    .flatMap((t) => (t.evidenceFiles ?? []).filter((f) => f.startsWith('evidence/could-not-complete/')))
    .map((f) => `<a href="${esc(f)}">${esc(fileName(f))}</a>`);
  if (items.length + causes.length === 0) return '';
  const incomplete = extra.length
    ? `<div class="files">evidence of checks that could not complete: ${extra.join(' · ')}</div>`
    : '';
  return (
    '<h2 id="what-broke">What broke, clause by clause</h2>' +
    `<ul class="broke">${[...causes, ...items].join('\n')}</ul>${incomplete}`
  );
}

/** What the verdicts rest on: every value the run took from the config or assumed without it. */
function settingsSection(r: CertificationResults): string {
  const settings = r.run.settings ?? [];
  if (settings.length === 0) return '';
  return (
    `<details id="settings"><summary>Settings this run assumed (${settings.length}; from the config unless ` +
    `marked)</summary><ul>${settings.map((s) => `<li>${esc(describeSetting(s))}</li>`).join('')}</ul></details>`
  );
}

export function renderHtml(r: CertificationResults): string {
  const d = decisionOf(r);
  const since = r.sinceLast
    ? `<p class="since"><b>What changed</b> ${linkClauses(esc(describeSince(r.sinceLast)))}</p>`
    : r.lastRun
      ? `<p class="since muted">This run tested nothing, so nothing is compared. The last complete run of this ` +
        `environment: ${esc(r.lastRun.runId)} (${esc(r.lastRun.finishedAt)}, ${esc(r.lastRun.verdict)}); its ` +
        `report stays in reports/certification/.</p>`
      : '<p class="since muted">No earlier run of this environment in the history ' +
        '(reports/history/certification.jsonl).</p>';
  const warnings = r.clauses.filter((c) => c.verdict === 'warning').length;
  const observations = r.clauses.filter((c) => c.verdict === 'observation').length;
  const title = `Certification: ${esc(r.run.environment)} — ${esc(r.verdict)}`;
  const reasons = d.reasons.length
    ? `<ul>${d.reasons.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`
    : ' <span class="muted">(npm run gate adds the Allure quality gate and k6 thresholds)</span>';
  const accepted = r.acceptedGaps.length
    ? "<p>Accepted gaps (the config's, not tested): " +
      `${r.acceptedGaps.map((g) => `<b>${esc(g.clause)}</b>: ${esc(g.reasons.join('; '))}`).join(' · ')}</p>`
    : '';
  const target = `API ${esc(r.run.baseUrl || '(unknown)')} · token endpoint ${esc(r.run.authUrl || '(unknown)')}`;
  const rtt = r.run.rttMs !== undefined ? ` · round-trip time ${r.run.rttMs} ms` : '';
  const commit = r.run.commit ? ` · commit ${esc(r.run.commit)}` : '';
  const harness = `harness ${esc(r.run.harnessVersion)} · Node ${esc(r.run.node)}${commit}`;
  const counts = `${r.clauses.length} clauses; ${warnings} with SHOULD warnings and ${observations} observations`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>${STYLE}</style></head><body>
<h1>Partner Voucher API certification: ${esc(r.run.environment)}</h1>
<div class="banner ${BANNER[r.verdict]}">${esc(summaryLine(r))}</div>
<div class="decision">Release decision from this certification: <b>${d.decision}</b>${reasons}${accepted}</div>
${networkLines(r)
  .map((x) => `<p class="${x.startsWith('WARNING') ? 'banner ko' : 'muted'}">${esc(x)}</p>`)
  .join('\n')}
${[paceLine(r)].flatMap((x) => (x ? [`<p class="muted">${esc(x)}</p>`] : [])).join('\n')}
${since}
${rootCauseSection(r)}
${brokeSection(r)}
${untestedSection(r)}
<p class="muted">Run ${esc(r.run.id)} · started ${esc(r.run.startedAt)} · ${target}${rtt} · ${harness}</p>
${settingsSection(r)}
<h2 id="every-clause">Every clause</h2>
<p class="muted">${counts} (where the spec is silent): open a row's notes to read them.</p>
<table><thead><tr>${COLUMNS}</tr></thead><tbody>
${r.clauses.map(row).join('\n')}
</tbody></table></body></html>
`;
}
