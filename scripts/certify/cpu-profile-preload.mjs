/**
 * Loaded into every Node process of a profiled certify run (`--import` in NODE_OPTIONS, npm run certify:profile):
 * samples the process's main thread with V8's profiler and writes `<pid>.cpuprofile` into PVH_CPU_PROFILE_DIR when
 * the process exits. A worker killed before its exit handler runs leaves no profile; the summary counts what it read.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.PVH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  // 1 ms, V8's default: at 0.5 ms the run took half as long again.
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  process.once('exit', () => {
    // The inspector answers synchronously inside an exit handler.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      const file = path.join(dir, `${process.pid}.cpuprofile`);
      writeFileSync(file, JSON.stringify({ ...result.profile, argv: process.argv.slice(1) }));
    });
  });
}
