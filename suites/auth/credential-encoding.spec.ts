import type { Credential } from '../../fixtures/environments/load.ts';
import { formDecode, formEncodeValue } from '../../fixtures/harness/http/form.ts';
import type { ApiUserRole } from '../../fixtures/harness/partner-api.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, covers, details, observe } from '../../fixtures/harness/verdicts.ts';
import { ways } from '../../fixtures/contract/ways-in.ts';

const ROLES: ApiUserRole[] = ['primary', 'limitedVenue', 'readOnly', 'shortLived'];

/** True when form encoding changes the secret: it holds reserved or non-ASCII characters. */
const needsEncoding = (secret: string) => formEncodeValue(secret) !== secret;

/** The configured users whose secrets only authenticate when encoded properly. */
function encodedUsers(credentials: Partial<Record<ApiUserRole, Credential>>): Array<{ role: ApiUserRole; cred: Credential }> {
  return ROLES.flatMap((role) => {
    const cred = credentials[role];
    return cred && needsEncoding(cred.clientSecret) ? [{ role, cred }] : [];
  });
}

/** A form body built by hand, with the secret placed exactly as given (not encoded again). */
function body(clientId: string, secretOnTheWire: string): string {
  return `grant_type=client_credentials&client_id=${formEncodeValue(clientId)}&client_secret=${secretOnTheWire}`;
}

// Specs compare presence only: a failure message must never carry a live token.
const tokenOf = (json: unknown) => (json && typeof json === 'object' ? (json as Record<string, unknown>).access_token : undefined);

test.describe('Credential encoding at the token endpoint', () => {
  test('every configured secret with reserved or non-ASCII characters authenticates when form-encoded (PV-4.1-ENCODED)', details(covers('PV-4.1-ENCODED'), ways('token-secret', { clientAuth: 'post' })), async ({ api, environment }) => {
    const users = encodedUsers(environment.credentials);
    test.skip(users.length === 0, `no configured secret of "${environment.name}" holds reserved or non-ASCII characters, so encoding cannot be probed`);
    for (const { role, cred } of users) {
      const res = await api.requestToken(body(cred.clientId, formEncodeValue(cred.clientSecret)), { label: `token for ${role}, secret form-encoded` });
      expect(res.status, because('PV-4.1-ENCODED', `the ${role} user's form-encoded secret authenticates, got HTTP ${res.status} ${res.text.slice(0, 200)}`)).toBe(200);
      expect(typeof tokenOf(res.json()), because('PV-4.1-ENCODED', `a token is issued to the ${role} user`)).toBe('string');
    }
  });

  test('a secret that differs after decoding (raw, double-encoded, truncated) does not authenticate (PV-4.1-ENCODING-STRICT, PV-5-RAW-SECRET)', covers('PV-4.1-ENCODING-STRICT', 'PV-5-RAW-SECRET'), async ({ api, environment }) => {
    const users = encodedUsers(environment.credentials);
    test.skip(users.length === 0, `no configured secret of "${environment.name}" holds reserved or non-ASCII characters, so encoding cannot be probed`);
    for (const { role, cred } of users) {
      const secret = cred.clientSecret;
      const chars = [...secret]; // code points: never cut a surrogate pair in half
      const wrongForms: Array<{ name: string; wire: string }> = [
        { name: 'double-encoded', wire: formEncodeValue(formEncodeValue(secret)) },
        { name: 'truncated by one character', wire: formEncodeValue(chars.slice(0, -1).join('')) },
      ];
      // The raw secret is only wrong when it decodes to something else (+, &, =, % do; é alone does not).
      const raw = body(cred.clientId, secret);
      const rawDecoded = formDecode(raw).find(([k]) => k === 'client_secret')?.[1];
      const rawRes = await api.requestToken(raw, { label: `token for ${role}, secret sent raw` });
      observe('PV-5-RAW-SECRET', `the ${role} user's secret sent without URL-encoding answered HTTP ${rawRes.status}${tokenOf(rawRes.json()) ? ' with a token' : ' without a token'}${rawDecoded === secret ? ' (it decodes to the same secret)' : ''}`);
      if (rawDecoded !== secret) {
        expect(tokenOf(rawRes.json()) !== undefined, because('PV-4.1-ENCODING-STRICT', `the ${role} user's raw secret decodes to a different secret and must not authenticate, got HTTP ${rawRes.status}`)).toBe(false);
        expect(rawRes.status, because('PV-4.1-ENCODING-STRICT', `the raw secret of the ${role} user is refused with a 4xx`)).toBeGreaterThanOrEqual(400);
      }
      for (const wrong of wrongForms) {
        const res = await api.requestToken(body(cred.clientId, wrong.wire), { label: `token for ${role}, secret ${wrong.name}` });
        expect(tokenOf(res.json()) !== undefined, because('PV-4.1-ENCODING-STRICT', `the ${role} user's secret ${wrong.name} must not authenticate, got HTTP ${res.status}`)).toBe(false);
        expect(res.status, because('PV-4.1-ENCODING-STRICT', `the ${role} user's secret ${wrong.name} is refused with a 4xx`)).toBeGreaterThanOrEqual(400);
        expect(res.status, because('PV-4-NO-5XX', `a wrong secret is a client mistake, not a server error (${wrong.name})`)).toBeLessThan(500);
      }
    }
  });
});
