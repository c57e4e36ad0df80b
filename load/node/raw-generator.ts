/**
 * Child process of load:bench (raw-ceiling.ts starts it; nothing imports it): autocannon's closed
 * loop on its own event loop, apart from the server's. Arguments: URL SECONDS CONNECTIONS; the
 * token comes in PVH_BENCH_TOKEN. Prints {requests, ok, seconds, p90, p99} as one JSON line.
 */
import autocannon from 'autocannon';

const [url = '', seconds, connections] = process.argv.slice(2);
const r = await autocannon({
  url,
  duration: Number(seconds),
  connections: Number(connections),
  headers: { authorization: `Bearer ${process.env.PVH_BENCH_TOKEN ?? ''}`, accept: 'application/json' },
});
console.log(
  JSON.stringify({
    requests: r.requests.total,
    ok: r['2xx'],
    seconds: r.duration,
    p90: r.latency.p90,
    p99: r.latency.p99,
  }),
);
