# Every report path the README's "Reports" table promises after certify and report exists
# (10-certify.sh and 30-report-gate.sh wrote them under $PVH_REPORT_DIR/certify).
set -e
dir="${PVH_REPORT_DIR:-reports}/certify"
missing=0
for p in certification/index.html certification/SUMMARY.md certification/results.json \
         history/certification.jsonl junit/results.xml playwright/results.json test-results \
         allure-results allure-report/index.html history/allure-history.jsonl; do
  if [ ! -e "$dir/$p" ]; then echo "README names reports/$p, but certify + report did not leave it"; missing=1; fi
done
[ "$missing" -eq 0 ] && echo "every report path of the README exists in $dir"
exit "$missing"
