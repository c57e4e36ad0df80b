/**
 * Bodies every target must refuse, each alone on a fresh certificate: refused and writing nothing,
 * they show that a check which saw bookingInfo change around such a refusal saw another write show
 * late (a stale read), not the refusal written. Explains only: a body accepted, or refused and
 * written, leaves the clause to its check's own answer.
 */
import type { ClauseId } from '../../../fixtures/contract/clauses.ts';
import { is2xx } from '../../../fixtures/harness/properties/responses.ts';
import { notShown, type ClauseFinding, type Experiment } from './experiment.ts';
import { booking, noCert } from './state.ts';
import { shows } from './lab.ts';

/** The clause, what its body is, and the body (from a valid booking, to find it in a read if written). */
const KINDS: ReadonlyArray<[ClauseId, string, (b: ReturnType<typeof booking>) => string]> = [
  ['PV-4.3-MALFORMED', 'a body that is not JSON', (b) => JSON.stringify(b).slice(0, -1)],
  ['PV-4.3-OBJECT', 'a JSON array of one booking', (b) => JSON.stringify([b])],
  ['PV-2.3-TYPES', 'a booking whose notes are a number', (b) => JSON.stringify({ ...b, notes: 42 })],
];

export const refusedBodiesWritten: Experiment = {
  name: 'refused-bodies-written',
  hypothesis: 'a booking body every target must refuse was refused and written anyway',
  clauses: [],
  explains: KINDS.map(([clause]) => clause),
  async run(lab) {
    let cert = await lab.fresh();
    if (!cert) return { notRun: noCert };
    const findings: ClauseFinding[] = [];
    for (const [clause, what, body] of KINDS) {
      if (!cert) break;
      const b = booking(`${what} must be refused`);
      const res = await lab.api.book(cert.reference, undefined, { rawBody: body(b), label: `experiment: ${what} for ${cert.reference}` });
      const after = await lab.read(cert.reference, `did ${what} write anything?`);
      if (!is2xx(res.status) && res.status < 500 && after.booked === false && !shows(after.info, b.bookingReference)) {
        findings.push(notShown(clause, `${what}, alone on ${cert.reference} (read unbooked first), was refused with HTTP ${res.status} and the next read showed it unbooked: a refusal that writes nothing`));
      } else {
        // Accepted or written: its check's answer stands; the next kind gets a certificate of its own.
        cert = await lab.fresh();
      }
    }
    return { findings };
  },
};
