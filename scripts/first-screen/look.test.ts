/** What the first screen must lead with (#42): the decision and its first reason before any count or ring, accepted
 * gaps named. */
import { _baseTest as test, expect } from '@playwright/test';
import { firstScreenEnv } from '../report/report.ts';
import { firstScreenProblems } from './look.ts';

const noGo = { decision: 'NO-GO', gaps: [], root: 'PV-3-REMOVE', failedTests: 4 };
const goWithGaps = { decision: 'GO', gaps: ['PV-5-LIFETIME'], failedTests: 0 };

test(
  'an Allure first screen whose title is the suite name, then the ring, fails; one that opens with NO-GO and ' +
    'the root cause holds',
  () => {
    expect(
      firstScreenProblems(
        'allure',
        'Report\nPartner Voucher API: conformance and load (release decision NO-GO)\n97.2%',
        noGo,
      ),
    ).toEqual([
      'the title "Partner Voucher API: conformance and load (release decision NO-GO)" does not open with the ' +
        'decision NO-GO',
      'the title does not name the first root cause PV-3-REMOVE',
    ]);
    expect(
      firstScreenProblems(
        'allure',
        'Report\nNO-GO: PV-3-REMOVE (MUST) broken: … · local: NOT CONFORMANT\nNovember 27\n83.2%\nFailed\n4',
        noGo,
      ),
    ).toEqual([]);
    // Allure's Failed counts the tests: the verdict, root-cause and decision entries once added 3 to it.
    expect(firstScreenProblems('allure', 'Report\nNO-GO: PV-3-REMOVE (MUST) broken\nFailed\n7', noGo)).toEqual([
      'Failed shows 7, but 4 tests failed',
    ]);
  },
);

test('GO with accepted gaps says so on both pages; "Certification: CONFORMANT" alone does not', () => {
  expect(firstScreenProblems('allure', 'Report\nGO · local: CONFORMANT\n100%', goWithGaps)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/does not open with the decision GO/),
      'the accepted gap in PV-5-LIFETIME is not named on the first screen',
    ]),
  );
  expect(
    firstScreenProblems(
      'certification',
      'certification local: CONFORMANT\nRelease decision from this certification:\nGO\nAccepted gaps (the ' +
        "config's, not tested): PV-5-LIFETIME: a run lasts seconds",
      goWithGaps,
    ),
  ).toEqual([]);
  expect(
    firstScreenProblems('certification', 'Release decision from this certification:\nGO-ish', goWithGaps),
  ).toHaveLength(2);
});

test("the report's title and variables lead with the decision, its first root cause and the accepted gaps", () => {
  const cert = {
    verdict: 'NOT CONFORMANT',
    run: { environment: 'local', id: 'r1', settings: [] },
    rootCauses: [{ clause: 'PV-3-REMOVE', level: 'MUST' }],
    acceptedGaps: [{ clause: 'PV-5-LIFETIME', reasons: ['a run lasts seconds'] }],
  } as never;
  const env = firstScreenEnv('NO-GO', ['root cause: PV-3-REMOVE: …'], cert, '147 results: 147 tests');
  expect(env.PVH_ALLURE_TITLE).toMatch(/^NO-GO: PV-3-REMOVE \(MUST\) broken: Removing the booking/);
  const variables = JSON.parse(env.PVH_ALLURE_VARIABLES!) as Record<string, string>;
  expect(Object.keys(variables).slice(0, 4)).toEqual([
    'Release decision',
    'Why',
    'Accepted gaps',
    'What the counts count',
  ]);
  expect(variables['Accepted gaps']).toBe('PV-5-LIFETIME: a run lasts seconds');
  expect(Buffer.from(env.PVH_ALLURE_LOGO!.split(',')[1]!, 'base64').toString()).toContain('>NO-GO<');
  const go = firstScreenEnv('GO', [], { ...(cert as object), verdict: 'CONFORMANT', rootCauses: [] } as never, '');
  expect(go.PVH_ALLURE_TITLE).toBe('GO with accepted gaps in PV-5-LIFETIME · local: CONFORMANT');
});
