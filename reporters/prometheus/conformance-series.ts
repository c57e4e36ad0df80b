/**
 * A certification run as Prometheus samples, all at the run's end, so a nightly's verdicts line up
 * in time (dashboards: reporters/prometheus/dashboards/, alerts: reporters/prometheus/alerts.yml):
 *
 *   pvh_clause_verdict{environment, clause, level, verdict}     1, one series per clause
 * pvh_clause_regressed{environment, clause, level, verdict}   1 per clause worse than in the previous run (its verdict
 * now)
 *   pvh_certify_verdict{environment, verdict}                   1, the run's verdict
 * pvh_certify_exit_code{environment}                          0 CONFORMANT, 1 NOT CONFORMANT, 3 INCONCLUSIVE, 4 ON WHAT
 * WAS TESTED
 *   pvh_certify_duration_seconds{environment}                   how long the suites ran
 *   pvh_certify_clauses{environment, verdict}                   clauses per verdict (every verdict, 0 included)
 *   pvh_certify_tests{environment, outcome}                     tests run (outcome="run") and failed (outcome="failed")
 *   pvh_certify_regressions{environment}                        clauses worse than the previous run (0 included)
 *   pvh_certify_run_info{environment, run_id, commit, harness_version, verdict}   1: which run and commit
 *
 * and from `npm run gate --prometheus`:
 *   pvh_gate_go{environment}                                    1 go, 0 no-go
 *   pvh_gate_reasons{environment}                               how many reasons said no
 *
 * Only the run ID label changes from run to run, on one series: the rest stays one series per
 * clause and environment however many nights pass.
 */
import { EXIT_CODE, type CertificationResults, type Verdict } from '../../fixtures/judgement/index.ts';
import type { GateDecision } from '../../fixtures/judgement/index.ts';
import type { Sample } from './remote-write-codec.ts';

export const CLAUSE_VERDICTS: readonly Verdict[] = [
  'pass',
  'fail',
  'warning',
  'observation',
  'partial',
  'not-tested',
  'not-run',
  'not-applicable',
];

export function conformanceSamples(results: CertificationResults, timestampMs: number): Sample[] {
  const environment = results.run.environment;
  const at = (name: string, labels: Record<string, string>, value: number): Sample => ({
    name,
    labels: { environment, ...labels },
    value,
    timestampMs,
  });
  const byId = new Map(results.clauses.map((c) => [c.id, c]));
  const previous = results.sinceLast;
  const out: Sample[] = results.clauses.map((c) =>
    at('pvh_clause_verdict', { clause: c.id, level: c.level, verdict: c.verdict }, 1),
  );
  for (const id of previous?.regressed ?? []) {
    const c = byId.get(id);
    if (c) out.push(at('pvh_clause_regressed', { clause: id, level: c.level, verdict: c.verdict }, 1));
  }
  out.push(
    at('pvh_certify_verdict', { verdict: results.verdict }, 1),
    at('pvh_certify_exit_code', {}, EXIT_CODE[results.verdict]),
    at('pvh_certify_duration_seconds', {}, results.run.durationMs / 1000),
    ...CLAUSE_VERDICTS.map((v) =>
      at('pvh_certify_clauses', { verdict: v }, results.clauses.filter((c) => c.verdict === v).length),
    ),
    at('pvh_certify_tests', { outcome: 'run' }, results.totals.tests),
    at('pvh_certify_tests', { outcome: 'failed' }, results.totals.testsFailed),
    at('pvh_certify_regressions', {}, previous?.regressed.length ?? 0),
    at(
      'pvh_certify_run_info',
      {
        run_id: results.run.id,
        commit: results.run.commit ?? 'unknown',
        harness_version: results.run.harnessVersion,
        verdict: results.verdict,
      },
      1,
    ),
  );
  return out;
}

/** The release decision of `npm run gate`, labelled with the certified environment. */
export function gateSamples(
  decision: GateDecision,
  certification: CertificationResults | undefined,
  timestampMs: number,
): Sample[] {
  const labels = { environment: certification?.run.environment ?? 'unknown' };
  return [
    { name: 'pvh_gate_go', labels, value: decision.go ? 1 : 0, timestampMs },
    { name: 'pvh_gate_reasons', labels, value: decision.reasons.length, timestampMs },
  ];
}
