#!/usr/bin/env bash
# The portable client check (#48) where there is no glibc at all: a root holding only Debian's
# busybox-static, the portable bundle (npm run sandbox:build: the executable with its own loader and
# libraries, started by a static launcher) and the Go sample client built static; no /proc, no
# /lib. The correct client must pass (exit 0) and a MUST mistake fail its rule (exit 1).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
# shellcheck source=../apt-install.sh
. .ci/apt-install.sh
base="$(mkdir -p "${PVH_REPORT_DIR:-reports}" && cd "${PVH_REPORT_DIR:-reports}" && pwd)/portable"
rm -rf "$base" && mkdir -p "$base"
if [ "$(id -u)" -ne 0 ]; then echo "chroot needs root: run this step as root (CI does)"; exit 1; fi
command -v busybox >/dev/null || apt_install busybox-static || { echo "busybox-static could not be installed (apt-get install busybox-static)"; exit 1; }
busybox="$(command -v busybox)"
if ! file -L "$busybox" 2>/dev/null | grep -q 'statically linked' && ldd "$busybox" >/dev/null 2>&1; then echo "$busybox is not static: install busybox-static"; exit 1; fi
command -v go >/dev/null || { echo "no Go on this machine: the Go sample client needs Go 1.22+"; exit 1; }
npm run -s sandbox:build -- --out "$base/build/pvh-client-check" || { echo "npm run sandbox:build failed"; exit 1; }
root="$base/root"
mkdir -p "$root/bin" "$root/reports"
cp "$busybox" "$root/bin/busybox" && ln -s busybox "$root/bin/sh"
cp -r "$base/build/portable/pvh-client-check" "$root/pvh"
(cd fixtures/client-check/samples/go && CGO_ENABLED=0 go build -trimpath -o "$root/client" .) || { echo "the Go sample client did not build"; exit 1; }
# Nothing but the bundle's own lib/ holds a C library.
found="$(find "$root" -name 'libc.so*' -o -name 'ld-linux*' | grep -v "^$root/pvh/lib/" || true)"
[ -z "$found" ] || { echo "the root holds a C library outside the bundle: $found"; exit 1; }
vars='AUTH_URL=$CLIENT_CHECK_AUTH_URL BASE_URL=$CLIENT_CHECK_BASE_URL CLIENT_ID=$CLIENT_CHECK_CLIENT_ID CLIENT_SECRET=$CLIENT_CHECK_CLIENT_SECRET CERTS=$CLIENT_CHECK_CERTS'
bad=0
while IFS='|' read -r name mistake want rule; do
  chroot "$root" /bin/busybox env -i PATH=/bin PVH_REPORT_DIR="/reports/$name" /pvh/pvh-client-check --port-base 0 --scenario conflict,token-expiry,rate-limit,unavailable --retry-after 1 \
    --run "$vars $mistake /client" >"$base/$name.log" 2>&1
  got=$?
  failed="$(node -e 'const r = require(process.argv[1]); console.log(r.rules.filter((x) => x.verdict === "FAIL").map((x) => x.id).join(" "))' "$root/reports/$name/client/results.json" 2>/dev/null)"
  if [ "$got" = "$want" ] && [ "$failed" = "$rule" ]; then echo "portable, no glibc: $name exit $got${rule:+, $rule failed}"
  else echo "portable, no glibc: $name exit $got (want $want), failed: ${failed:-none} (want ${rule:-none}); see $base/$name.log"; bad=1; fi
done <<ROWS
go-correct||0|
go-raw-secret|MISTAKE=raw-secret|1|CL-TOKEN-ENCODED
ROWS
echo "portable bundle: $(du -sh "$root/pvh" | cut -f1) unpacked, $(du -sh "$base/build/pvh-client-check-portable.tar.gz" | cut -f1) as .tar.gz"
exit "$bad"
