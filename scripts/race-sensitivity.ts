/**
 * `npm run race:sensitivity -- --window-ms 1 --trials 20`: how reliably does the race check catch
 * a check-then-act gap of a given width? Runs the same trial code and oracle as
 * suites/race/booking-race.spec.ts against reference APIs with the race-window fault (per window)
 * and without it (false alarms), and prints detected D/T with the median release spread.
 *
 * Options: --window-ms W[,W...]  --trials T  --clean-trials C (default T)  --n N (default 20)
 *          --fault NAME (default race-window)  --scenario book|book-both-identifiers|book-vs-remove|remove-vs-remove
 *          --in-process (server in this process instead of a child process)  --json
 */
import { parseArgs } from 'node:util';
import { isFaultName, seedPool, startReferenceServer, type FaultName } from '../fixtures/reference-api/index.ts';
import { startReferenceProcess, type ReferenceProcess } from '../fixtures/harness/race/reference-process.ts';
import { directRaceTarget } from '../fixtures/harness/race/targets.ts';
import { median, ms, probeUnbookedRemove, runTrial, type RaceScenario, type TrialReport } from '../fixtures/harness/race/trial.ts';

const SCENARIOS: RaceScenario[] = ['book', 'book-both-identifiers', 'book-vs-remove', 'remove-vs-remove'];

export interface SensitivityRow {
  label: string;
  faults: FaultName[];
  windowMs?: number;
  trials: number;
  detected: number;
  medianReleaseSpreadNs: number;
  medianServerSpreadNs?: number;
}

export interface SensitivityOptions {
  scenario: RaceScenario;
  n: number;
  inProcess: boolean;
}

async function startTarget(faults: FaultName[], windowMs: number | undefined, inProcess: boolean): Promise<ReferenceProcess> {
  if (!inProcess) return startReferenceProcess({ faults, ...(windowMs !== undefined ? { raceWindowMs: windowMs } : {}) });
  const running = await startReferenceServer({ faults, ...(windowMs !== undefined ? { raceWindowMs: windowMs } : {}) });
  const user = running.demoUsers.primary;
  return { baseUrl: running.baseUrl, authUrl: running.authUrl, clientId: user.clientId, clientSecret: user.clientSecret, close: running.close };
}

/** Runs `trials` trials against one fresh reference API; returns how many the oracle flagged. */
export async function measure(faults: FaultName[], windowMs: number | undefined, trials: number, o: SensitivityOptions): Promise<{ row: SensitivityRow; reports: TrialReport[] }> {
  const server = await startTarget(faults, windowMs, o.inProcess);
  try {
    const target = await directRaceTarget(server);
    const seed = seedPool.find((c) => !c.booked)!;
    const cert = { reference: seed.reference, legacyNumber: seed.legacyNumber };
    const unbookedRemoveStatus = await probeUnbookedRemove(target, cert.reference);
    const reports: TrialReport[] = [];
    for (let i = 0; i < trials; i += 1) {
      reports.push(await runTrial(target, { scenario: o.scenario, certificate: cert, n: o.n, unbookedRemoveStatus }));
    }
    const server_ = reports.flatMap((r) => (r.serverSpreadNs === undefined ? [] : [r.serverSpreadNs]));
    const row: SensitivityRow = {
      label: faults.length ? `${faults.join('+')} ${windowMs ?? 1} ms` : 'no fault',
      faults,
      trials,
      detected: reports.filter((r) => !r.verdict.ok).length,
      medianReleaseSpreadNs: median(reports.map((r) => r.releaseSpreadNs)),
    };
    if (windowMs !== undefined) row.windowMs = windowMs;
    if (server_.length) row.medianServerSpreadNs = median(server_);
    return { row, reports };
  } finally {
    await server.close();
  }
}

function formatRow(r: SensitivityRow): string {
  const what = r.faults.length ? `detected ${r.detected}/${r.trials}` : `false alarms ${r.detected}/${r.trials}`;
  const server = r.medianServerSpreadNs !== undefined ? `, server arrival spread median ${ms(r.medianServerSpreadNs)}` : '';
  return `${r.label.padEnd(24)} ${what.padEnd(22)} release spread median ${ms(r.medianReleaseSpreadNs)}${server}`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'window-ms': { type: 'string', default: '1' },
      trials: { type: 'string', default: '20' },
      'clean-trials': { type: 'string' },
      n: { type: 'string', default: '20' },
      fault: { type: 'string', default: 'race-window' },
      scenario: { type: 'string', default: 'book' },
      'in-process': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log('Usage: npm run race:sensitivity -- [--window-ms 1[,0.5,...]] [--trials 20] [--clean-trials 100] [--n 20] [--fault race-window] [--scenario book] [--in-process] [--json]');
    return 0;
  }
  const windows = values['window-ms'].split(',').map(Number);
  const trials = Number(values.trials);
  const cleanTrials = Number(values['clean-trials'] ?? values.trials);
  const n = Number(values.n);
  const problems: string[] = [];
  if (windows.some((w) => !Number.isFinite(w) || w < 0)) problems.push(`--window-ms must be non-negative numbers, got "${values['window-ms']}"`);
  if (!Number.isInteger(trials) || trials < 1) problems.push(`--trials must be a positive integer, got "${values.trials}"`);
  if (!Number.isInteger(cleanTrials) || cleanTrials < 0) problems.push(`--clean-trials must be a non-negative integer`);
  if (!Number.isInteger(n) || n < 2 || n > 200) problems.push(`--n must be an integer between 2 and 200, got "${values.n}"`);
  if (!isFaultName(values.fault)) problems.push(`unknown fault "${values.fault}"`);
  if (!SCENARIOS.includes(values.scenario as RaceScenario)) problems.push(`--scenario must be one of ${SCENARIOS.join(', ')}`);
  if (problems.length) {
    console.error(`race-sensitivity: ${problems.join('; ')}`);
    return 2;
  }
  const o: SensitivityOptions = { scenario: values.scenario as RaceScenario, n, inProcess: values['in-process'] };
  const fault = values.fault as FaultName;

  console.log(`race sensitivity: scenario ${o.scenario}, ${n} requests per trial, server ${o.inProcess ? 'in this process' : 'in a child process'}`);
  const rows: SensitivityRow[] = [];
  for (const w of windows) {
    const { row } = await measure([fault], w, trials, o);
    rows.push(row);
    if (!values.json) console.log(formatRow(row));
  }
  if (cleanTrials > 0) {
    const { row, reports } = await measure([], undefined, cleanTrials, o);
    rows.push(row);
    if (!values.json) console.log(formatRow(row));
    for (const r of reports.filter((x) => !x.verdict.ok).slice(0, 3)) console.log(`  false alarm: ${r.verdict.histogram}: ${r.verdict.violations.join('; ')}`);
  }
  if (values.json) console.log(JSON.stringify(rows, null, 2));
  // Non-zero exit only on false alarms: missed detections are a measurement, not a harness error.
  return rows.some((r) => r.faults.length === 0 && r.detected > 0) ? 1 : 0;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`race-sensitivity: ${(error as Error).stack ?? String(error)}`);
      process.exit(1);
    },
  );
}
