import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, notTested, observe } from '../../fixtures/harness/verdicts.ts';
import { describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';
import { carriesCertificate } from '../../fixtures/contract/certificate-body.ts';

/** Well-formed identifiers that no environment's pool is expected to hold. */
const unknown = { reference: 'QZ0PVH9Q', 'legacy number': '987654321987' } as const;

test.describe('Unknown, well-formed identifiers', () => {
  for (const [kind, id] of Object.entries(unknown)) {
    test(
      ...clauseTest(
        `an unknown ${kind} is a 4xx problem, never a certificate`,
        covers('PV-4.2-UNKNOWN', 'PV-4-NO-5XX'),
      ),
      async ({ api, environment }) => {
        if (environment.pool.some((p) => p.reference === id || p.legacyNumber === id))
          notTested({
            why: `${id}, the harness's unknown ${kind}, is in the ${environment.name} pool`,
            setting: 'pool',
            enable: `remove ${id} from the pool`,
          });
        const res = await api.getCertificate(id);
        expect(
          refusalIssue(res),
          because('PV-4.2-UNKNOWN', `GET of unknown ${kind} ${id} is refused with a 4xx`),
        ).toBeUndefined();
        expect(
          carriesCertificate(res.json()),
          because('PV-4.2-UNKNOWN', `unknown ${kind} ${id} returns no certificate`),
        ).toBe(false);
        observe('PV-4.2-UNKNOWN', `an unknown ${kind} answered ${describeRefusal(res)}`);
      },
    );
  }
});
