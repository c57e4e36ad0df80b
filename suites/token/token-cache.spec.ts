import { expect, test } from '../../fixtures/harness/test.ts';
import { because, covers } from '../../fixtures/harness/verdicts.ts';

// Refresh before expiry is proven at unit level with an injected clock in fixtures/harness/token-cache.test.ts
// (a harness test); here we prove the worker-level behaviour against the live target.
test.describe("The harness's token cache", () => {
  test('asks the token endpoint once per worker, however many API calls are made (RFC6749-TOKEN-CACHE)', covers('RFC6749-TOKEN-CACHE'), async ({ api, pool, tokenCaches }) => {
    const id = pool.any().reference;
    // Concurrent first calls must share one fetch; later calls must reuse the cached token.
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => api.getCertificate(id, { label: `cached token, burst ${i + 1}` })));
    for (let i = 0; i < 8; i += 1) burst.push(await api.getCertificate(id, { label: `cached token, call ${i + 1}` }));
    expect(burst.map((r) => r.status), because('PV-5-BEARER-ACCEPTED', 'every call with the cached token is served')).toEqual(burst.map(() => 200));
    expect(tokenCaches.for('primary').fetches, because('RFC6749-TOKEN-CACHE', '16 API calls in this worker needed exactly one token request')).toBe(1);
  });
});
