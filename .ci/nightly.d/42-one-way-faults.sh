# Faults that break a behaviour on one way in only (#18; ONE_WAY_FAULTS in
# fixtures/reference-api/faults/faults.ts): certify the embedded reference API with each one at the default
# worker count, where every worker owns a slice of the pool (the mutation run gives each fault one
# worker and the whole pool). Each must end NOT CONFORMANT with the fault's own clause failing: a
# fault caught only through another clause's test would be reported under the wrong clause. Only the
# tests tagged with the fault's clause run (--grep, as the mutation run does): they are the ones that
# must catch it, still sliced over the default worker count; the rest would only cost CI minutes.
set -uo pipefail
tsx=node_modules/.bin/tsx
mapfile -t faults < <("$tsx" --eval 'import { ONE_WAY_FAULTS } from "./fixtures/reference-api/index.ts"; console.log(ONE_WAY_FAULTS.join("\n"));')
[ "${#faults[@]}" -gt 0 ] || { echo "no one-way faults listed (ONE_WAY_FAULTS in fixtures/reference-api/faults/faults.ts)"; exit 1; }
base="${PVH_REPORT_DIR:-reports}/one-way-faults"
mkdir -p "$base"
bad=0
for fault in "${faults[@]}"; do
  dir="$base/$fault"
  clause="$(FAULT="$fault" "$tsx" --eval 'import { faultCatalogue } from "./fixtures/reference-api/index.ts"; console.log(faultCatalogue[process.env.FAULT as keyof typeof faultCatalogue].clause);')"
  REF_FAULTS="$fault" PVH_REPORT_DIR="$dir" npm run certify -- --grep "@${clause}(?![\\w.-])" >"$dir.log" 2>&1
  code=$?
  line="$(FAULT="$fault" RESULTS="$dir/certification/results.json" "$tsx" --eval '
    import { readFileSync } from "node:fs";
    import { faultCatalogue, ONE_WAY_FAULTS } from "./fixtures/reference-api/index.ts";
    const fault = ONE_WAY_FAULTS.find((f) => f === process.env.FAULT)!;
    const own = faultCatalogue[fault].clause;
    const results = JSON.parse(readFileSync(process.env.RESULTS!, "utf8"));
    const failing = results.clauses.filter((c: { verdict: string }) => c.verdict === "fail").map((c: { id: string }) => c.id);
    console.log(`${results.verdict}, ${own} ${failing.includes(own) ? "failed" : "DID NOT FAIL"} (failing: ${failing.join(", ") || "none"})`);
    process.exit(results.verdict === "NOT CONFORMANT" && failing.includes(own) ? 0 : 1);
  ' 2>&1)"
  ok=$?
  if [ "$code" -ne 1 ] || [ "$ok" -ne 0 ]; then bad=$((bad + 1)); echo "SURVIVED $fault: certify exit $code, $line (log: $dir.log)"; else echo "killed $fault: $line"; fi
done
echo "one-way faults at the default worker count: $(( ${#faults[@]} - bad ))/${#faults[@]} caught by their own clause"
[ "$bad" -eq 0 ]
