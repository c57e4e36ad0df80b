/**
 * What the coverage matrix needs to know of an environment, from its config alone: the pool, which
 * certificates may be written, which API users are configured. No credential value is read, so the
 * command works on a machine without the environment's secrets.
 */
import { importEnvironment } from '../fixtures/environments/load.ts';
import type { EnvironmentConfig } from '../fixtures/environments/types.ts';
import type { EnvironmentView } from './coverage-matrix.ts';

export async function environmentView(nameOrPath: string): Promise<EnvironmentView> {
  const config = (await importEnvironment(nameOrPath)) as EnvironmentConfig;
  const bookable = config.pool.filter((p) => p.role === 'bookable');
  const writable = !config.writes.allowed ? [] : config.writes.certificates ? bookable.filter((p) => config.writes.certificates!.includes(p.reference)) : bookable;
  const present = { clientId: '(configured)', clientSecret: '(configured)' };
  const c = config.credentials;
  return {
    name: config.name,
    pool: config.pool,
    writable,
    credentials: {
      primary: present,
      ...(c.limitedVenue ? { limitedVenue: { ...present, venues: c.limitedVenue.venues } } : {}),
      ...(c.readOnly ? { readOnly: present } : {}),
      ...(c.shortLived ? { shortLived: { ...present, maxLifetimeSeconds: c.shortLived.maxLifetimeSeconds } } : {}),
    },
  };
}
