/**
 * `npm run certify -- --repeat N`: the same certification N times, one after the other, each with
 * its reports in <report dir>/repeat/run-<i>/; then how many runs reached each verdict and which
 * clauses did not get the same verdict every time. A correct target reaches the same verdict every
 * time: a clause that differs is a clock, a race or a check to look at.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT_CODE, type CertificationResults, type RunVerdict } from '../../fixtures/judgement/index.ts';
import { newRunId } from '../../fixtures/harness/run/run-id.ts';
import { onStopSignals } from '../../fixtures/harness/run/stop-signals.ts';
import { certify } from './run.ts';
import type { CertifyOptions } from './options.ts';

/** Exit code of a repeat whose runs did not all reach the same verdict. */
export const VERDICTS_DIFFERED = 5;

export interface RepeatSummary {
  runs: Array<{
    run: number;
    runId: string;
    verdict: RunVerdict | 'no report';
    exitCode: number;
    seconds: number;
    failed: string[];
  }>;
  verdicts: Partial<Record<RunVerdict | 'no report', number>>;
  /** Clauses whose verdict was not the same in every run: the verdicts seen, each with its runs. */
  differing: Array<{ clause: string; verdicts: Record<string, number[]> }>;
}

export function summarise(runs: RepeatSummary['runs'], clauses: Array<Map<string, string>>): RepeatSummary {
  const verdicts: RepeatSummary['verdicts'] = {};
  for (const r of runs) verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
  const ids = [...new Set(clauses.flatMap((m) => [...m.keys()]))];
  const differing = ids.flatMap((clause) => {
    const seen: Record<string, number[]> = {};
    clauses.forEach((m, i) => (seen[m.get(clause) ?? 'absent'] ??= []).push(runs[i]!.run));
    return Object.keys(seen).length > 1 ? [{ clause, verdicts: seen }] : [];
  });
  return { runs, verdicts, differing };
}

export function describeRepeat(s: RepeatSummary, env: string): string[] {
  const counts = Object.entries(s.verdicts)
    .map(([v, n]) => `${v} ${n}`)
    .join(', ');
  const lines = [`certify: repeat: ${s.runs.length} runs against ${env}: ${counts}`];
  if (s.differing.length === 0) lines.push('certify: repeat: every clause reached the same verdict in every run');
  for (const d of s.differing)
    lines.push(
      `certify: repeat: ${d.clause} differed: ${Object.entries(d.verdicts)
        .map(([v, runs]) => `${v} in run${runs.length > 1 ? 's' : ''} ${runs.join(', ')}`)
        .join('; ')}`,
    );
  return lines;
}

export async function certifyRepeatedly(options: CertifyOptions, times: number): Promise<number> {
  const base = process.env.PVH_REPORT_DIR ?? 'reports';
  const baseId = process.env.PVH_RUN_ID ?? newRunId();
  let stopped = false;
  const off = onStopSignals(() => (stopped = true));
  const runs: RepeatSummary['runs'] = [];
  const clauses: Array<Map<string, string>> = [];
  try {
    for (let run = 1; run <= times && !stopped; run += 1) {
      console.log(`\ncertify: repeat: run ${run} of ${times}`);
      const dir = path.join(base, 'repeat', `run-${run}`);
      process.env.PVH_REPORT_DIR = dir;
      process.env.PVH_RUN_ID = `${baseId}r${run}`;
      const t0 = performance.now();
      const exitCode = await certify(options);
      const file = path.join(dir, 'certification', 'results.json');
      const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CertificationResults) : undefined;
      runs.push({
        run,
        runId: process.env.PVH_RUN_ID,
        verdict: results?.verdict ?? 'no report',
        exitCode,
        seconds: Math.round((performance.now() - t0) / 100) / 10,
        failed: results?.clauses.filter((c) => c.verdict === 'fail').map((c) => c.id) ?? [],
      });
      clauses.push(new Map(results?.clauses.map((c) => [c.id, c.verdict]) ?? []));
    }
  } finally {
    off();
    process.env.PVH_REPORT_DIR = base;
  }
  const summary = summarise(runs, clauses);
  mkdirSync(path.join(base, 'repeat'), { recursive: true });
  writeFileSync(path.join(base, 'repeat', 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log('');
  for (const line of describeRepeat(summary, options.env)) console.log(line);
  console.log(
    `certify: repeat: every run's reports in ${path.join(base, 'repeat')}/run-N/, ` +
      `the counts in ${path.join(base, 'repeat', 'summary.json')}`,
  );
  const verdicts = Object.keys(summary.verdicts) as Array<RunVerdict | 'no report'>;
  if (stopped || runs.length < times) return EXIT_CODE.INCONCLUSIVE;
  return verdicts.length === 1 && verdicts[0] !== 'no report' ? EXIT_CODE[verdicts[0]!] : VERDICTS_DIFFERED;
}
