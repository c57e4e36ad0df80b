import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, needs, observe } from '../../fixtures/harness/verdicts.ts';
import { describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';
import { carriesCertificate } from '../../fixtures/contract/certificate-body.ts';
import { lookAlike } from '../../fixtures/harness/checks/look-alike.ts';

/** Each case builds a path segment (already URL-safe) from a real reference and its legacy number. */
const cases: Array<{ name: string; build: (ref: string, legacy: string) => string }> = [
  { name: 'a 7-character reference', build: (ref) => ref.slice(0, 7) },
  { name: 'a 9-character reference', build: (ref) => `${ref}A` },
  { name: 'a reference with a non-alphanumeric character', build: (ref) => `${ref.slice(0, 3)}-${ref.slice(4)}` },
  { name: 'a reference holding a percent-encoded slash', build: (ref) => `${ref.slice(0, 4)}%2F${ref.slice(4)}` },
  { name: 'a negative legacy number', build: (_ref, legacy) => `-${legacy}` },
  { name: 'a legacy number that overflows 64 bits', build: () => '184467440737095516161844674407' },
  { name: 'a reference with a Unicode look-alike letter', build: (ref) => encodeURIComponent(lookAlike(ref)) },
];

test.describe('Malformed identifiers in the certificate path', () => {
  for (const c of cases) {
    test(
      ...clauseTest(
        `refuses ${c.name} with a 4xx problem and no certificate`,
        covers('PV-2.2-MALFORMED', 'PV-4-NO-5XX'),
      ),
      async ({ api, environment }) => {
        const cert = environment.pool.find((p) => p.legacyNumber) ?? environment.pool[0]!;
        const id = c.build(cert.reference, cert.legacyNumber ?? '5000101');
        const res = await api.getCertificate(id);
        expect(
          refusalIssue(res),
          because('PV-2.2-MALFORMED', `GET with ${c.name} (${id}) is refused with a 4xx`),
        ).toBeUndefined();
        expect(
          carriesCertificate(res.json()),
          because('PV-2.2-MALFORMED', `${c.name} (${id}) returns no certificate`),
        ).toBe(false);
        observe('PV-2.2-MALFORMED', `${c.name} answered ${describeRefusal(res)}`);
      },
    );
  }

  // Still digits only, so still a legacy number by §2.2: resolving it as the same orderItemId is a
  // reasonable reading; answering another certificate is not.
  test(
    ...clauseTest(
      'answers a legacy number with leading zeros with a 4xx problem or with that same certificate',
      covers('PV-2.2-LEGACY', 'PV-2.2-MALFORMED'),
      needs('legacyNumber'),
    ),
    async ({ api, environment }) => {
      const cert = environment.pool.find((p) => p.legacyNumber);
      const id = `00${cert!.legacyNumber!}`;
      const res = await api.getCertificate(id);
      if (res.status >= 200 && res.status < 300) {
        const got = res.json<{ certificateReferenceNumber?: unknown }>()?.certificateReferenceNumber;
        expect(
          got,
          because(
            'PV-2.2-LEGACY',
            `${id} is answered with the certificate of legacy number ${cert!.legacyNumber}, got ${JSON.stringify(got)}`,
          ),
        ).toBe(cert!.reference);
        observe(
          'PV-2.2-MALFORMED',
          `a legacy number with leading zeros resolves to the certificate of that number (HTTP ${res.status})`,
        );
        return;
      }
      expect(
        refusalIssue(res),
        because('PV-2.2-MALFORMED', `GET ${id} is refused with a 4xx or answered with certificate ${cert!.reference}`),
      ).toBeUndefined();
      expect(
        carriesCertificate(res.json()),
        because('PV-2.2-MALFORMED', `the refusal of ${id} carries no certificate`),
      ).toBe(false);
      observe('PV-2.2-MALFORMED', `a legacy number with leading zeros answered ${describeRefusal(res)}`);
    },
  );
});
