/**
 * A stand-in remote-write endpoint on loopback that keeps what it is sent: each request's headers,
 * decompressed body and decoded series. The harness tests read it, and `npm run canary` points
 * certify and k6 at it and scans what they sent for secrets.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { decodeWriteRequest, uncompressBody, type DecodedSeries } from './remote-write-codec.ts';

export interface CapturedWrite {
  headers: IncomingHttpHeaders;
  /** The protobuf WriteRequest, decompressed (label values are plain UTF-8 in it). */
  raw: Buffer;
  series: DecodedSeries[];
}

export interface Capture {
  /** The remote-write URL, http://127.0.0.1:PORT/api/v1/write. */
  url: string;
  writes: CapturedWrite[];
  close(): Promise<void>;
}

export async function startCapture(): Promise<Capture> {
  const writes: CapturedWrite[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const raw = uncompressBody(Buffer.concat(chunks));
        writes.push({ headers: req.headers, raw, series: decodeWriteRequest(raw) });
        res.writeHead(204).end();
      } catch (error) {
        res.writeHead(400).end(`cannot decode: ${(error as Error).message}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/api/v1/write`,
    writes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
