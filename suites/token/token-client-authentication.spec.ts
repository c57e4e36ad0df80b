import type { Credential } from '../../fixtures/environments/load.ts';
import { formEncode, formEncodeValue } from '../../fixtures/harness/http/form.ts';
import type { HttpResponse } from '../../fixtures/harness/http/client.ts';
import type { ApiUserRole } from '../../fixtures/harness/partner-api.ts';
import { validate } from '../../fixtures/contract/schemas/index.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, covers, details, observe, should } from '../../fixtures/harness/verdicts.ts';
import { ways } from '../../fixtures/contract/ways-in.ts';

const ROLES: ApiUserRole[] = ['primary', 'limitedVenue', 'readOnly', 'shortLived'];

/** HTTP Basic client authentication (RFC 6749 §2.3.1): id and secret form-encoded, then base64. */
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`, 'utf8').toString('base64')}`;
const encodedBasic = (c: Credential) => basic(formEncodeValue(c.clientId), formEncodeValue(c.clientSecret));
// Presence only: a failure message must never carry a live token.
const issued = (res: HttpResponse) => typeof res.json<Record<string, unknown>>()?.access_token === 'string';

/** The configured users whose secrets change under form encoding, so the encoding can be told apart. */
function usersWithEncodedSecrets(credentials: Partial<Record<ApiUserRole, Credential>>): Array<{ role: ApiUserRole; cred: Credential }> {
  return ROLES.flatMap((role) => {
    const cred = credentials[role];
    return cred && formEncodeValue(cred.clientSecret) !== cred.clientSecret ? [{ role, cred }] : [];
  });
}

test.describe('Token endpoint: client authentication by HTTP Basic', () => {
  test('where HTTP Basic client authentication works at all, the correctly form-encoded secret authenticates (RFC6749-2.3.1-BASIC-ENCODING, RFC6749-2.3.1-BASIC, PV-5-RAW-SECRET)', details(covers('RFC6749-2.3.1-BASIC-ENCODING', 'RFC6749-2.3.1-BASIC', 'PV-5-RAW-SECRET'), ways('token-basic-decoded', { clientAuth: 'basic' })), async ({ api, environment }) => {
    const users = usersWithEncodedSecrets(environment.credentials);
    test.skip(users.length === 0, `no configured secret of "${environment.name}" changes under form encoding, so Basic decoding cannot be probed`);
    const grant = formEncode({ grant_type: 'client_credentials' });
    for (const { role, cred } of users) {
      const encoded = await api.requestToken(grant, { headers: { authorization: encodedBasic(cred) }, label: `token for ${role}, Basic with the encoded secret` });
      const raw = await api.requestToken(grant, { headers: { authorization: basic(cred.clientId, cred.clientSecret) }, label: `token for ${role}, Basic with the raw secret` });
      expect(encoded.status, because('PV-4-NO-5XX', `Basic client authentication is answered without a server error, got HTTP ${encoded.status}`)).toBeLessThan(500);
      // Accepting the raw secret as well is lenient, not wrong (spec §5 rule 6: it "may fail"): recorded.
      observe('PV-5-RAW-SECRET', `the ${role} user's raw (not form-encoded) secret in HTTP Basic answered HTTP ${raw.status}${issued(raw) ? ' with a token' : ' without a token'}`);
      if (issued(encoded)) continue;
      // Basic works, but only without the encoding RFC 6749 §2.3.1 prescribes: the credentials are not decoded.
      expect(issued(raw), because('RFC6749-2.3.1-BASIC-ENCODING', `the ${role} user's raw secret authenticates through HTTP Basic but the correctly form-encoded one does not (HTTP ${encoded.status}): the server compares the credentials without form-decoding them`)).toBe(false);
      // Not supported at all is a warning (RFC 6749 says MUST support; the spec shows only the form).
      should(false, 'RFC6749-2.3.1-BASIC', `HTTP Basic client authentication with the ${role} user's encoded secret answered HTTP ${encoded.status} without a token`);
    }
  });
});

test.describe('Token endpoint: wrong credentials, whichever way they are sent', () => {
  for (const how of ['post', 'basic'] as const) {
    test(`a wrong secret and an unknown client get no token ${how === 'basic' ? 'through HTTP Basic' : 'in the form'} (RFC6749-5.2-INVALID-CLIENT)`, details(covers('RFC6749-5.2-INVALID-CLIENT'), ways('token-refused', { clientAuth: how })), async ({ api }) => {
      const c = api.env.credentials.primary;
      const wrong = [
        { name: 'a wrong client_secret', id: c.clientId, secret: `${c.clientSecret}-wrong` },
        { name: 'an unknown client_id', id: 'pvh-unknown-client-0000', secret: c.clientSecret },
      ];
      for (const w of wrong) {
        const res =
          how === 'basic'
            ? await api.requestToken(formEncode({ grant_type: 'client_credentials' }), { headers: { authorization: basic(formEncodeValue(w.id), formEncodeValue(w.secret)) }, label: `${w.name} through Basic` })
            : await api.requestToken({ grant_type: 'client_credentials', client_id: w.id, client_secret: w.secret }, { label: `${w.name} in the form` });
        expect(issued(res), because('RFC6749-5.2-INVALID-CLIENT', `no token is issued for ${w.name} (${how === 'basic' ? 'HTTP Basic' : 'form'}), got HTTP ${res.status}`)).toBe(false);
        expect([400, 401], because('RFC6749-5.2-INVALID-CLIENT', `${w.name} (${how === 'basic' ? 'HTTP Basic' : 'form'}) is 400 or 401, got HTTP ${res.status}`)).toContain(res.status);
      }
    });
  }
});

test.describe('Token endpoint: equivalent request forms', () => {
  test('a form body declared with a charset parameter is a form like any other (PV-4.1-FORM)', details(covers('PV-4.1-FORM'), ways('token-form', { media: 'plain' }, { media: 'charset' })), async ({ api }) => {
    for (const [media, contentType] of [['plain', 'application/x-www-form-urlencoded'], ['charset', 'application/x-www-form-urlencoded; charset=UTF-8']] as const) {
      const res = await api.requestToken(api.credentialsForm(), { headers: { 'content-type': contentType }, label: `token request, Content-Type ${contentType}` });
      expect(res.status, because('PV-4.1-FORM', `a token request sent as "${contentType}" is answered 200, got HTTP ${res.status} ${res.text.slice(0, 160)}`)).toBe(200);
      expect(issued(res), because('PV-4.1-FORM', `a token is issued for "${contentType}" (${media})`)).toBe(true);
    }
  });
});

// RFC 6749 §5.2: error and error_description use only %x20-21 / %x23-5B / %x5D-7E. Provoke errors
// with input the target might echo back: non-ASCII, a double quote and a backslash, in names and values.
const NASTY = 'é"\\ü';
test.describe('Token endpoint: error texts stay in the allowed ASCII set whatever the input', () => {
  test('errors provoked with non-ASCII, quote and backslash in every parameter name and value use only the allowed characters (RFC6749-5.2-ERROR-CHARSET)', covers('RFC6749-5.2-ERROR-CHARSET'), async ({ api }) => {
    const c = api.env.credentials.primary;
    const cases: Array<{ name: string; form: Array<[string, string]> }> = [
      { name: 'grant_type value', form: [['grant_type', `client${NASTY}`], ['client_id', c.clientId], ['client_secret', c.clientSecret]] },
      { name: 'client_id value', form: [['grant_type', 'client_credentials'], ['client_id', `nobody${NASTY}`], ['client_secret', c.clientSecret]] },
      { name: 'client_secret value', form: [['grant_type', 'client_credentials'], ['client_id', c.clientId], ['client_secret', `wrong${NASTY}`]] },
      { name: 'a repeated parameter name', form: [['grant_type', 'client_credentials'], ['client_id', c.clientId], ['client_secret', c.clientSecret], [`x${NASTY}`, '1'], [`x${NASTY}`, '2']] },
      { name: 'a parameter name, with grant_type missing', form: [[`grant${NASTY}`, 'client_credentials'], ['client_id', c.clientId], ['client_secret', c.clientSecret]] },
      { name: 'a repeated grant_type value', form: [['grant_type', 'client_credentials'], ['grant_type', `password${NASTY}`], ['client_id', c.clientId], ['client_secret', c.clientSecret]] },
    ];
    let errors = 0;
    for (const k of cases) {
      const res = await api.requestToken(k.form, { label: `token error provoked by ${k.name}` });
      expect(res.status, because('PV-4-NO-5XX', `odd characters in the ${k.name} are a client mistake, never a 5xx: got HTTP ${res.status}`)).toBeLessThan(500);
      if (res.status < 400) continue; // e.g. an unknown repeated parameter ignored: nothing to check here
      errors += 1;
      const body = res.json<Record<string, unknown>>();
      const schema = validate('oauthError', body);
      expect(schema.errors, because('RFC6749-5.2-ERROR-CHARSET', `the error provoked by odd characters in the ${k.name} is an RFC 6749 §5.2 body whose error and error_description use only the allowed ASCII characters; got ${res.text.slice(0, 200)}`)).toEqual([]);
    }
    expect(errors, because('RFC6749-5.2-ERROR-CHARSET', 'at least the unknown client and the wrong secret are refused')).toBeGreaterThanOrEqual(2);
  });
});
