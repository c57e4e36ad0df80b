/** reports/mutation/summary.md: the score, the fault → checks table, the check → faults view. */
import { diagnosisLine } from './score.ts';
import type { MatrixRow, MutationSummary } from './shapes.ts';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const short = (title: string) => title.split(' › ').at(-1) ?? title;

function killers(row: MatrixRow): string {
  if (row.killedBy.length === 0) return '—';
  // Failures first: they are what kills a MUST fault.
  // Kills on the fault's own clause first; others are by accident and marked so.
  const rank = (k: (typeof row.killedBy)[number]) => (k.onClause ? 0 : 2) + (k.outcome === 'warning' ? 1 : 0);
  const ordered = [...row.killedBy].sort((a, b) => rank(a) - rank(b));
  const shown = ordered
    .slice(0, 4)
    .map(
      (k) =>
        `${k.onClause ? '' : '(by accident) '}${k.outcome === 'warning' ? '⚠ ' : ''}${short(k.test)} ` +
        `(\`${k.file.replace(/^suites\//, '')}\`)`,
    );
  return shown.join('<br>') + (row.killedBy.length > 4 ? `<br>… and ${row.killedBy.length - 4} more` : '');
}

export function renderSummaryMarkdown(s: MutationSummary, line: string): string {
  const out: string[] = [];
  out.push('# Mutation score', '', `**${line}**${s.complete ? '' : ' (partial run: `--only`)'}`, '');
  out.push(
    `Run ${s.runId}, ${(s.durationMs / 1000).toFixed(0)} s wall. A fault is *killed* when a check fails ` +
      `against it (for a SHOULD clause a warning ⚠ also counts); a variant *passes* when no check fails or ` +
      `warns against it.`,
    '',
  );
  if (s.faults.survivors.length) out.push(`**Survivors:** ${s.faults.survivors.join(', ')}`, '');
  if (s.variants.falseAlarms.length) out.push(`**False alarms:** ${s.variants.falseAlarms.join(', ')}`, '');

  out.push(
    `**${diagnosisLine(s)}**: what a certification of a target with that one fault would list as its root ` +
      `causes (fixtures/judgement/diagnosis).`,
    '',
  );
  out.push(
    '## Faults: which checks killed each, and the root causes named',
    '',
    '| Fault | Clause | Killed | Root causes named | Checks that killed it |',
    '|---|---|---|---|---|',
  );
  for (const r of s.matrix.filter((x) => x.kind === 'fault')) {
    const roots = r.diagnosis
      ? `${r.diagnosis.named ? '' : '**wrong:** '}${r.diagnosis.rootCauses.join(', ') || 'none'}`
      : '—';
    const killed = r.ok ? `yes (${r.killedBy.filter((k) => k.onClause).length})` : `**NO**: ${cell(r.note ?? '')}`;
    out.push(`| \`${r.name}\` | ${r.clause} (${r.level}) | ${killed} | ${cell(roots)} | ${cell(killers(r))} |`);
  }
  out.push(
    '',
    '## Variants: no false alarm',
    '',
    '| Variant | Passed | Tests | Failed or warned |',
    '|---|---|---|---|',
  );
  for (const r of s.matrix.filter((x) => x.kind === 'variant')) {
    const t = r.tests;
    out.push(
      `| \`${r.name}\` | ${r.ok ? 'yes' : '**NO**'} | ${t.passed} passed, ${t.skipped} skipped of ${t.total} ` +
        `| ${cell(r.killedBy.map((k) => `${k.outcome}: ${short(k.test)}: ${k.message}`).join('<br>') || '—')} |`,
    );
  }
  const reduced = s.matrix.filter((x) => x.kind === 'reduced');
  if (reduced.length > 0) {
    out.push(
      '',
      '## Faults under reduced configs: their clause never PASS',
      '',
      `Pairs this run: ${cell(s.reduced.pairs)}.`,
      '',
      '| Fault under a reduced config | Never PASS | Clause verdict |',
      '|---|---|---|',
    );
    for (const r of reduced)
      out.push(`| \`${r.name}\` | ${r.ok ? 'yes' : '**NO: PASS on a broken target**'} | ${cell(r.note ?? '')} |`);
  }
  out.push('', '## Checks: which faults each killed', '', '| Check | File | Faults killed |', '|---|---|---|');
  for (const c of s.checks) {
    const kills = c.kills.length ? c.kills.map((k) => `\`${k}\``).join(', ') : '—';
    out.push(`| ${cell(short(c.test))} | \`${c.file.replace(/^suites\//, '')}\` | ${kills} |`);
  }
  if (s.complete) {
    out.push('', '## Unkilled checks', '');
    if (s.unkilledChecks.length === 0) out.push('None: every check killed at least one fault.');
    else {
      out.push('| Check | Clauses | Why no fault kills it |', '|---|---|---|');
      for (const u of s.unkilledChecks) {
        const why = u.reason
          ? cell(u.reason)
          : '**unexplained: add a fault in fixtures/reference-api/faults/faults.ts or an entry in ' +
            'scripts/mutation/unkilled-explanations.ts**';
        out.push(`| ${cell(short(u.test))} | ${u.clauses.join(', ')} | ${why} |`);
      }
    }
  }
  return `${out.join('\n')}\n`;
}
