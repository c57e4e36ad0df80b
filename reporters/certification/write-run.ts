/**
 * A run's certification, from what its tests left (RunInput) and, when the certify command has
 * diagnosed it, the replays and experiments: results.json, SUMMARY.md, index.html, the evidence
 * files, the history entry, and the verdict entries in JUnit and Allure. The reporter writes it
 * once the suites end; certify writes it again after its diagnosis (write-run only renders).
 */
import path from 'node:path';
import type { NetworkNote } from '../../fixtures/environments/network/settings.ts';
import { redact } from '../../fixtures/harness/http/redact.ts';
import {
  confirmCauses,
  experimentFor,
  historyFile,
  readTest,
  recordRun,
  resultsOf,
  rootCauses,
  withNetwork,
  withPace,
  type CertificationResults,
  type ExperimentRun,
  type PaceNote,
  type ReplayResult,
  type Replays,
  type TestOutcome,
} from '../../fixtures/judgement/index.ts';
import { writeCertification } from './files.ts';
import { addVerdictToAllure } from './allure-globals.ts';
import { addVerdictToJUnit } from './verdict-entries.ts';
import { addEvidence } from './evidence.ts';

type ResultsArgs = Parameters<typeof resultsOf>;

/** What a run's tests left for its certification: everything resultsOf takes, and the failed tests' attachments. */
export interface RunInput {
  run: ResultsArgs[0];
  tests: TestOutcome[];
  conditions: NonNullable<ResultsArgs[2]>;
  context: NonNullable<ResultsArgs[3]>;
  network?: NetworkNote;
  pace?: PaceNote;
  /** Attachments of the tests that did not pass, by test ID and file name. */
  attachments: Record<string, Record<string, string>>;
  /** Why the run was left unfinished (interrupted, the target lost), for its history entry. */
  unfinished?: string;
}

/** The diagnosis certify made after the suites: failures replayed alone, candidates tested by experiments. */
export interface RunDiagnosis {
  replays?: Replays;
  experiments?: ExperimentRun;
}

/** Writes the certification of `input` into `outputDir` (and the JUnit and Allure results beside it); returns it. */
export function writeRun(outputDir: string, input: RunInput, diagnosis: RunDiagnosis = {}): CertificationResults {
  const replayed = new Map<string, ReplayResult>(diagnosis.replays?.results.map((r) => [r.title, r]) ?? []);
  const diagnosed = diagnosis.experiments
    ? confirmCauses(rootCauses(input.tests, replayed), diagnosis.experiments, experimentFor)
    : undefined;
  const results = withPace(
    withNetwork(resultsOf(input.run, input.tests, input.conditions, input.context, replayed, diagnosed), input.network),
    input.pace,
  );
  if (diagnosis.replays) results.diagnosis = diagnosis.replays;
  const evidence = evidenceOf(results, input.attachments);
  const experiments = diagnosis.experiments;
  if (experiments) {
    const file = 'evidence/diagnosis-experiments/http-exchanges.json';
    if (experiments.exchanges.length > 0) evidence.set(file, redact(JSON.stringify(experiments.exchanges, null, 2)));
    results.experiments = {
      records: experiments.records,
      budgetMs: experiments.budgetMs,
      spentMs: experiments.spentMs,
      leftBooked: experiments.leftBooked,
      ...(experiments.exchanges.length > 0 ? { evidence: file } : {}),
    };
  }
  results.sinceLast = recordRun(historyFile(), results, undefined, input.unfinished);
  writeCertification(outputDir, results, evidence);
  const reportDir = path.dirname(outputDir);
  addVerdictToJUnit(path.join(reportDir, 'junit', 'results.xml'), results);
  addVerdictToAllure(path.join(reportDir, 'allure-results'), results);
  return results;
}

/** Evidence files of every test that failed on a clause or could not complete, linked from its clauses. */
function evidenceOf(results: CertificationResults, attachments: RunInput['attachments']): Map<string, string> {
  const files = new Map<string, string>();
  const byClause = new Map(results.clauses.map((c) => [c.id, c]));
  for (const t of results.tests) {
    const own = attachments[t.id];
    if (!own || Object.keys(own).length === 0) continue;
    const reading = readTest(t);
    const clauses =
      reading.kind === 'failed'
        ? reading.clauses
        : reading.kind === 'incomplete' || reading.kind === 'harness-error'
          ? ['could-not-complete']
          : [];
    for (const id of clauses) {
      const paths = addEvidence(files, id, t, new Map(Object.entries(own)));
      t.evidenceFiles = [...(t.evidenceFiles ?? []), ...paths];
      const clause = byClause.get(id);
      if (clause) clause.evidenceFiles = [...(clause.evidenceFiles ?? []), ...paths];
    }
  }
  return files;
}
