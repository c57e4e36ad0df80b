/**
 * The evidence bundle a partner hands over (`npm run certify -- --bundle`): the certification
 * report, the Allure report, the JUnit file and the run's metadata, under
 * $PVH_REPORT_DIR/certification/bundle/ with a SHA256SUMS manifest over every file. A bundle whose
 * run left MUST clauses unrun is marked INCOMPLETE (metadata, marker file, SUMMARY line). Before the
 * manifest is written, the bundle is scanned for the environment's secrets; a hit removes it.
 */
import type { NetworkNote } from '../../fixtures/environments/network/settings.ts';
import { INSECURE_REPORT_LINE, type WithNetwork } from '../../fixtures/judgement/index.ts';
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnvironment } from '../../fixtures/environments/load.ts';
import { gitCommit, harnessVersion } from '../../fixtures/harness/run/run-info.ts';
import { mustFailed, mustNotRun, type CertificationResults, type RunVerdict } from '../../fixtures/judgement/index.ts';
import { writeManifest } from './manifest.ts';
import { buildNeedles, formatFinding, scanTree } from '../../fixtures/harness/http/secret-scan.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';
import { shownPath } from '../../fixtures/harness/support/shown-path.ts';

const ROOT = PROJECT_ROOT;

/** Written beside metadata.json when the run did not verify the server's certificate. */
export const INSECURE_MARKER = 'INSECURE-TLS.txt';

export interface BundleMetadata {
  bundleVersion: 1;
  runId: string;
  environment: { name: string; baseUrl?: string; authUrl?: string; legacyBaseUrl?: string };
  startedAt: string;
  finishedAt: string;
  commit?: string;
  harnessVersion: string;
  node: string;
  /** The certification verdict of the run, or NO-RESULTS when it wrote no certification report. */
  verdict: RunVerdict | 'NO-RESULTS';
  /** Why the verdict is INCONCLUSIVE (empty otherwise). */
  causes: string[];
  complete: boolean;
  mustFailed: string[];
  /** MUST clauses not fully tested (partial, not tested, not run). */
  mustNotRun: string[];
  /** Of those, the gaps the environment's config accepts, with its reasons: a CONFORMANT run may rest on them. */
  acceptedGaps?: Array<{ clause: string; reasons: string[] }>;
  certifyExitCode: number;
  allureReport: { included: boolean; note?: string };
  contents: string[];
  /** How the run reached the target (proxy, CAs, client certificate, header names); insecureSkipVerify marks an
   * unverified server. */
  network?: NetworkNote;
}

export interface BundleOptions {
  reportDir: string;
  envName: string;
  runId: string;
  startedAt: string;
  finishedAt: string;
  certifyExitCode: number;
  /** Environment of the run (URLs, credential variables). */
  env: NodeJS.ProcessEnv;
  /** Builds the Allure report; default runs `npm run report`. Resolves to undefined or a failure note. */
  buildAllureReport?: (reportDir: string, env: NodeJS.ProcessEnv) => Promise<string | undefined>;
  log?: (line: string) => void;
}

export interface BundleResult {
  dir: string;
  metadata: BundleMetadata;
  files: number;
}

export class BundleError extends Error {
  override name = 'BundleError';
}

export const INCOMPLETE_MARKER = 'INCOMPLETE.txt';

/** `npm run report` as a subprocess: the bundle holds exactly the report that command builds. */
export function runAllureReport(reportDir: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'report'], {
      cwd: ROOT,
      env: { ...env, PVH_REPORT_DIR: reportDir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (e) => resolve(`npm run report could not start: ${e.message}`));
    child.on('exit', (code, signal) =>
      resolve(code === 0 ? undefined : `npm run report failed (exit ${code ?? signal})`),
    );
  });
}

/** Every secret value the run's environment holds, for the scan before sealing. */
async function environmentSecrets(envName: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  try {
    return (await loadEnvironment(envName, env)).secrets;
  } catch {
    return [];
  }
}

export async function writeBundle(o: BundleOptions): Promise<BundleResult> {
  const log = o.log ?? ((l: string) => console.log(l));
  const dir = path.join(o.reportDir, 'certification', 'bundle');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  // Allure first: a failure is recorded, not fatal (the certification report is the evidence).
  let allureNote = await (o.buildAllureReport ?? runAllureReport)(o.reportDir, o.env);
  const allureDir = path.join(o.reportDir, 'allure-report');
  if (!allureNote && !existsSync(path.join(allureDir, 'index.html')))
    allureNote = `no Allure report at ${allureDir}/index.html`;

  const contents: string[] = [];
  const copy = (from: string, to: string) => {
    if (!existsSync(from)) return false;
    mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
    copyFileSync(from, path.join(dir, to));
    contents.push(to);
    return true;
  };
  const resultsFile = path.join(o.reportDir, 'certification', 'results.json');
  const found = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as CertificationResults)
    : undefined;
  // A results.json left by an earlier run must not certify this one.
  const results = found && found.run.id === o.runId ? found : undefined;
  if (results)
    for (const f of ['index.html', 'results.json', 'SUMMARY.md'])
      copy(path.join(o.reportDir, 'certification', f), `certification/${f}`);
  if (results) copy(path.join(o.reportDir, 'junit', 'results.xml'), 'junit/results.xml');
  if (!allureNote) {
    cpSync(allureDir, path.join(dir, 'allure-report'), { recursive: true });
    contents.push('allure-report/');
  }

  const failedIds = mustFailed(results?.clauses ?? []).map((c) => c.id);
  const notRunIds = mustNotRun(results?.clauses ?? []).map((c) => c.id);
  const complete = !!results && results.complete && notRunIds.length === 0;
  const environment: BundleMetadata['environment'] = { name: results?.run.environment ?? o.envName };
  const baseUrl = results?.run.baseUrl;
  const authUrl = results?.run.authUrl;
  const legacyBaseUrl = results?.run.legacyBaseUrl;
  if (baseUrl) environment.baseUrl = baseUrl;
  if (authUrl) environment.authUrl = authUrl;
  if (legacyBaseUrl) environment.legacyBaseUrl = legacyBaseUrl;
  const metadata: BundleMetadata = {
    bundleVersion: 1,
    runId: results?.run.id ?? o.runId,
    environment,
    startedAt: o.startedAt,
    finishedAt: o.finishedAt,
    harnessVersion: harnessVersion(),
    node: process.version,
    verdict: results?.verdict ?? 'NO-RESULTS',
    causes: results?.causes ?? [],
    complete,
    mustFailed: failedIds,
    mustNotRun: notRunIds,
    ...(results?.acceptedGaps?.length ? { acceptedGaps: results.acceptedGaps } : {}),
    ...((results as WithNetwork | undefined)?.network ? { network: (results as WithNetwork).network! } : {}),
    certifyExitCode: o.certifyExitCode,
    allureReport: allureNote ? { included: false, note: allureNote } : { included: true },
    contents,
  };
  const commit = o.env.GITHUB_SHA || gitCommit({ full: true });
  if (commit) metadata.commit = commit;

  if (!complete) {
    const why = !results
      ? 'the run wrote no certification report'
      : `${notRunIds.length} MUST clause(s) did not run: ${notRunIds.join(', ')}`;
    writeFileSync(
      path.join(dir, INCOMPLETE_MARKER),
      `INCOMPLETE: this bundle does not certify the whole specification; ${why}.\n`,
    );
    const summary = path.join(dir, 'certification', 'SUMMARY.md');
    if (existsSync(summary))
      writeFileSync(summary, `> **INCOMPLETE BUNDLE**: ${why}.\n\n${readFileSync(summary, 'utf8')}`);
  }
  if (metadata.network?.insecureSkipVerify) {
    // A certificate of a server nobody verified says so on its face.
    writeFileSync(path.join(dir, INSECURE_MARKER), `${INSECURE_REPORT_LINE}\n`);
    const summary = path.join(dir, 'certification', 'SUMMARY.md');
    if (existsSync(summary))
      writeFileSync(summary, `> **${INSECURE_REPORT_LINE}**\n\n${readFileSync(summary, 'utf8')}`);
  }
  writeFileSync(path.join(dir, 'metadata.json'), `${JSON.stringify(metadata, null, 2)}\n`);

  // Never seal a bundle that carries a secret of the environment it certified.
  const secrets = await environmentSecrets(o.envName, o.env);
  const scan = scanTree(
    dir,
    buildNeedles(secrets.map((value, i) => ({ name: `environment secret #${i + 1}`, value }))),
  );
  if (scan.findings.length > 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new BundleError(
      `bundle removed: it contained secrets of the environment:\n${scan.findings.map(formatFinding).join('\n')}`,
    );
  }

  const files = writeManifest(dir);
  const rel = shownPath(dir);
  const incomplete = complete ? '' : ', INCOMPLETE';
  const noAllure = allureNote ? `; Allure report not included (${allureNote})` : '';
  log(`bundle: ${rel}/ (${files} files + SHA256SUMS), verdict ${metadata.verdict}${incomplete}${noAllure}`);
  if (!complete) {
    const missing = notRunIds.length > 0 ? `MUST clauses not run: ${notRunIds.join(', ')}` : 'no certification results';
    log(`bundle: INCOMPLETE: ${missing}`);
  }
  log(`bundle: verify with "npm run verify-bundle -- ${rel}" or "(cd ${rel} && sha256sum -c SHA256SUMS)"`);
  return { dir, metadata, files };
}

/** certify's hook: writes the bundle after the run whatever the verdict; returns certify's exit code. */
export async function bundleAfterRun(o: BundleOptions): Promise<number> {
  try {
    await writeBundle(o);
    return o.certifyExitCode;
  } catch (error) {
    console.error(`bundle: ${(error as Error).message}`);
    return o.certifyExitCode || 1;
  }
}
