import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, inconclusive, observe } from '../../fixtures/harness/verdicts.ts';
import { readTokens } from '../../fixtures/harness/token-time/guess.ts';
import { registerSecret } from '../../fixtures/harness/http/redact.ts';

const SAMPLES = 12;

test.describe('Access tokens cannot be guessed', () => {
  test(...clauseTest('tokens issued one after the other share no counter, clock or repeat, and enough of each is random', covers('RFC6749-10.10-GUESS')), async ({ api }) => {
    const tokens: string[] = [];
    // One after the other: the order they were issued in is what a counter shows.
    for (let i = 1; i <= SAMPLES; i += 1) {
      const res = await api.requestToken(api.credentialsForm(), { label: `token ${i} of ${SAMPLES} (read in memory only)` });
      const token = res.json<{ access_token?: unknown }>()?.access_token;
      if (res.status !== 200 || typeof token !== 'string') inconclusive(`token request ${i} of ${SAMPLES} was answered HTTP ${res.status} without a token: the tokens could not be compared`);
      registerSecret(token);
      tokens.push(token);
    }
    const reading = readTokens(tokens);
    expect(reading.predictable, because('RFC6749-10.10-GUESS', `an access token must not be guessable from others (RFC 6749 §10.10: at most 2^-128 odds of a guess), but ${reading.predictable}`)).toBeUndefined();
    observe('RFC6749-10.10-GUESS', `about ${reading.varyingBits} bits change from token to token (an upper bound of their entropy): ${reading.how}`);
  });
});
