/**
 * A preflight that caught the target breaking a MUST promise in its own requests (the spec's token
 * request refused while the same credentials asked another way were served): no suite can run,
 * but the run is NOT CONFORMANT, with that promise as its one root cause, confirmed by the requests
 * that showed it. Every other clause is not run, saying why.
 */
import type { ClauseResult, CertificationResults } from '../../fixtures/judgement/index.ts';
import { totals } from '../../fixtures/judgement/index.ts';
import type { TargetFault } from '../../fixtures/harness/preflight/preflight-token.ts';

export function withPreflightFault(results: CertificationResults, fault: TargetFault): CertificationResults {
  const clauses: ClauseResult[] = results.clauses.map((c) =>
    c.id === fault.clause ? { ...c, verdict: 'fail', coverage: `failed in the preflight: ${fault.seen}` } : c,
  );
  return {
    ...results,
    verdict: 'NOT CONFORMANT',
    conformant: false,
    clauses,
    totals: totals(clauses, []),
    rootCauses: [
      {
        clause: fault.clause,
        level: 'MUST',
        statement: fault.seen,
        statementIs: 'observation',
        consequences: [],
        tests: [],
        evidence: [],
        confirmedBy: {
          experiment: fault.experiment ?? "the preflight's token requests",
          hypothesis:
            fault.hypothesis ?? "the credentials are right and the target refuses the spec's request for them",
          seen: fault.seen,
          steps: fault.steps,
        },
      },
    ],
  };
}
