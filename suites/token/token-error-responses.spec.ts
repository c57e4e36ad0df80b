import { validate } from '../../fixtures/contract/schemas/index.ts';
import type { HttpResponse } from '../../fixtures/harness/http/client.ts';
import { expect, test } from '../../fixtures/harness/test.ts';
import { because, clauseTest, covers, observe, should } from '../../fixtures/harness/verdicts.ts';
import { oauthErrorIssue } from '../../fixtures/harness/checks/client-credentials.ts';

/** A client_id no target issues: the run-independent prefix makes it recognisable in logs. */
const UNKNOWN_CLIENT = 'pvh-unknown-client-0000';

/** A grant type no server supports: only unsupported_grant_type fits it. */
const MADE_UP_GRANT = 'pvh_no_such_grant';

/** Grants a shared server may serve to other clients, each with its own parameters, none of them valid. */
const SERVED_TO_OTHERS: ReadonlyArray<{ grant: string; params: Record<string, string> }> = [
  { grant: 'password', params: { username: 'pvh-no-such-user', password: 'pvh-no-such-password' } },
  { grant: 'authorization_code', params: { code: 'pvh-no-such-code', redirect_uri: 'https://pvh.invalid/callback' } },
  { grant: 'refresh_token', params: { refresh_token: 'pvh-no-such-refresh-token' } },
  { grant: 'urn:ietf:params:oauth:grant-type:jwt-bearer', params: { assertion: 'pvh.no-such.assertion' } },
];
const SHARED_ANSWERS = ['unsupported_grant_type', 'unauthorized_client', 'invalid_grant'];

/** Checks every token-endpoint error shares: the RFC 6749 §5.2 body (charset included) and no-store. */
function checkErrorBody(res: HttpResponse, what: string): Record<string, unknown> | undefined {
  expect(
    oauthErrorIssue(res),
    because(
      'RFC6749-5.2-ERROR-MEMBER',
      `${what}: the refusal is an RFC 6749 §5.2 error, a JSON object with a string error member`,
    ),
  ).toBeUndefined();
  const body = res.json<Record<string, unknown>>();
  const schema = validate('oauthError', body);
  expect(
    schema.errors,
    because(
      'RFC6749-5.2-ERROR-CHARSET',
      `${what}: the error body is an RFC 6749 §5.2 object using only the allowed ASCII characters (got ` +
        `${res.text.slice(0, 200)})`,
    ),
  ).toEqual([]);
  const cacheControl = (res.header('cache-control') ?? '').toLowerCase();
  should(
    cacheControl
      .split(',')
      .map((s) => s.trim())
      .includes('no-store'),
    'RFC6749-5.1-NO-STORE',
    `${what}: error response has Cache-Control "${cacheControl || '(absent)'}", expected no-store`,
  );
  return body;
}

test.describe('Token endpoint: refused requests', () => {
  test(
    ...clauseTest(
      'refuses a request without grant_type with 400 invalid_request',
      covers('RFC6749-5.2-INVALID-REQUEST', 'RFC6749-5.2-ERROR-MEMBER', 'RFC6749-5.2-ERROR-CHARSET'),
    ),
    async ({ api }) => {
      const { grant_type: _omitted, ...form } = api.credentialsForm();
      const res = await api.requestToken(form);
      expect(
        res.json<Record<string, unknown>>()?.access_token !== undefined,
        because('RFC6749-5.2-INVALID-REQUEST', 'no token is issued without grant_type'),
      ).toBe(false);
      expect(res.status, because('RFC6749-5.2-INVALID-REQUEST', 'a request without grant_type is 400')).toBe(400);
      const body = checkErrorBody(res, 'missing grant_type');
      expect(body?.error, because('RFC6749-5.2-INVALID-REQUEST', 'the error code is invalid_request')).toBe(
        'invalid_request',
      );
    },
  );

  test(
    ...clauseTest(
      'refuses a grant type no server supports with 400 unsupported_grant_type',
      covers('RFC6749-5.2-UNSUPPORTED-GRANT', 'RFC6749-5.2-ERROR-MEMBER', 'RFC6749-5.2-ERROR-CHARSET'),
    ),
    async ({ api }) => {
      const res = await api.requestToken({ ...api.credentialsForm(), grant_type: MADE_UP_GRANT });
      expect(
        res.json<Record<string, unknown>>()?.access_token !== undefined,
        because('RFC6749-5.2-UNSUPPORTED-GRANT', `no token is issued for grant_type=${MADE_UP_GRANT}`),
      ).toBe(false);
      expect(
        res.status,
        because('RFC6749-5.2-UNSUPPORTED-GRANT', `an unsupported grant type is 400, got HTTP ${res.status}`),
      ).toBe(400);
      const body = checkErrorBody(res, `grant_type=${MADE_UP_GRANT}`);
      expect(
        body?.error,
        because(
          'RFC6749-5.2-UNSUPPORTED-GRANT',
          `a grant type the server does not support at all is unsupported_grant_type, ` +
            `got ${JSON.stringify(body?.error)}`,
        ),
      ).toBe('unsupported_grant_type');
    },
  );

  // A real platform's token endpoint serves other grants to other clients: for one of those, a
  // client-credentials client may get unauthorized_client ("not authorized to use this grant type"),
  // or invalid_grant from a server that looks the made-up code or credentials up first (RFC 6749 §5.2).
  test(
    ...clauseTest(
      `refuses the grants a shared server serves to other clients with 400 and no token (${SHARED_ANSWERS.join(', ')})`,
      covers('RFC6749-5.2-UNSUPPORTED-GRANT', 'RFC6749-5.2-ERROR-MEMBER', 'RFC6749-5.2-ERROR-CHARSET'),
    ),
    async ({ api }) => {
      const broken: string[] = [];
      const answered: string[] = [];
      for (const { grant, params } of SERVED_TO_OTHERS) {
        const res = await api.requestToken(
          { ...api.credentialsForm(), grant_type: grant, ...params },
          { label: `grant_type=${grant}` },
        );
        if (res.json<Record<string, unknown>>()?.access_token !== undefined) {
          broken.push(`${grant}: a token was issued (HTTP ${res.status})`);
          continue;
        }
        const body = checkErrorBody(res, `grant_type=${grant}`);
        answered.push(`${grant}: HTTP ${res.status} ${String(body?.error)}`);
        if (res.status !== 400 || !SHARED_ANSWERS.includes(String(body?.error)))
          broken.push(`${grant}: HTTP ${res.status} error ${JSON.stringify(body?.error)}`);
      }
      observe(
        'RFC6749-5.2-UNSUPPORTED-GRANT',
        `grants a shared server may serve to other clients: ${answered.join('; ')}`,
      );
      expect(
        broken,
        because(
          'RFC6749-5.2-UNSUPPORTED-GRANT',
          `a client-credentials client asking for another grant gets no token, ` +
            `400 and one of ${SHARED_ANSWERS.join(', ')}`,
        ),
      ).toEqual([]);
    },
  );

  const badClients: Array<{ name: string; form: (f: Record<string, string>) => Record<string, string> }> = [
    { name: 'a wrong client_secret', form: (f) => ({ ...f, client_secret: `${f.client_secret}-wrong` }) },
    { name: 'an unknown client_id', form: (f) => ({ ...f, client_id: UNKNOWN_CLIENT }) },
  ];
  for (const bad of badClients) {
    test(
      ...clauseTest(
        `refuses ${bad.name} with 400 or 401 invalid_client and no token`,
        covers('RFC6749-5.2-INVALID-CLIENT', 'RFC6749-5.2-ERROR-MEMBER', 'RFC6749-5.2-ERROR-CHARSET'),
      ),
      async ({ api }) => {
        const res = await api.requestToken(bad.form(api.credentialsForm()));
        expect(
          res.json<Record<string, unknown>>()?.access_token !== undefined,
          because('RFC6749-5.2-INVALID-CLIENT', `no token is issued for ${bad.name}`),
        ).toBe(false);
        expect(
          [400, 401],
          because('RFC6749-5.2-INVALID-CLIENT', `${bad.name} is 400 or 401, got HTTP ${res.status}`),
        ).toContain(res.status);
        const body = checkErrorBody(res, bad.name);
        expect(body?.error, because('RFC6749-5.2-INVALID-CLIENT', 'the error code is invalid_client')).toBe(
          'invalid_client',
        );
      },
    );
  }
});
