/** `npm run sandbox:build`: the client check as one executable for Linux x64, no Node needed to run it
 * (fixtures/client-check/standalone.ts). */
import path from 'node:path';
import { buildStandalone, DEFAULT_STANDALONE } from '../fixtures/client-check/standalone.ts';
import { buildPortable } from '../fixtures/client-check/portable.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'sandbox:build',
  summary:
    `Builds ${path.relative(process.cwd(), DEFAULT_STANDALONE)}: npm run client:check as one Linux x64 ` +
    `executable (a Node single executable application) that a partner's CI runs without Node, npm or a clone; ` +
    `and beside it a portable folder and .tar.gz that carries its own glibc loader and libraries, for images ` +
    `without glibc (Alpine, distroless).`,
  options: {
    out: {
      type: 'string',
      value: 'FILE',
      help: `where to write it (default ${path.relative(process.cwd(), DEFAULT_STANDALONE)})`,
    },
  },
  exitCodes: {
    0: 'built',
    1: 'the build failed (not Linux x64, or esbuild, Node or postject said why)',
    2: 'usage error',
  },
  run: async (values) => {
    const t0 = Date.now();
    const built = await buildStandalone(values.out ? path.resolve(values.out) : undefined);
    console.log(
      `sandbox:build: ${values.out ?? path.relative(process.cwd(), built.file)} (${(built.bytes / 1e6).toFixed(1)} ` +
        `MB, Node ${built.node}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    console.log(
      `sandbox:build: run it as npm run client:check runs: ${values.out ?? path.relative(process.cwd(), built.file)} ` +
        `--help`,
    );
    // The same executable with its own loader and libraries: for images without glibc (Alpine, distroless).
    const portable = buildPortable(built.file);
    const rel = (f: string) => (path.isAbsolute(values.out ?? '') ? f : path.relative(process.cwd(), f));
    console.log(
      `sandbox:build: ${rel(portable.archive)} (${(portable.bytes / 1e6).toFixed(1)} MB; ` +
        `${rel(portable.folder)}/${path.basename(portable.folder)} with ${portable.libraries.join(', ')}): for ` +
        `images without glibc`,
    );
    return 0;
  },
});
