# Evidence anyone can replay (#26): certify the embedded reference API with a fault, then run every
# reproduce.sh of the failed clauses as written (sh FILE, nothing set): each must start the same
# reference itself, replay (the race tests: concurrently) and say the failure reproduces (exit 1).
set -uo pipefail
dir="${PVH_REPORT_DIR:-reports}/reproducers"
rm -rf "$dir"
REF_FAULTS=double-booking-200 PVH_REPORT_DIR="$dir" npm run certify >"$dir.log" 2>&1
code=$?
if [ "$code" -ne 1 ]; then echo "certify with double-booking-200 exited $code, not 1 (NOT CONFORMANT): see $dir.log"; exit 1; fi
bad=0
n=0
for script in "$dir"/certification/evidence/*/*/reproduce.sh; do
  [ -e "$script" ] || continue
  case "$script" in */could-not-complete/*) continue ;; esac
  n=$((n + 1))
  # Run from elsewhere, as someone handed the evidence would: the script finds the checkout itself.
  abs="$(cd "$(dirname "$script")" && pwd)/reproduce.sh"
  out="$(cd / && sh "$abs" 2>&1)"
  rc=$?
  if [ "$rc" -eq 1 ]; then echo "reproduced: ${script#"$dir"/certification/}: $(printf '%s\n' "$out" | tail -1)"
  else bad=$((bad + 1)); echo "NOT REPRODUCED (exit $rc): ${script#"$dir"/certification/}"; printf '%s\n' "$out" | tail -5; fi
done
echo "reproducers of double-booking-200: $((n - bad))/$n reproduce the failure"
[ "$n" -gt 0 ] && [ "$bad" -eq 0 ]
