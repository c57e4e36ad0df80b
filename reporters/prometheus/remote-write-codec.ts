/**
 * The Prometheus remote-write 1.0 body: a protobuf WriteRequest, snappy block-compressed
 * (prometheus.io/docs/specs/remote_write_spec). Its three messages are small and their field
 * numbers fixed by the spec, so they are encoded here by hand rather than through a protobuf
 * library and a .proto file; snappy comes from snappyjs (pure JS, no native build).
 *
 *   WriteRequest { repeated TimeSeries timeseries = 1; }
 *   TimeSeries   { repeated Label labels = 1; repeated Sample samples = 2; }
 *   Label        { string name = 1; string value = 2; }
 *   Sample       { double value = 1; int64 timestamp = 2; }   (milliseconds since the epoch)
 *
 * The decoder reads the same subset and skips every other field (k6 also sends metadata), for the
 * harness tests and the canary's capture of what was sent.
 */
import { compress, uncompress } from 'snappyjs';

/** One sample of one series: `name` becomes the `__name__` label. */
export interface Sample {
  name: string;
  labels: Readonly<Record<string, string>>;
  value: number;
  timestampMs: number;
}

/** A decoded series: every label (with `__name__`) and its samples. */
export interface DecodedSeries {
  labels: Record<string, string>;
  samples: Array<{ value: number; timestampMs: number }>;
}

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function varint(n: number): number[] {
  const out: number[] = [];
  let v = BigInt(n);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

function field(no: number, bytes: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([(no << 3) | 2, ...varint(bytes.length)]), bytes]);
}

function label(name: string, value: string): Buffer {
  return field(1, Buffer.concat([field(1, Buffer.from(name, 'utf8')), field(2, Buffer.from(value, 'utf8'))]));
}

function sample(value: number, timestampMs: number): Buffer {
  const v = Buffer.alloc(9);
  v[0] = (1 << 3) | 1;
  v.writeDoubleLE(value, 1);
  return field(2, Buffer.concat([v, Buffer.from([(2 << 3) | 0, ...varint(Math.round(timestampMs))])]));
}

/** The protobuf WriteRequest of `samples`, one series each, labels sorted by name as the spec requires. */
export function encodeWriteRequest(samples: readonly Sample[]): Buffer {
  return Buffer.concat(
    samples.map((s) => {
      const labels: Array<[string, string]> = [['__name__', s.name], ...Object.entries(s.labels)];
      for (const [n] of labels) if (!LABEL_NAME.test(n)) throw new Error(`not a Prometheus label name: "${n}"`);
      if (!LABEL_NAME.test(s.name)) throw new Error(`not a Prometheus metric name: "${s.name}"`);
      labels.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      // Empty label values mean "no label" to Prometheus: leave them out.
      const body = Buffer.concat([
        ...labels.filter(([, v]) => v !== '').map(([n, v]) => label(n, v)),
        sample(s.value, s.timestampMs),
      ]);
      return field(1, body);
    }),
  );
}

/** The body of a remote-write POST. */
export function writeRequestBody(samples: readonly Sample[]): Buffer {
  return Buffer.from(compress(new Uint8Array(encodeWriteRequest(samples))));
}

/** Reads protobuf fields of one message: field number, wire type and the value's bytes or number. */
function* fields(buf: Buffer): Generator<{ no: number; type: number; bytes: Buffer; at: number }> {
  let at = 0;
  const readVarint = (): bigint => {
    let v = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const b = buf[at++];
      if (b === undefined) throw new Error('truncated varint');
      v |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
  };
  while (at < buf.length) {
    const key = Number(readVarint());
    const no = key >> 3;
    const type = key & 7;
    const start = at;
    if (type === 0) {
      const v = readVarint();
      yield { no, type, bytes: Buffer.from(v.toString()), at: start };
    } else if (type === 1 || type === 5) {
      at += type === 1 ? 8 : 4;
      yield { no, type, bytes: buf.subarray(start, at), at: start };
    } else if (type === 2) {
      const len = Number(readVarint());
      const from = at;
      at += len;
      if (at > buf.length) throw new Error('truncated field');
      yield { no, type, bytes: buf.subarray(from, at), at: start };
    } else throw new Error(`unsupported wire type ${type}`);
  }
}

/** The series of a WriteRequest (protobuf, not compressed). */
export function decodeWriteRequest(buf: Buffer): DecodedSeries[] {
  const out: DecodedSeries[] = [];
  for (const ts of fields(buf)) {
    if (ts.no !== 1 || ts.type !== 2) continue;
    const series: DecodedSeries = { labels: {}, samples: [] };
    for (const f of fields(ts.bytes)) {
      if (f.no === 1 && f.type === 2) {
        let name = '';
        let value = '';
        for (const l of fields(f.bytes)) {
          if (l.no === 1 && l.type === 2) name = l.bytes.toString('utf8');
          if (l.no === 2 && l.type === 2) value = l.bytes.toString('utf8');
        }
        series.labels[name] = value;
      } else if (f.no === 2 && f.type === 2) {
        const s = { value: Number.NaN, timestampMs: 0 };
        for (const x of fields(f.bytes)) {
          if (x.no === 1 && x.type === 1) s.value = x.bytes.readDoubleLE(0);
          if (x.no === 2 && x.type === 0) s.timestampMs = Number(x.bytes.toString());
        }
        series.samples.push(s);
      }
    }
    out.push(series);
  }
  return out;
}

/** Decompresses a remote-write POST body (snappy block format). */
export function uncompressBody(body: Buffer): Buffer {
  return Buffer.from(uncompress(new Uint8Array(body)));
}
