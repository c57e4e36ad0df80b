/**
 * Where the diagnosis's experiments run: after the suites, alone (nothing else in flight), against
 * the run's target, on pool certificates no experiment used yet and read unbooked first. Every
 * request is recorded (redacted, labelled "experiment: …") for the evidence; whatever an experiment
 * books, the lab removes at the end, even when the experiment stopped half-way.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ResolvedEnvironment } from '../../../fixtures/environments/load.ts';
import type { PoolCertificate } from '../../../fixtures/environments/types.ts';
import { containsValue } from '../../../fixtures/contract/json-walk.ts';
import { ExchangeLog, HttpClient, type HttpResponse } from '../../../fixtures/harness/http/client.ts';
import { CookieJars } from '../../../fixtures/harness/http/cookies.ts';
import { Pacer, workerShare } from '../../../fixtures/harness/http/pacer.ts';
import { extraHeadersFor } from '../../../fixtures/harness/network/headers.ts';
import { fetchToken, PartnerApi, TokenCaches, type ApiUserRole } from '../../../fixtures/harness/partner-api.ts';
import { is2xx } from '../../../fixtures/harness/properties/responses.ts';

export interface Fresh {
  /** Only certificates at a venue outside these (the venue-limited user's). */
  outside?: readonly string[];
  /** Only certificates at one of these venues. */
  inside?: readonly string[];
  /** Only certificates that name their legacy number. */
  legacy?: boolean;
  /** Other API users who read it too before it is used (a state each user copies when first reading it shows then). */
  readAs?: readonly ApiUserRole[];
}

export class Lab {
  readonly log = new ExchangeLog();
  readonly api: PartnerApi;
  readonly http: HttpClient;
  private readonly used = new Set<string>();
  /** Writable certificates fresh() found booked. */
  private readonly booked = new Set<string>();

  constructor(
    readonly env: ResolvedEnvironment,
    /** When the experiments' time is up (Date.now() time). */
    private readonly deadline: number,
  ) {
    const cookies = new CookieJars();
    const options = { timeoutMs: env.requestTimeoutMs, network: env.network, extraHeaders: (url: string) => extraHeadersFor(env.network, env, url), pacer: new Pacer(workerShare(env.certify, 1)), cookies };
    this.http = new HttpClient(this.log, options);
    const tokens = new TokenCaches((role) => fetchToken(new HttpClient(this.log, options), env, role));
    this.api = new PartnerApi(env, this.http, tokens, cookies);
  }

  leftMs(): number {
    return this.deadline - Date.now();
  }

  /** A writable pool certificate no experiment used yet, readable now; undefined when none is left. */
  async fresh(want: Fresh = {}): Promise<PoolCertificate | undefined> {
    for (const c of this.env.writable) {
      if (this.used.has(c.reference) || (want.legacy && !c.legacyNumber)) continue;
      if (want.outside?.includes(c.venue) || (want.inside && !want.inside.includes(c.venue))) continue;
      // One that reads booked is a leftover (a removal of the run's that did not free it): leftover() has it.
      const first = await this.read(c.reference, 'before the experiment');
      if (first.status !== 200) {
        this.used.add(c.reference);
        continue;
      }
      if (!readsUnbooked(first.info)) {
        this.booked.add(c.reference);
        continue;
      }
      this.used.add(c.reference);
      for (const as of want.readAs ?? []) await this.read(c.reference, `as the ${as} user, before the experiment`, as);
      return c;
    }
    return undefined;
  }

  /** A writable certificate that read booked when fresh() passed it over, and still does: a booking the run left. */
  async leftover(): Promise<PoolCertificate | undefined> {
    for (const c of this.env.writable) {
      if (!this.booked.has(c.reference) || this.used.has(c.reference)) continue;
      this.used.add(c.reference);
      const r = await this.read(c.reference, 'a booking left behind?');
      if (r.status === 200 && !readsUnbooked(r.info)) return c;
    }
    return undefined;
  }

  /**
   * A fresh certificate booked by the primary user with `booking`. One that turns out to be booked
   * already (409) is passed over, an earlier run's leftover. Undefined `cert`: none took the booking.
   */
  async bookFresh(booking: { bookingReference: string }, want: Fresh = {}, by: 'reference' | 'legacy' = 'reference'): Promise<{ cert?: PoolCertificate; res?: HttpResponse; refused?: HttpResponse }> {
    for (let tries = 0; tries < 3; tries += 1) {
      const cert = await this.fresh(by === 'legacy' ? { ...want, legacy: true } : want);
      if (!cert) break;
      const id = by === 'legacy' ? cert.legacyNumber! : cert.reference;
      const res = await this.api.book(id, booking, { label: `experiment: book ${id}` });
      if (is2xx(res.status)) return { cert, res };
      if (res.status !== 409) return { refused: res };
    }
    return {};
  }

  /**
   * The certificate's bookingInfo as `as` reads it, and whether it is booked where the answer tells:
   * its isBooked where the target has one (the spec names none), else false for a bookingInfo object
   * with nothing in it ({booked: false, notes: null, …}); a missing bookingInfo tells nothing.
   */
  async read(id: string, why: string, as: ApiUserRole = 'primary'): Promise<{ status: number; info: unknown; booked?: boolean; res: HttpResponse }> {
    const res = await this.api.getCertificate(id, { as, label: `experiment: read ${id} (${why})` });
    const body = res.status === 200 ? res.json<{ bookingInfo?: unknown; isBooked?: unknown }>() : undefined;
    // Beside bookingInfo, or inside it: shapes differ where the spec is silent.
    const inner = body?.bookingInfo && typeof body.bookingInfo === 'object' ? (body.bookingInfo as { isBooked?: unknown }).isBooked : undefined;
    const empty = typeof body?.bookingInfo === 'object' && body.bookingInfo !== null && readsUnbooked(body.bookingInfo) ? false : undefined;
    const booked = typeof body?.isBooked === 'boolean' ? body.isBooked : typeof inner === 'boolean' ? inner : empty;
    return { status: res.status, info: body?.bookingInfo, ...(booked !== undefined ? { booked } : {}), res };
  }

  /**
   * Reads `id` until `done` holds of its bookingInfo or `maxMs` (within the lab's time) has passed:
   * how long the target kept answering the state from before a write.
   */
  async readUntil(id: string, why: string, done: (info: unknown) => boolean, maxMs: number, as: ApiUserRole = 'primary'): Promise<{ held: boolean; afterMs: number; reads: number; lastBooked?: boolean }> {
    const t0 = Date.now();
    for (let reads = 1; ; reads += 1) {
      const r = await this.read(id, why, as);
      if (r.status === 200 && done(r.info)) return { held: true, afterMs: Date.now() - t0, reads };
      if (Date.now() - t0 >= maxMs || this.leftMs() < 500) return { held: false, afterMs: Date.now() - t0, reads, ...(r.booked !== undefined ? { lastBooked: r.booked } : {}) };
      await sleep(250);
    }
  }

  /** Removes whatever the experiments booked (as the primary user), then closes the connections. */
  async close(): Promise<string[]> {
    const left: string[] = [];
    for (const id of [...this.api.touched]) {
      const res = await this.api.removeBooking(id, { label: 'cleanup' }).catch(() => undefined);
      if (!res || (!is2xx(res.status) && res.status >= 500)) left.push(id);
    }
    await this.http.dispose();
    return left;
  }
}

/** Whether a bookingInfo shows the booking that sent `bookingReference`. */
export const shows = (info: unknown, bookingReference: string): boolean => containsValue(info, bookingReference);


/** Whether a bookingInfo shows no booking: absent, or every member empty (null, '', false), or isBooked false. */
export function readsUnbooked(info: unknown): boolean {
  if (info === null || info === undefined) return true;
  if (typeof info !== 'object' || Array.isArray(info)) return false;
  const o = info as Record<string, unknown>;
  return o.isBooked === false || Object.values(o).every((v) => v === null || v === '' || v === false);
}
