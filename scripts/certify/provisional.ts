/** The report a certify run leaves while it runs, and if it is killed: never an earlier run's verdict. */
import {
  emptyResults,
  type CertificationResults,
  type ClauseResult,
  type RunVerdict,
} from '../../fixtures/judgement/index.ts';
import { withNetwork } from '../../fixtures/judgement/index.ts';
import type { RunContext } from '../../fixtures/harness/run/run-context.ts';
import { gitCommit, harnessVersion } from '../../fixtures/harness/run/run-info.ts';

/** `clauses`: what the run would have checked, every check not tested (plan.ts, untestedPlan), or none. */
export function provisional(
  context: RunContext,
  verdict: RunVerdict,
  cause: string,
  clauses: ClauseResult[],
): CertificationResults {
  const sha = gitCommit();
  return withNetwork(
    emptyResults(
      {
        id: context.runId,
        environment: context.environment.name,
        baseUrl: context.environment.baseUrl,
        authUrl: context.environment.authUrl,
        ...(context.environment.legacyBaseUrl ? { legacyBaseUrl: context.environment.legacyBaseUrl } : {}),
        startedAt: context.startedAt,
        durationMs: 0,
        harnessVersion: harnessVersion(),
        node: process.version,
        ...(sha ? { commit: sha } : {}),
        ...(context.rttMs !== undefined ? { rttMs: context.rttMs } : {}),
        ...(context.settings ? { settings: context.settings } : {}),
      },
      verdict,
      [cause],
      clauses,
    ),
    context.network,
  );
}
