/** `npm run dashboards`: the Grafana dashboards of reporters/prometheus/dashboards/, built with Grafana's foundation
 * SDK. */
import path from 'node:path';
import { writeDashboards } from '../reporters/prometheus/dashboards/index.ts';
import { CommandError, runMain } from './lib/run-main.ts';

runMain({
  name: 'dashboards',
  summary:
    'Writes the Grafana dashboards (reporters/prometheus/dashboards/pvh-load.json, pvh-conformance.json) from ' +
    'their TypeScript builders.',
  options: {
    check: { type: 'boolean', help: 'write nothing; fail when a committed dashboard is stale' },
  },
  exitCodes: { 0: 'written, or (--check) up to date', 1: '--check: a dashboard is stale', 2: 'usage error' },
  run: (values) => {
    const stale = writeDashboards(!!values.check).map((f) => path.relative(process.cwd(), f));
    if (values.check && stale.length > 0)
      throw new CommandError(`${stale.join(', ')} stale; run npm run dashboards and commit`, 1);
    console.log(
      `dashboards: ${values.check ? 'up to date' : stale.length > 0 ? `wrote ${stale.join(', ')}` : 'nothing changed'}`,
    );
    return 0;
  },
});
