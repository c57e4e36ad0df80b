/** `npm run janitor`: removes the bookings earlier runs left behind (fixtures/harness/pool/janitor.ts). */
import { environmentName } from '../fixtures/environments/open-target.ts';
import { cleanEnvironment } from '../fixtures/harness/pool/janitor.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'janitor',
  summary:
    'Removes bookings whose bookingInfo holds a PVH- reference from the writable pool certificates, and nothing else.',
  options: {
    env: { type: 'string', value: 'NAME|PATH', help: 'environment config (default $PVH_ENV or local)' },
    'allow-production': { type: 'boolean', help: 'clean an environment whose config does not allow writes' },
    'dry-run': { type: 'boolean', help: 'report what would be removed, remove nothing' },
  },
  exitCodes: {
    0: 'clean (or nothing to clean)',
    1: 'a certificate could not be read or cleaned',
    2: 'usage or config error',
    3: 'refused: writes are not allowed there',
  },
  run: (values) =>
    cleanEnvironment(values.env ?? environmentName(), {
      allowProduction: !!values['allow-production'],
      dryRun: !!values['dry-run'],
    }),
});
