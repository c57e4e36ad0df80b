/**
 * A booking body over the API's limit sent straight at the stage's nginx, to see whether nginx relays the API's
 * refusal (its 413) or a 502.
 */
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { bookingUrl } from '../../fixtures/contract/paths.ts';
import { formEncode } from '../../fixtures/contract/form.ts';
import { seedPool } from '../../fixtures/reference-api/index.ts';
import { GATEWAY_HEADER, type Stage } from './shape.ts';

/**
 * Books with a body of `bytes` (over the API's limit, under nginx's 1 MiB) straight at nginx
 * (mutual TLS, gateway key), `times` times, and returns what came back: nginx relays the API's
 * answer only when the API read the body before answering and closing.
 */
export async function oversizedThroughNginx(stage: Stage, bytes: number, times: number): Promise<number[]> {
  const form = formEncode({
    grant_type: 'client_credentials',
    client_id: stage.env.PVH_LOCAL_CLIENT_ID!,
    client_secret: stage.env.PVH_LOCAL_CLIENT_SECRET!,
  });
  const issued = await fetch(stage.direct.authUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const token = ((await issued.json()) as { access_token: string }).access_token;
  const url = new URL(bookingUrl(stage.urls.baseUrl, seedPool[0]!.reference));
  const agent = new https.Agent({
    ca: readFileSync(stage.files.ca),
    cert: readFileSync(stage.files.clientCert),
    key: readFileSync(stage.files.clientKey),
    passphrase: stage.secrets.passphrase,
  });
  const body = Buffer.from(JSON.stringify({ notes: 'x'.repeat(bytes) }));
  const headers = {
    authorization: `Bearer ${token}`,
    [GATEWAY_HEADER]: stage.secrets.subscriptionKey,
    'content-type': 'application/json',
    'content-length': String(body.length),
  };
  const statuses: number[] = [];
  try {
    for (let i = 0; i < times; i += 1) {
      statuses.push(
        await new Promise<number>((resolve, reject) => {
          const req = https.request(
            {
              host: '127.0.0.1',
              port: url.port,
              servername: url.hostname,
              path: url.pathname,
              method: 'POST',
              agent,
              headers: { host: url.host, ...headers },
            },
            (res) => {
              res.resume().once('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.once('error', reject).end(body);
        }),
      );
    }
  } finally {
    agent.destroy();
  }
  return statuses;
}
