import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, inconclusive, observe } from '../../fixtures/harness/verdicts.ts';
import { earlyRefusal, seconds } from '../../fixtures/harness/token-time/judge.ts';
import { failed } from '../../fixtures/harness/token-time/clock.ts';
import { watchedHold } from '../../fixtures/harness/token-time/read-watch.ts';

// A primary token is held from the worker's first test on (token-time/clock.ts), for 6 s by
// default or certify.tokenHoldSeconds, and used once more here, late in the run: a token that dies
// early, or that a newer one ends, shows here.
test.describe('A token keeps working for its stated life', () => {
  test(...clauseTest('a token still works seconds after it was issued, and after a newer token of its user was issued', covers('PV-5-LIFETIME')), async ({ tokenClock, exchanges }) => {
    const w = await watchedHold(tokenClock, exchanges);
    // The token request the spec shows, refused: nothing of the token's life can be judged.
    if (failed(w)) return expect(w.tokenStatus, because('PV-4.1-FORM', w.failed)).toBe(200);
    const [fresh] = w.probes;
    // Refused at once while another, issued right after, is accepted: this one was ended (another token of its user issued meanwhile), valid tokens are not refused.
    if (fresh?.status === 401 && w.freshAgain?.status === 200) expect(fresh.status, because('PV-5-LIFETIME', `a token just issued was refused at once (HTTP 401), while another of the same user, issued right after, was accepted: something ended the first before its stated life ${w.expiresIn} s was over (another token of the same user, issued meanwhile by this run?)`)).not.toBe(401);
    expect(fresh?.status, because('PV-5-BEARER-ACCEPTED', `a token just issued is accepted at once, got HTTP ${fresh?.status ?? '(no answer)'}`)).toBe(200);
    if (w.afterNewToken) {
      expect(w.afterNewToken.status, because('PV-5-LIFETIME', `issuing a newer token of the same user must not end the earlier one, whose expires_in ${w.expiresIn} had not passed: it was refused ${seconds(w.afterNewToken.at)} after it was requested, right after the newer token was issued`)).toBe(200);
    }
    const early = earlyRefusal(w);
    expect(early, because('PV-5-LIFETIME', `a token with expires_in ${w.expiresIn} must keep working for its whole stated life, but it was refused ${seconds(early?.at ?? 0)} after it was requested`)).toBeUndefined();
    const last = w.probes.at(-1)!;
    if (last.at < Math.min(w.targetMs, w.expiresIn * 1000 - 1500) - 1000) inconclusive(`the token was held for ${seconds(last.at)} of the ${seconds(w.targetMs)} planned: ${w.stoppedBy ?? 'the watch ended early'}`);
    observe('PV-5-LIFETIME', `a token with expires_in ${w.expiresIn} kept working for ${seconds(last.at)} (${w.probes.length} uses)${w.afterNewToken ? ', also after a newer token of its user was issued' : ''}`);
  });
});
