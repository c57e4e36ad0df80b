#!/usr/bin/env bash
# Smoke test of the image (build it first: bash scripts/image/build.sh): each step as a partner runs it.
#   bash scripts/image/smoke.sh [IMAGE]
# 1. IMAGE certify: the embedded reference, exit 0, results.json on the host.
# 2. IMAGE certify against the sandbox on the host with a fault (npm run reference -- --fault rebook-refused)
#    and the README's example config mounted: exit 1, its root cause PV-3-REMOVE, reproduce.sh on the host.
# 3. podman stop (SIGTERM) mid-run: exit 3, and the bookings the run left removed.
# 4. IMAGE client-check judging the sample shell client on the host (fixtures/client-check/samples/sh).
# 5. The image runs as a non-root user, and no secret is in its history or in what it wrote.
# Ends with "image smoke: N passed, N failed".
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
image="${1:-partner-voucher-harness:latest}"
# shellcheck source=engine.sh
source "$root/scripts/image/engine.sh"
work="$(mktemp -d "${TMPDIR:-/tmp}/pvh-image-smoke.XXXXXX")"
passed=0
failed=0
sandbox=""
cleanup() { [ -n "$sandbox" ] && kill "$sandbox" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
ok() { echo "image smoke: PASS $*"; passed=$((passed + 1)); }
bad() { echo "image smoke: FAIL $*"; failed=$((failed + 1)); }
run() { "$engine" run --rm --network host "$@"; }

mkdir -p "$work/reports1" "$work/reports2" "$work/reports3" "$work/config" && chmod 777 "$work"/reports*
user="$("$engine" image inspect "$image" --format '{{.Config.User}}')"
[ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] && ok "runs as user $user" || bad "runs as root"

t0=$SECONDS
run -v "$work/reports1:/reports" "$image" certify >"$work/1.log" 2>&1
code=$?
if [ "$code" = 0 ] && [ -f "$work/reports1/certification/results.json" ]; then
  ok "certify of the embedded reference: exit 0 in $((SECONDS - t0)) s, $(grep -m1 'verdict' "$work/1.log" | cut -c1-90)"
else bad "certify of the embedded reference: exit $code ($(tail -1 "$work/1.log"))"; fi

# The sandbox on the host, with one fault; the README's example config targets it as written.
(cd "$root" && exec npm run -s reference -- --fault rebook-refused) >"$work/sandbox.log" 2>&1 &
sandbox=$!
for _ in $(seq 1 100); do grep -q '^  MY_ID=' "$work/sandbox.log" && break; sleep 0.2; done
awk '/^   ```ts$/ {on=1; next} /^   ```$/ {on=0} on {sub(/^   /, ""); print}' "$root/README.md" >"$work/config/my-impl.ts"
envs=()
while IFS= read -r line; do
  name="${line%%=*}"
  value="$(eval "printf '%s' ${line#*=}")"
  envs+=(-e "$name=$value")
done < <(sed -n 's/^  \(MY_[A-Z_]*=.*\)$/\1/p' "$work/sandbox.log")
run -v "$work/reports2:/reports" -v "$work/config:/config:ro" "${envs[@]}" "$image" certify --env /config/my-impl.ts \
  >"$work/2.log" 2>&1
code=$?
repro="$(find "$work/reports2/certification/evidence" -name reproduce.sh 2>/dev/null | head -1)"
if [ "$code" = 1 ] && grep -q 'root causes: 1 (PV-3-REMOVE)' "$work/2.log" && [ -n "$repro" ]; then
  ok "certify of a faulty target outside the container, config mounted: exit 1, PV-3-REMOVE, ${repro#"$work/"}"
else bad "certify of a faulty target: exit $code ($(grep -m1 'root causes' "$work/2.log"))"; fi

name="pvh-smoke-$$"
run --name "$name" -v "$work/reports3:/reports" -v "$work/config:/config:ro" "${envs[@]}" "$image" certify \
  --env /config/my-impl.ts >"$work/3.log" 2>&1 &
runner=$!
for _ in $(seq 1 600); do grep -qE '^progress: +[3-9][0-9] %' "$work/3.log" && break; sleep 0.2; done
# podman stop: SIGTERM, then SIGKILL after --time; the run needs up to 30 s to remove what it booked.
"$engine" stop --time 40 "$name" >/dev/null 2>&1
wait "$runner"
code=$?
if [ "$code" = 3 ] && grep -q 'removed .* booking(s) this run left' "$work/3.log"; then
  ok "podman stop mid-run: exit 3, $(grep -m1 'removed .* booking(s) this run left' "$work/3.log" | cut -c10-80)"
else bad "podman stop mid-run: exit $code ($(tail -1 "$work/3.log"))"; fi

# The client check in the container judging the sample shell client on the host.
mkdir -p "$work/reports4" && chmod 777 "$work/reports4"
run -v "$work/reports4:/reports" "$image" client-check --port-base 4110 --ready-file /reports/ready --duration 25 --calls 12 \
  >"$work/4.log" 2>&1 &
checker=$!
for _ in $(seq 1 150); do [ -s "$work/reports4/ready" ] && break; sleep 0.2; done
(
  # The ready file's values are raw (a secret may hold spaces, & or %): read, never sourced.
  while IFS= read -r line; do export "CLIENT_CHECK_${line#CLIENT_CHECK_}"; done <"$work/reports4/ready"
  BASE_URL="$CLIENT_CHECK_BASE_URL" AUTH_URL="$CLIENT_CHECK_AUTH_URL" CLIENT_ID="$CLIENT_CHECK_CLIENT_ID" \
    CLIENT_SECRET="$CLIENT_CHECK_CLIENT_SECRET" CERTS="$CLIENT_CHECK_CERTS" \
    sh "$root/fixtures/client-check/samples/sh/client.sh"
) >"$work/4-client.log" 2>&1
wait "$checker"
code=$?
if [ "$code" = 0 ] && [ -f "$work/reports4/client/index.html" ]; then
  ok "client check in the container, the sample client on the host: exit 0, $(grep -m1 -E '^(PASS|client)' "$work/4.log" | cut -c1-80)"
else bad "client check: exit $code ($(tail -1 "$work/4.log"))"; fi

secrets=()
for e in "${envs[@]}"; do [[ "$e" == *SECRET=* || "$e" == *PASSWORD=* ]] && secrets+=("${e#*=}"); done
found=0
for s in "${secrets[@]}"; do
  "$engine" history --no-trunc "$image" | grep -qF -- "$s" && found=1
  grep -rqF -- "$s" "$work"/reports* && found=1
done
[ "$found" = 0 ] && ok "no secret in the image's history or in the reports" || bad "a secret was found"
echo "image smoke: $passed passed, $failed failed"
[ "$failed" = 0 ]
