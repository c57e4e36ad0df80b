# Allure report and release gate over what the earlier steps produced: the certification run
# (10-certify.sh, reports/certify) and the k6 smoke results (20-load-smoke.sh, reports/load-smoke).
# The gate fails this step on no-go. History: $PVH_ALLURE_HISTORY if the workflow restores one.
set -e
base="${PVH_REPORT_DIR:-reports}"
PVH_REPORT_DIR="$base/certify" npm run report -- --results "$base/load-smoke/allure-results"
PVH_REPORT_DIR="$base/certify" npm run gate -- --results "$base/load-smoke/allure-results"
