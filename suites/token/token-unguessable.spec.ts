import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, inconclusive, notApplicable, observe } from '../../fixtures/harness/verdicts.ts';
import type { ApiUserRole } from '../../fixtures/harness/api/partner-api.ts';
import { readTokens } from '../../fixtures/harness/token-time/guess.ts';
import { registerSecret } from '../../fixtures/harness/http/redact.ts';

const SAMPLES = 12;

test.describe('Access tokens cannot be guessed', () => {
  test(
    ...clauseTest(
      'tokens issued one after the other share no counter, clock or repeat, and enough of each is random',
      covers('RFC6749-10.10-GUESS'),
    ),
    async ({ api, environment }) => {
      const issue = async (as: ApiUserRole, label: string) => {
        const res = await api.requestToken(api.credentialsForm(as), { label: `${label} (read in memory only)` });
        const token = res.json<{ access_token?: unknown }>()?.access_token;
        if (res.status !== 200 || typeof token !== 'string')
          inconclusive(`${label} was answered HTTP ${res.status} without a token: the tokens could not be compared`);
        registerSecret(token);
        return token;
      };
      const tokens: string[] = [];
      // One after the other: the order they were issued in is what a counter shows.
      for (let i = 1; i <= SAMPLES; i += 1) tokens.push(await issue('primary', `token ${i} of ${SAMPLES}`));
      // A client handed its live token again is a server-side cache (RFC 6749 does not forbid it; the
      // life it states is PV-5-LIFETIME's): the distinct ones are compared, with one of each other user,
      // and a token issued to two clients is a repeat anyone could use.
      const distinct = [...new Set(tokens)];
      if (distinct.length < tokens.length)
        observe(
          'RFC6749-10.10-GUESS',
          `${tokens.length} token requests of one client were answered with ${distinct.length} distinct ` +
            `token${distinct.length === 1 ? '' : 's'}: the endpoint hands a client its live token again`,
        );
      const others = (['readOnly', 'limitedVenue', 'shortLived'] as const).filter((r) => environment.credentials[r]);
      for (const as of others) distinct.push(await issue(as, `a token of the ${as} user`));
      if (distinct.length < 2)
        notApplicable(
          'the token endpoint handed the one configured client its live token again on every request: there ' +
            'are no two tokens to compare',
        );
      const reading = readTokens(distinct);
      expect(
        reading.predictable,
        because(
          'RFC6749-10.10-GUESS',
          `an access token must not be guessable from others (RFC 6749 §10.10: at most 2^-128 odds of a ` +
            `guess), but ${reading.predictable}`,
        ),
      ).toBeUndefined();
      observe(
        'RFC6749-10.10-GUESS',
        `about ${reading.varyingBits} bits change from token to token ` +
          `(an upper bound of their entropy): ${reading.how}`,
      );
    },
  );
});
