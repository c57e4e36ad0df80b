#!/usr/bin/env bash
# The client check as one executable (#43): npm run sandbox:build, then the executable copied out of
# the checkout and run with node absent from PATH (PATH holds only the tools the sample clients use),
# each sample client against it and against npm run client:check with the same flags: the exit codes
# and reports/client/results.json must agree (.ci/lib/same-client-results.mjs).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
root="$PWD"
base="$(cd "${PVH_REPORT_DIR:-reports}" 2>/dev/null && pwd || { mkdir -p "${PVH_REPORT_DIR:-reports}" && cd "${PVH_REPORT_DIR:-reports}" && pwd; })/standalone"
rm -rf "$base" && mkdir -p "$base/bin"
npm run sandbox:build -- --out "$base/pvh-client-check" || { echo "npm run sandbox:build failed"; exit 1; }
for tool in sh curl sed grep tr od head tail base64 date sleep cat cut awk expr printf env mktemp rm wc; do
  p="$(command -v "$tool")" && ln -s "$p" "$base/bin/$tool"
done
# The Python sample's interpreter with requests (the samples' own venv when the system's lacks it), by
# its real path: a pyenv shim is a bash script that needs more than this PATH.
py="$(node --import tsx -e "import('./fixtures/client-check/samples/python-env.ts').then((m) => console.log(m.samplePython() ?? ''))")"
[ -n "$py" ] && py="$("$py" -c 'import sys; print(sys.executable)')"
if [ -n "$py" ]; then ln -s "$py" "$base/bin/python3"; else echo "no Python on this machine: the Python sample's rows are left out"; fi
if env -i PATH="$base/bin" sh -c 'command -v node' >/dev/null; then echo "node is still on the executable's PATH"; exit 1; fi
samples="$root/fixtures/client-check/samples"
to_client='AUTH_URL=$CLIENT_CHECK_AUTH_URL BASE_URL=$CLIENT_CHECK_BASE_URL CLIENT_ID=$CLIENT_CHECK_CLIENT_ID CLIENT_SECRET=$CLIENT_CHECK_CLIENT_SECRET CERTS=$CLIENT_CHECK_CERTS'
flags=(--port-base 0 --scenario conflict,token-expiry,rate-limit,unavailable --retry-after 1)
bad=0
# name | extra flags | client variables | client command
while IFS='|' read -r name extra vars cmd; do
  dir="$base/$name"
  case "$cmd" in python3*) [ -n "$py" ] || continue ;; esac
  mkdir -p "$dir/standalone" "$dir/npm"
  # shellcheck disable=SC2086 # $extra is a flag list
  (cd "$dir/standalone" && env -i PATH="$base/bin" HOME="$dir" "$base/pvh-client-check" "${flags[@]}" $extra --run "$to_client $vars $cmd" >"$dir/standalone.log" 2>&1)
  a=$?
  # shellcheck disable=SC2086
  PVH_REPORT_DIR="$dir/npm" npm run --silent client:check -- "${flags[@]}" $extra --run "$to_client $vars $cmd" >"$dir/npm.log" 2>&1
  b=$?
  if [ "$a" -ne "$b" ]; then echo "DIFFERENT exit codes: $name: standalone $a, npm run client:check $b (see $dir)"; bad=1; continue; fi
  if node .ci/lib/same-client-results.mjs "$dir/standalone/reports/client/results.json" "$dir/npm/client/results.json"; then
    echo "same: $name (exit $a; $(grep -m1 '^client:check: \(PASS\|FAIL\)' "$dir/standalone.log" | cut -c15-120))"
  else echo "DIFFERENT results.json: $name (see $dir)"; bad=1; fi
done <<ROWS
sh-correct|||sh $samples/sh/client.sh
sh-raw-secret||MISTAKE=raw-secret|sh $samples/sh/client.sh
sh-token-per-call-strict|--strict|MISTAKE=token-per-call|sh $samples/sh/client.sh
python-correct|||python3 $samples/python/client.py
python-basic-only||CLIENT_AUTH=basic|python3 $samples/python/client.py
ROWS
size=$(stat -c %s "$base/pvh-client-check")
echo "standalone: $((size / 1000000)) MB; ran with PATH=$base/bin (no node)"
exit "$bad"
