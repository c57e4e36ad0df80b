/**
 * Tokens in load scenarios: setup() fetches one, every VU starts from its copy and refreshes it
 * shortly before expiry. Never a token per API request, which would load the token endpoint
 * instead of the API and hide token-lifetime bugs.
 */
import http, { type RefinedResponse, type ResponseType } from 'k6/http';
import { Counter } from 'k6/metrics';
import { loadNetwork, type ClientCredential } from './k6-config.ts';
import { formEncode } from '../../fixtures/contract/form.ts';

export const tokenRequests = new Counter('token_requests');
export const tokenRefreshFailures = new Counter('token_refresh_failures');

export interface HeldToken {
  accessToken: string;
  /** Epoch ms at which the server said the token expires. */
  expiresAt: number;
  lifetimeMs: number;
}

export function requestToken(
  authUrl: string,
  cred: ClientCredential,
  tags: Record<string, string> = {},
): RefinedResponse<ResponseType | undefined> {
  tokenRequests.add(1);
  const body = formEncode([
    ['grant_type', 'client_credentials'],
    ['client_id', cred.clientId],
    ['client_secret', cred.clientSecret],
  ]);
  return http.post(authUrl, body, {
    headers: {
      ...loadNetwork().headers.token,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    tags: { op: 'token', name: 'token', ...tags },
  });
}

/** Parses a token response; undefined when it is not a usable token. */
export function heldTokenFrom(res: RefinedResponse<ResponseType | undefined>, now = Date.now()): HeldToken | undefined {
  if (res.status !== 200) return undefined;
  try {
    const j = res.json() as { access_token?: unknown; expires_in?: unknown };
    if (typeof j.access_token !== 'string' || typeof j.expires_in !== 'number') return undefined;
    return { accessToken: j.access_token, expiresAt: now + j.expires_in * 1000, lifetimeMs: j.expires_in * 1000 };
  } catch {
    return undefined;
  }
}

/** For setup(): a token or a thrown one-line error (setup failure aborts the run, exit 107). */
export function fetchToken(authUrl: string, cred: ClientCredential): HeldToken {
  const res = requestToken(authUrl, cred, { phase: 'setup' });
  const held = heldTokenFrom(res);
  if (!held) throw new Error(`token request to ${authUrl} failed: HTTP ${res.status} ${res.error || ''}`.trim());
  return held;
}

/** A VU's token: refreshed when less than a quarter of its life (at most 60 s) is left. */
export class TokenKeeper {
  refreshes = 0;
  constructor(
    private readonly authUrl: string,
    private readonly cred: ClientCredential,
    private held: HeldToken,
  ) {}

  private margin(): number {
    return Math.min(60_000, this.held.lifetimeMs / 4);
  }

  bearer(): string {
    if (Date.now() >= this.held.expiresAt - this.margin()) {
      const next = heldTokenFrom(requestToken(this.authUrl, this.cred, { phase: 'refresh' }));
      if (next) {
        this.held = next;
        this.refreshes += 1;
      } else {
        tokenRefreshFailures.add(1);
      }
    }
    return this.held.accessToken;
  }
}
