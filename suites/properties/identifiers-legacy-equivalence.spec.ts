import fc from 'fast-check';
import { FailingRunRecorder } from '../../fixtures/harness/properties/recorder.ts';
import { describe } from '../../fixtures/harness/properties/responses.ts';
import { checkProperty, laneCount } from '../../fixtures/harness/properties/runner.ts';
import { numRunsFor, propertySettings, seedLabel, testTimeoutFor } from '../../fixtures/harness/properties/settings.ts';
import { exampleExpect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, needs } from '../../fixtures/harness/verdicts.ts';

const settings = propertySettings();

// Read-only: runs on every environment, production included.
test.describe('Property: legacy numbers and references name the same certificate', () => {
  test(
    ...clauseTest(
      `reads the same certificate by legacy number as by reference, over the pool, ${seedLabel(settings)}`,
      covers('PV-2.2-LEGACY'),
      needs('legacyNumber'),
    ),
    async ({ api, environment, exchanges }) => {
      test.setTimeout(testTimeoutFor(settings));
      const withLegacy = environment.pool.filter((p) => p.legacyNumber !== undefined);
      const recorder = new FailingRunRecorder(exchanges);
      // Fields that stay put while other tests book and unbook (bookingInfo does not); names only where the environment
      // gives them.
      const stable = environment.config.model?.productFields ?? [];

      const runs = numRunsFor(settings, { quick: Math.min(30, withLegacy.length), nightly: withLegacy.length * 4 });
      // Only reads: examples run side by side on lanes of nothing.
      const lanes = Array.from({ length: laneCount(settings, api.pacer) }, () => undefined);
      await checkProperty(
        fc.constantFrom(...withLegacy),
        async (cert) => {
          // Two reads, side by side.
          const [byLegacy, byReference] = await Promise.all([
            api.getCertificate(cert.legacyNumber!, { label: 'get by legacy number' }),
            api.getCertificate(cert.reference, { label: 'get by reference' }),
          ]);
          exampleExpect(
            byLegacy.status,
            because(
              'PV-2.2-LEGACY',
              `GET by legacy number ${cert.legacyNumber} answers 200, got ${describe(byLegacy)}`,
            ),
          ).toBe(200);
          exampleExpect(
            byReference.status,
            because('PV-4.2-GET', `GET by reference ${cert.reference} answers 200, got ${describe(byReference)}`),
          ).toBe(200);
          const legacyBody = byLegacy.json<Record<string, unknown>>();
          const referenceBody = byReference.json<Record<string, unknown>>();
          exampleExpect(
            legacyBody?.certificateReferenceNumber,
            because('PV-2.2-LEGACY', `legacy number ${cert.legacyNumber} resolves to ${cert.reference}`),
          ).toBe(cert.reference);
          exampleExpect(
            legacyBody?.certificateReferenceNumber,
            because('PV-2.2-LEGACY', 'both identifiers give the same certificateReferenceNumber'),
          ).toBe(referenceBody?.certificateReferenceNumber);
          for (const field of stable) {
            exampleExpect(
              legacyBody?.[field],
              because('PV-2.2-LEGACY', `both identifiers give the same ${field}`),
            ).toEqual(referenceBody?.[field]);
          }
        },
        { settings, numRuns: runs, recorder, lanes },
      );
    },
  );
});
