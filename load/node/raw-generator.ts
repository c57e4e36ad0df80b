/**
 * Child process of load:bench (raw-ceiling.ts starts it; nothing imports it): a closed-loop GET
 * generator on its own event loop, apart from the server's. Arguments: URL SECONDS CONNECTIONS;
 * the token comes in PVH_BENCH_TOKEN. Prints {requests, ok, seconds, p95} as one JSON line.
 */
import { Pool } from 'undici';

const u = new URL(process.argv[2] ?? '');
const seconds = Number(process.argv[3]);
const connections = Number(process.argv[4]);
const pool = new Pool(u.origin, { connections, pipelining: 1 });
const headers = { authorization: `Bearer ${process.env.PVH_BENCH_TOKEN ?? ''}`, accept: 'application/json' };
const latencies: number[] = [];
let ok = 0;
let requests = 0;
const until = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const t = performance.now();
      try {
        const res = await pool.request({ path: u.pathname, method: 'GET', headers });
        await res.body.dump();
        if (res.statusCode === 200) ok += 1;
      } catch {
        // counted as a non-ok request
      }
      requests += 1;
      latencies.push(performance.now() - t);
    }
  }),
);
await pool.close();
latencies.sort((a, b) => a - b);
console.log(JSON.stringify({ requests, ok, seconds, p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0 }));
