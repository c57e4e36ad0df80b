# k6: provision (finds or builds k6 v2.2.0 into .tools/), then every scenario's smoke profile
# against the embedded reference API; thresholds must hold, and each run must leave k6's web
# dashboard beside its summary (the README promises reports/load/<scenario>-dashboard.html).
# The runs take the certification's run ID (10-certify.sh): the gate counts only load results of
# the certification's own run and environment (fixtures/judgement/release/decision.ts selectLoad).
set -e
npm run k6:ensure
dir="${PVH_REPORT_DIR:-reports}/load-smoke"
certified="${PVH_REPORT_DIR:-reports}/certify/certification/results.json"
case "$certified" in /*) ;; *) certified="$(pwd)/$certified" ;; esac
PVH_RUN_ID="$(node -p 'require(process.argv[1]).run.id' "$certified")"
export PVH_RUN_ID
for scenario in contention read-throughput token; do
  PVH_REPORT_DIR="$dir" npm run load -- --scenario "$scenario" --profile smoke
  if [ ! -s "$dir/load/$scenario-dashboard.html" ]; then echo "npm run load left no $dir/load/$scenario-dashboard.html"; exit 1; fi
done
