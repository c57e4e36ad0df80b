/**
 * What the coverage matrix needs to know of an environment, from its config alone: the pool, which
 * certificates may be written, which API users are configured. No credential value is read, so the
 * command works on a machine without the environment's secrets.
 */
import { DEFAULT_CLOCK_SKEW_SECONDS, importEnvironment, probedCertificates } from '../../fixtures/environments/load.ts';
import type { EnvironmentConfig } from '../../fixtures/environments/types.ts';
import type { EnvironmentView } from './matrix.ts';

export async function environmentView(nameOrPath: string): Promise<EnvironmentView & { acceptedGaps: NonNullable<EnvironmentConfig['acceptedGaps']> }> {
  const config = (await importEnvironment(nameOrPath)) as EnvironmentConfig;
  const bookable = config.pool.filter((p) => p.role === 'bookable');
  const writable = !config.writes.allowed ? [] : config.writes.certificates ? bookable.filter((p) => config.writes.certificates!.includes(p.reference)) : bookable;
  const present = { clientId: '(configured)', clientSecret: '(configured)' };
  const c = config.credentials;
  return {
    name: config.name,
    pool: config.pool,
    writable,
    probed: probedCertificates(config),
    credentials: {
      primary: present,
      ...(c.limitedVenue ? { limitedVenue: { ...present, venues: c.limitedVenue.venues } } : {}),
      ...(c.readOnly ? { readOnly: present } : {}),
      ...(c.shortLived ? { shortLived: { ...present, maxLifetimeSeconds: c.shortLived.maxLifetimeSeconds, clockSkewSeconds: c.shortLived.clockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS } } : {}),
      ...(c.legacy ? { legacy: { username: '(configured)', password: '(configured)' } } : {}),
    },
    // The embedded reference serves the old interface wherever it starts; other configs name it.
    ...(config.legacyBaseUrl || config.embeddedReference ? { legacyBaseUrl: config.legacyBaseUrl ?? '(embedded)' } : {}),
    ...(config.legacyBaseUrl === null && !config.embeddedReference ? { noLegacyInterface: true as const } : {}),
    acceptedGaps: config.acceptedGaps ?? [],
    ...(config.certify?.tokenHoldSeconds !== undefined ? { tokenHoldSeconds: config.certify.tokenHoldSeconds } : {}),
  };
}
