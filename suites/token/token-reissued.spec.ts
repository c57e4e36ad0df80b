import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, inconclusive, notApplicable, observe } from '../../fixtures/harness/verdicts.ts';
import { registerSecret } from '../../fixtures/harness/http/redact.ts';

/** Between the requests: longer than the whole-second tolerance, so a full expires_in on a token handed out again
 * overstates its life. */
const GAP_MS = 2500;

test.describe('A token handed out again', () => {
  test(
    ...clauseTest('a token the endpoint hands out again states no more life than it has left', covers('PV-5-LIFETIME')),
    async ({ api }) => {
      const ask = async (label: string) => {
        const at = Date.now();
        const res = await api.requestToken(api.credentialsForm(), { label: `${label} (read in memory only)` });
        const body = res.json<{ access_token?: unknown; expires_in?: unknown }>();
        if (res.status !== 200 || typeof body?.access_token !== 'string' || typeof body.expires_in !== 'number')
          inconclusive(`${label} was answered HTTP ${res.status} without a token and a numeric expires_in`);
        registerSecret(body.access_token);
        return { token: body.access_token, expiresIn: body.expires_in, at, done: Date.now() };
      };
      const first = await ask('token 1');
      // A new token at once: the endpoint hands nothing out again, and no wait is needed to know it.
      if ((await ask('token 2, at once')).token !== first.token)
        notApplicable('the token endpoint issued a new token for the second request: no token was handed out again');
      await sleep(GAP_MS); // the time passing is what is checked
      const again = await ask(`token 3, ${GAP_MS / 1000} s later`);
      if (again.token !== first.token)
        notApplicable(
          `the token endpoint handed its token out again at once, but issued a new one ${GAP_MS / 1000} s later`,
        );
      // The latest end the first answer can have stated against the earliest the second one states: a
      // token issued anywhere within each request's round trip, and a second of whole-second rounding.
      const overstated = (again.at + again.expiresIn * 1000 - (first.done + first.expiresIn * 1000)) / 1000;
      observe(
        'PV-5-LIFETIME',
        `the token endpoint handed the same token out again ${((again.at - first.at) / 1000).toFixed(1)} s ` +
          `later, with expires_in ${again.expiresIn} (first ${first.expiresIn})`,
      );
      expect(
        overstated,
        because(
          'PV-5-LIFETIME',
          `a token handed out again must state no more life than it has left, but the second answer's ` +
            `expires_in ${again.expiresIn} puts its end ${overstated.toFixed(1)} s after the end the first ` +
            `answer stated (expires_in ${first.expiresIn}, ${((again.at - first.at) / 1000).toFixed(1)} s ` +
            `earlier): it dies before the life the second answer states`,
        ),
      ).toBeLessThanOrEqual(1);
    },
  );
});
