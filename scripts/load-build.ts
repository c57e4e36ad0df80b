/** `npm run load:build`: bundles the k6 scenarios into dist/k6/ (load/node/build.ts). */
import path from 'node:path';
import { buildLoadBundles, DEFAULT_OUT_DIR } from '../load/node/build.ts';
import { CommandError, runMain } from './lib/run-main.ts';

runMain({
  name: 'load:build',
  summary: 'Bundles each k6 scenario in load/scenarios with esbuild into dist/k6/<scenario>.js.',
  options: {},
  exitCodes: { 0: 'bundled', 1: 'bundling failed (esbuild printed the located errors)', 2: 'usage error' },
  run: async () => {
    const started = Date.now();
    try {
      const { bundles } = await buildLoadBundles();
      console.log(
        `load:build: ${bundles.length} bundles in ${Date.now() - started} ms -> ` +
          `${path.relative(process.cwd(), DEFAULT_OUT_DIR)}/ ` +
          `(${bundles.map((b) => path.basename(b)).join(', ')})`,
      );
      return 0;
    } catch (error) {
      throw new CommandError(`bundling failed: ${(error as Error).message.split('\n')[0]}`, 1);
    }
  },
});
