import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, notTested, observe } from '../../fixtures/harness/verdicts.ts';
import { describeRefusal, refusalIssue } from '../../fixtures/harness/checks/refusal.ts';
import { carriesCertificate } from '../../fixtures/contract/certificate-body.ts';

test.describe('Comma-separated identifiers', () => {
  for (const kind of ['references', 'legacy numbers'] as const) {
    test(
      ...clauseTest(
        `a list of two ${kind} is refused with a 4xx problem, never a list or a certificate`,
        covers('PV-4.2-COMMA', 'PV-1-SINGLE', 'PV-4-NO-5XX'),
      ),
      async ({ api, environment }) => {
        const ids = environment.pool
          .map((p) => (kind === 'references' ? p.reference : p.legacyNumber))
          .filter((v): v is string => !!v);
        if (ids.length < 2)
          notTested({
            why: `the ${environment.name} pool names fewer than two ${kind}`,
            setting: 'pool',
            enable:
              `list at least two certificates${kind === 'legacy numbers' ? ' with their `legacyNumber`' : ''} ` +
              `in the pool`,
          });
        const list = `${ids[0]},${ids[1]}`;
        const res = await api.getCertificate(list);
        const body = res.json();
        expect(
          Array.isArray(body),
          because('PV-4.2-COMMA', `GET ${list} never answers a list (a batch: PV-1-SINGLE)`),
        ).toBe(false);
        expect(carriesCertificate(body), because('PV-4.2-COMMA', `GET ${list} returns no certificate`)).toBe(false);
        expect(refusalIssue(res), because('PV-4.2-COMMA', `GET ${list} is refused with a 4xx`)).toBeUndefined();
        observe('PV-4.2-COMMA', `a list of ${kind} answered ${describeRefusal(res)}`);
      },
    );
  }
});
