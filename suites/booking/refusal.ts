/**
 * Non-asserting helpers for refusal checks: what is wrong with a response that should be a 4xx, and
 * the bookingInfo of a certificate read back, to prove a refused request booked nothing. Specs
 * assert on what these return.
 */
import type { HttpResponse } from '../../fixtures/harness/http/client.ts';
import type { PartnerApi } from '../../fixtures/harness/partner-api.ts';

/** undefined when `res` is a 4xx refusal; otherwise what was seen (a 5xx also names PV-4-NO-5XX). */
export function refusalIssue(res: HttpResponse): string | undefined {
  if (res.status >= 400 && res.status < 500) return undefined;
  const seen = `got HTTP ${res.status} ${res.text.slice(0, 160)}`.trim();
  return res.status >= 500 ? `${seen} - [PV-4-NO-5XX] a client mistake never produces a 5xx` : seen;
}

/** The bookingInfo member of a certificate read back as the primary user (undefined if unreadable). */
export async function bookingInfoOf(api: PartnerApi, id: string): Promise<unknown> {
  const res = await api.getCertificate(id, { label: `read back ${id}` });
  if (res.status !== 200) return { unreadable: `HTTP ${res.status}` };
  return res.json<{ bookingInfo?: unknown }>()?.bookingInfo;
}

/** How a refusal was answered, for observe(): status and problem name. */
export function describeRefusal(res: HttpResponse): string {
  const body = res.json<{ title?: unknown; type?: unknown }>();
  const name = typeof body?.title === 'string' ? body.title : typeof body?.type === 'string' ? body.type : '(no problem name)';
  return `HTTP ${res.status} ${name}`;
}
