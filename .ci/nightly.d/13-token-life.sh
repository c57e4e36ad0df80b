# Token life as it is (#40), with two CPU hogs beside it: a validator that accepts expired tokens for
# minutes, with a config declaring its real 1 s skew, is NOT CONFORMANT on PV-5-LIFETIME whatever the
# machine's load; tokens that die 20 s after issue are NOT CONFORMANT with a nightly's hold (and never
# PASS in a default run: the mutation run's reduced and fault rows show that).
set -uo pipefail
base="${PVH_REPORT_DIR:-reports}/token-life"
mkdir -p "$(dirname "$base")"
yes > /dev/null & hog1=$!
yes > /dev/null & hog2=$!
trap 'kill $hog1 $hog2 2>/dev/null' EXIT
bad=0
check() { # $1 name, then env assignments and certify args
  local name=$1; shift
  env "$@" >"$base-$name.log" 2>&1
  local code=$? failing
  failing="$(node -e 'const r=require(process.argv[1]); console.log(r.clauses.filter((c)=>c.verdict==="fail").map((c)=>c.id).join(","))' "$base-$name/certification/results.json" 2>/dev/null)"
  if [ "$code" -eq 1 ] && [ "$failing" = PV-5-LIFETIME ]; then echo "token life: $name: NOT CONFORMANT on PV-5-LIFETIME, as it must be"
  else echo "token life: $name: exit $code, failing '${failing}' (see $base-$name.log)"; bad=1; fi
}
check expired-for-minutes REF_VARIANT=jwt-leeway-1 REF_FAULTS=expired-accepted-past-leeway PVH_REPORT_DIR="$base-expired-for-minutes" npm run certify -- --grep '@PV-5-LIFETIME(?![\w.-])'
check dies-after-20s REF_FAULTS=token-dies-after-20s PVH_REPORT_DIR="$base-dies-after-20s" npm run certify -- --token-hold 3700 --grep '@PV-5-LIFETIME(?![\w.-])'
exit "$bad"
