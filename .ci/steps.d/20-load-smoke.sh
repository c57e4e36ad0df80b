# k6: provision (finds or builds k6 v2.2.0 into .tools/), then every scenario's smoke profile
# against the embedded reference API; thresholds must hold.
set -e
npm run k6:ensure
for scenario in contention read-throughput token; do
  PVH_REPORT_DIR="${PVH_REPORT_DIR:-reports}/load-smoke" npm run load -- --scenario "$scenario" --profile smoke
done
