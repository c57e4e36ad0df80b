/**
 * `npm run peer:schemathesis [-- --env NAME] [--max-examples N] [--seed N]`
 *
 * A peer cross-check of docs/openapi.json: the pinned Schemathesis (installed into .tools/ from
 * PyPI, Python 3.11+) drives every operation of the document against a target (default: the
 * embedded reference API) with all its checks, a fixed seed and its stateful phase. Exit 0 when it
 * found nothing, ran the stateful phase and got a 2xx from every operation; 1 otherwise; 2 when it
 * cannot run here; 3 when the target gave no token. The logic is fixtures/harness/peers/schemathesis.ts.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { configFileFor, isPath } from '../fixtures/environments/load.ts';
import { PeerToolError } from '../fixtures/harness/peers/schemathesis-install.ts';
import { runPeerSchemathesis } from '../fixtures/harness/peers/schemathesis.ts';

/** The harness's property seed (README: Properties), so a failure replays with the same number. */
const DEFAULT_SEED = 20261121;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { env: { type: 'string', default: process.env.PVH_ENV ?? 'local' }, 'max-examples': { type: 'string', default: '100' }, seed: { type: 'string', default: String(DEFAULT_SEED) } },
    strict: true,
  });
  const maxExamples = Number(values['max-examples']);
  const seed = Number(values.seed);
  if (!Number.isInteger(maxExamples) || maxExamples < 1 || !Number.isInteger(seed)) {
    console.error('peer:schemathesis: --max-examples takes a positive integer and --seed an integer');
    return 2;
  }
  // A path is taken from where the command was typed.
  const env = isPath(values.env!) ? configFileFor(values.env!) : values.env!;
  try {
    return await runPeerSchemathesis({ env, seed, maxExamples });
  } catch (error) {
    if (!(error instanceof PeerToolError)) throw error;
    console.error(`peer:schemathesis: ${error.message}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
