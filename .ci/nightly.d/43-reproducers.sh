# Evidence anyone can replay (#26, #42): certify the embedded reference API with a fault (the race's
# double-booking-200, and booking-truncates-unicode, a property's), then run every reproduce.sh of the
# failed clauses as written (sh FILE, nothing set, from another directory): each starts the same
# reference itself, replays (the race tests: concurrently), finishes within 30 s and says the failure
# reproduces (exit 1); a property's replays its shrunk counterexample, 20 requests at most. Against the
# reference without the fault (BASE_URL and its tokens set), each says it does not reproduce (exit 0).
set -uo pipefail
base="${PVH_REPORT_DIR:-reports}/reproducers"
rm -rf "$base" && mkdir -p "$base"
node --import tsx scripts/reference.ts --port-base 0 --ready-file "$base/clean.ready" >"$base/clean-reference.log" 2>&1 &
clean=$!
trap 'kill $clean 2>/dev/null' EXIT
bad=0
n=0
# The first-screen step certified double-booking-200 already (31-first-screen.sh): its run is used
# as it is, one certify fewer; without it (no Chromium there), this step certifies the fault itself.
first_screen="${PVH_REPORT_DIR:-reports}/first-screen-no-go"
for fault in double-booking-200 booking-truncates-unicode; do
  dir="$base/$fault"
  if [ "$fault" = double-booking-200 ] && [ -s "$first_screen/certification/results.json" ]; then
    dir="$first_screen"; code=1
    grep -q '"verdict": *"NOT CONFORMANT"' "$dir/certification/results.json" || code=0
  else
    REF_FAULTS=$fault PVH_REPORT_DIR="$dir" npm run certify >"$dir.log" 2>&1
    code=$?
  fi
  if [ "$code" -ne 1 ]; then echo "certify with $fault exited $code, not 1 (NOT CONFORMANT): see $dir.log"; bad=1; continue; fi
  for script in "$dir"/certification/evidence/*/*/reproduce.sh; do
    [ -e "$script" ] || continue
    case "$script" in */could-not-complete/*) continue ;; esac
    n=$((n + 1))
    what="$fault: ${script#"$dir"/certification/}"
    requests=$(grep -c '^replay ' "$script")
    case "$script" in */PV-2.3-ROUNDTRIP/*) if [ "$requests" -gt 20 ]; then echo "TOO LONG ($requests requests, a property's counterexample has at most 20): $what"; bad=1; fi ;; esac
    # Run from elsewhere, as someone handed the evidence would: the script finds the checkout itself.
    abs="$(cd "$(dirname "$script")" && pwd)/reproduce.sh"
    t0=$SECONDS
    out="$(cd / && timeout 60 sh "$abs" 2>&1)"
    rc=$?
    took=$((SECONDS - t0))
    if [ "$rc" -eq 1 ] && [ "$took" -lt 30 ]; then echo "reproduced in ${took} s ($requests requests): $what"
    else bad=1; echo "NOT REPRODUCED in 30 s (exit $rc, ${took} s): $what"; printf '%s\n' "$out" | tail -5; fi
    # The same against the reference without the fault: not reproduced.
    for _ in $(seq 1 100); do [ -s "$base/clean.ready" ] && break; sleep 0.2; done
    out="$(set -a; . "$base/clean.ready"; set +a; cd / && timeout 60 sh "$abs" 2>&1)"
    rc=$?
    if [ "$rc" -eq 0 ]; then echo "  and not reproduced without the fault: $(printf '%s\n' "$out" | grep -m1 '^not reproduced' | cut -c1-160)"
    else bad=1; echo "  WITHOUT the fault it exited $rc, not 0: $what"; printf '%s\n' "$out" | tail -5; fi
  done
done
echo "reproducers: $n run, $([ "$bad" -eq 0 ] && echo 'every one reproduced with its fault and not without it' || echo 'some did not behave')"
[ "$n" -gt 0 ] && [ "$bad" -eq 0 ]
