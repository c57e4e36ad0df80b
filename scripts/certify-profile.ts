/** `npm run certify:profile`: one certify of the embedded reference with every Node process's CPU profiled, and
 * where that CPU went (scripts/certify/profile-summary.ts). */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { onStopSignals } from '../fixtures/harness/run/stop-signals.ts';
import { PROJECT_ROOT } from '../fixtures/harness/support/project-root.ts';
import { describeProfiles, summarizeProfile, type CpuProfile } from './certify/profile-summary.ts';
import { runMain } from './lib/run-main.ts';

const PRELOAD = path.join(PROJECT_ROOT, 'scripts', 'certify', 'cpu-profile-preload.mjs');

runMain({
  name: 'certify:profile',
  summary:
    "Certifies the embedded reference API once with V8's CPU profiler in every Node process (certify, " +
    "Playwright's runner, each worker), keeps the profiles and prints each process's sampled CPU by kind " +
    '(module loading, HTTP, the reference API, Allure, …). The profiler slows the run: take times from ' +
    'certify:bench.',
  options: {},
  environment: {
    PVH_REPORT_DIR: "where the run's reports and cpu-profile/ are written (default reports)",
  },
  exitCodes: {
    0: 'the run ended CONFORMANT and its profiles were read',
    1: 'the run did not end CONFORMANT, or left no profile',
  },
  run: async () => {
    const reportDir = path.resolve(process.env.PVH_REPORT_DIR ?? 'reports');
    const dir = path.join(reportDir, 'cpu-profile');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const started = performance.now();
    const code = await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(PROJECT_ROOT, 'scripts', 'launch.mjs'), path.join(PROJECT_ROOT, 'scripts', 'certify.ts')],
        {
          cwd: PROJECT_ROOT,
          stdio: ['ignore', 'inherit', 'inherit'],
          env: {
            ...process.env,
            PVH_REPORT_DIR: reportDir,
            PVH_CPU_PROFILE_DIR: dir,
            NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(PRELOAD).href}`.trim(),
          },
        },
      );
      // certify reports a stop itself (exit 3); its profiles are still read, so this waits for it.
      const off = onStopSignals((signal) => child.kill(signal));
      child.on('exit', (c) => {
        off();
        resolve(c ?? 1);
      });
    });
    const seconds = (performance.now() - started) / 1000;
    const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
    const processes = files
      .map((f) => summarizeProfile(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CpuProfile))
      .sort((a, b) => b.busySeconds - a.busySeconds);
    console.log(`certify:profile: certify exit ${code} in ${seconds.toFixed(1)} s`);
    for (const line of describeProfiles(processes)) console.log(`certify:profile: ${line}`);
    console.log(
      `certify:profile: ${files.length} profiles in ${path.relative(process.cwd(), dir)}/ (Chrome DevTools ` +
        'opens a .cpuprofile); threads of the module loaders are not sampled',
    );
    return code === 0 && files.length > 0 ? 0 : 1;
  },
});
