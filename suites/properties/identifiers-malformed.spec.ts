import { malformedIdentifier } from '../../fixtures/harness/arbitraries/identifiers.ts';
import { carriesCertificate } from '../../fixtures/contract/certificate-body.ts';
import { OnceNotes } from '../../fixtures/harness/properties/notes.ts';
import { FailingRunRecorder } from '../../fixtures/harness/properties/recorder.ts';
import { describe, is2xx, is4xx } from '../../fixtures/harness/properties/responses.ts';
import { checkProperty, laneCount } from '../../fixtures/harness/properties/runner.ts';
import { numRunsFor, propertySettings, seedLabel, testTimeoutFor } from '../../fixtures/harness/properties/settings.ts';
import { exampleExpect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers } from '../../fixtures/harness/verdicts.ts';

const settings = propertySettings();

// Read-only: runs on every environment, production included.
test.describe('Property: malformed identifiers', () => {
  test(
    ...clauseTest(
      `refuses any malformed, listed or composite identifier with a 4xx problem and no certificate, ` +
        seedLabel(settings),
      covers('PV-2.2-MALFORMED', 'PV-4.2-COMMA', 'PV-2.2-COMPOSITE', 'PV-2.2-LEGACY', 'PV-4-NO-5XX'),
    ),
    async ({ api, environment, exchanges }) => {
      test.setTimeout(testTimeoutFor(settings));
      const recorder = new FailingRunRecorder(exchanges);
      const notes = new OnceNotes();
      const known = environment.pool.map((p) => ({
        reference: p.reference,
        ...(p.legacyNumber ? { legacyNumber: p.legacyNumber } : {}),
      }));

      // Only reads: examples run side by side on lanes of nothing.
      const lanes = Array.from({ length: laneCount(settings, api.pacer) }, () => undefined);
      await checkProperty(
        malformedIdentifier(known),
        async (id) => {
          const res = await api.getCertificate(id.segment, { label: `get ${id.kind}` });
          exampleExpect(
            res.status,
            because(
              'PV-4-NO-5XX',
              `GET with a ${id.kind} identifier (${id.segment}) is a client mistake, never a 5xx: got ${describe(res)}`,
            ),
          ).toBeLessThan(500);
          if (id.kind === 'leading-zeros' && is2xx(res.status)) {
            // Still numeric (spec §2.2): resolving it as the same orderItemId is reasonable; another certificate is
            // not.
            const number = id.segment.replace(/^0+/, '');
            const expected = known.find((k) => k.legacyNumber === number)?.reference;
            const got = res.json<{ certificateReferenceNumber?: unknown }>()?.certificateReferenceNumber;
            exampleExpect(
              got,
              because(
                'PV-2.2-LEGACY',
                `a legacy number with leading zeros (${id.segment}), when answered, names the certificate of ` +
                  `${number}, got ${describe(res)}`,
              ),
            ).toBe(expected);
            notes.observe(
              'PV-2.2-MALFORMED',
              `a legacy number with leading zeros resolves to the certificate of that number (HTTP ${res.status})`,
            );
            return;
          }
          exampleExpect(
            carriesCertificate(res.json()),
            because(id.clause, `a ${id.kind} identifier (${id.segment}) returns no certificate, got ${describe(res)}`),
          ).toBe(false);
          exampleExpect(
            is4xx(res.status),
            because(id.clause, `a ${id.kind} identifier (${id.segment}) is refused with a 4xx, got ${describe(res)}`),
          ).toBe(true);
        },
        { settings, numRuns: numRunsFor(settings, { quick: 150, nightly: 3000 }), recorder, lanes },
      );
    },
  );
});
