/**
 * End to end: certify holds the standard token itself from its preflight on (fixtures/harness/token-time/run-hold.ts),
 * and a token that dies seconds after it was issued is still seen, named by PV-5-LIFETIME alone.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { certifyFault } from './lib/certify-fault.ts';

test('a token that dies 6 s after it was issued is NOT CONFORMANT, PV-5-LIFETIME its one root cause', async () => {
  test.setTimeout(180_000);
  const { code, out, results } = await certifyFault('token-dies-after-fixed');
  expect(code, out).toBe(1);
  expect(results.rootCauses?.map((c) => c.clause)).toEqual(['PV-5-LIFETIME']);
  const hold = results.tests.find((t) => t.file === 'suites/token/token-hold.spec.ts' && !t.ok);
  expect(hold?.errors.join('\n')).toMatch(/must keep working for its whole stated life/);
});
