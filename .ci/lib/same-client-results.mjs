// Compares two client reports (results.json) as a partner's CI reads them: exit code, verdict,
// summary, requests, scenarios played, and each rule's verdict, requests and reasons (numbers
// masked: a wait measured in one run is 1.0 s, in the other 1.1 s). Exit 0 when they agree, else 1
// with each difference.
import { readFileSync } from 'node:fs';

const mask = (s) => (s ?? '').replace(/\d+(\.\d+)?/g, 'N');
const view = (file) => {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    exitCode: r.exitCode,
    verdict: r.verdict,
    summary: r.summary,
    strict: r.strict,
    requests: r.requests,
    scenarios: r.scenarios.played.map((p) => `${p.name}#${p.seq}`).join(' '),
    foreignRemovals: r.foreignRemovals.map((x) => x.seq).join(' '),
    ...Object.fromEntries(
      r.rules.map((x) => [x.id, `${x.verdict} ${x.requests.map((q) => `#${q.seq} ${mask(q.why)}`).join('; ')}`]),
    ),
  };
};
const [a, b] = process.argv.slice(2).map(view);
const diffs = Object.keys({ ...a, ...b }).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
for (const k of diffs)
  console.log(`  ${k}: standalone ${JSON.stringify(a[k])}; npm run client:check ${JSON.stringify(b[k])}`);
process.exit(diffs.length ? 1 : 0);
