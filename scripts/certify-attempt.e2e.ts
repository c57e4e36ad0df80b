/**
 * A failed preflight tested nothing, and its short report (certification-attempt/) and JUnit say
 * exactly that: every clause "not tested: the preflight failed (…)", with the checks the run would
 * have made (the plan's, not a smaller universe), no advice to accept gaps, and a JUnit that
 * replaces the last run's (a CI must not read an old green result for this run); the last complete
 * certification stays where it was.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../fixtures/harness/support/project-root.ts';
import { ATTEMPT_DIR } from './certify/attempt.ts';
import { listConformanceTests } from './coverage/listing.ts';
import { environmentView } from '../fixtures/environments/view.ts';
import { planOf } from '../fixtures/judgement/index.ts';
import type { CertificationResults } from '../fixtures/judgement/index.ts';
import { RUN_PREFIXES, envWithout } from '../fixtures/harness/run/hermetic-env.ts';

const reportsPage = readFileSync(path.join(PROJECT_ROOT, 'docs', 'reports.md'), 'utf8');

async function certifyWrongSecret(reportDir: string): Promise<{ code: number | null; out: string }> {
  const clean = envWithout(RUN_PREFIXES);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/certify.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...clean, PVH_REPORT_DIR: reportDir, PVH_LOCAL_CLIENT_SECRET: 'wrong', CI: '1' },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out };
}

test(
  "a failed preflight: every clause not tested because of it, the plan's checks, no gap advice, JUnit replaced, " +
    'the last certification kept',
  async () => {
    test.setTimeout(120_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'pvh-attempt-'));
    try {
      // What an earlier complete run left: a green JUnit and its certification.
      mkdirSync(path.join(dir, 'junit'), { recursive: true });
      mkdirSync(path.join(dir, 'certification'), { recursive: true });
      const green =
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites tests="146" failures="0" skipped="0" ' +
        'errors="0">\n<testsuite name="old run" tests="146" failures="0"></testsuite>\n</testsuites>\n';
      writeFileSync(path.join(dir, 'junit', 'results.xml'), green);
      const earlier = JSON.stringify({
        run: { id: 'earlier-run', startedAt: '2026-11-26T00:00:00Z' },
        verdict: 'CONFORMANT',
      });
      writeFileSync(path.join(dir, 'certification', 'results.json'), earlier);

      const run = await certifyWrongSecret(dir);
      // A user the target refuses is the config's, the primary too: exit 2, and the report's verdict says the same.
      expect(run.code, run.out).toBe(2);
      expect(readFileSync(path.join(dir, 'certification', 'results.json'), 'utf8')).toBe(earlier);
      // Never a baseline of "what changed": a run that tested nothing is not in the history.
      expect(existsSync(path.join(dir, 'history', 'certification.jsonl'))).toBe(false);

      const attempt = JSON.parse(
        readFileSync(path.join(dir, ATTEMPT_DIR, 'results.json'), 'utf8'),
      ) as CertificationResults;
      const summary = readFileSync(path.join(dir, ATTEMPT_DIR, 'SUMMARY.md'), 'utf8');
      const html = readFileSync(path.join(dir, ATTEMPT_DIR, 'index.html'), 'utf8');
      const junit = readFileSync(path.join(dir, 'junit', 'results.xml'), 'utf8');
      expect(attempt.verdict).toBe('CONFIG ERROR');
      expect(attempt.causes.join('\n')).toMatch(
        new RegExp(
          String.raw`credentials\.primary: the token endpoint refused the primary user ` +
            String.raw`\(HTTP 401 invalid_client\): check the client_id and client_secret in ` +
            String.raw`PVH_LOCAL_CLIENT_ID\/PVH_LOCAL_CLIENT_SECRET`,
        ),
      );
      const cause = /the preflight failed \(the config and the target disagree: 1 contradiction\)/;
      for (const c of attempt.clauses.filter((x) => x.checks.length > 0)) {
        expect(c.verdict, c.id).toBe('not-tested');
        expect(c.coverage, c.id).toMatch(new RegExp(`^not tested: ${cause.source}`));
        for (const check of c.checks)
          expect(check.reason, `${c.id} ${check.way}`).toMatch(
            /^the preflight failed \(the config and the target disagree/,
          );
      }
      for (const text of [summary, html, junit]) {
        expect(text).not.toContain('no check of the suites takes this way in');
        expect(text).not.toContain('acceptedGaps');
        expect(text).toMatch(cause);
      }

      // The checks are the plan's: as many MUST clauses, and as many ways in each, as a run of this config makes.
      const plan = planOf(listConformanceTests(), await environmentView('local'));
      const counts = (clauses: CertificationResults['clauses']) =>
        Object.fromEntries(clauses.filter((c) => c.level === 'MUST').map((c) => [c.id, c.checks.length]));
      expect(counts(attempt.clauses)).toEqual(counts(plan));
      expect(summary).toContain(`none of the ${plan.filter((c) => c.level === 'MUST').length} MUST clauses is tested`);

      // JUnit shows this run, not the earlier green one; docs/reports.md says so.
      expect(junit).not.toContain('old run');
      expect(junit).toMatch(/<testcase name="Certification verdict: CONFIG ERROR"/);
      expect(reportsPage).toMatch(/`reports\/junit\/results\.xml`[^\n]*a run that tested nothing replaces it/i);

      // The gate judges this run alone: NO-GO for its own cause, nothing of the earlier run's certification.
      const gate = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gate.ts'], {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
        env: { ...process.env, PVH_REPORT_DIR: dir },
      });
      expect(gate.status, gate.stdout + gate.stderr).toBe(1);
      expect(gate.stdout).toMatch(new RegExp(`the last certify run \\(${attempt.run.id}\\) tested nothing`));
      expect(gate.stdout).toContain("an earlier run's, not judged");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
