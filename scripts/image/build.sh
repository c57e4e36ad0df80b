#!/usr/bin/env bash
# Builds the harness image (scripts/image/Containerfile) with podman (or docker), from the checkout's HEAD:
#   bash scripts/image/build.sh [--local-base] [--tag NAME]
# --local-base: no registry is reachable, so the base is made here from Debian's own packages
# (debootstrap, the mirror apt uses) with the official Node 20 binary from the npm registry
# (.ci/node-line.sh); otherwise the base is node:20-bookworm-slim. The image holds the repository at
# HEAD (git archive: nothing uncommitted, no .env), its node_modules (npm ci) and k6 (npm run k6:ensure).
# Podman settings this needs on a machine like CI's (runc; ulimits root may set) are in
# scripts/image/containers.conf, applied by engine.sh when CONTAINERS_CONF is unset.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
tag="partner-voucher-harness:latest"
local_base=0
while [ $# -gt 0 ]; do
  case "$1" in
    --local-base) local_base=1 ;;
    --tag) tag="$2"; shift ;;
    *) echo "usage: bash scripts/image/build.sh [--local-base] [--tag NAME]" >&2; exit 2 ;;
  esac
  shift
done
# shellcheck source=engine.sh
source "$root/scripts/image/engine.sh"
started=$SECONDS
work="$(mktemp -d "${TMPDIR:-/tmp}/pvh-image.XXXXXX")"
trap 'rm -rf "$work"' EXIT

base=docker.io/library/node:20-bookworm-slim
if [ "$local_base" = 1 ]; then
  base=localhost/pvh-debian-node:bookworm
  if ! "$engine" image exists "$base" 2>/dev/null; then
    command -v debootstrap >/dev/null || { echo "image: --local-base needs debootstrap (apt-get install -y debootstrap)" >&2; exit 1; }
    mirror="$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)"
    echo "image: making the base from Debian bookworm (${mirror:-deb.debian.org}) ..."
    debootstrap --variant=minbase bookworm "$work/rootfs" "${mirror:-http://deb.debian.org/debian}" >"$work/debootstrap.log" 2>&1 ||
      { tail -5 "$work/debootstrap.log" >&2; exit 1; }
    node_bin="$(bash "$root/.ci/node-line.sh" 20)"
    install -m 0755 "$node_bin/node" "$work/rootfs/usr/local/bin/node"
    tar -C "$work/rootfs" -c . | "$engine" import - "$base" >/dev/null
  fi
fi

echo "image: staging HEAD ($(git -C "$root" rev-parse --short HEAD)) with npm ci and k6 ..."
mkdir -p "$work/stage"
git -C "$root" archive HEAD | tar -x -C "$work/stage"
(cd "$work/stage" && npm ci --no-audit --no-fund --loglevel error >/dev/null && npm run -s load:build >/dev/null)
(cd "$root" && npm run -s k6:ensure >/dev/null)
mkdir -p "$work/stage/.tools/bin"
cp "$root/.tools/bin/k6" "$work/stage/.tools/bin/k6"
cp "$root/scripts/image/Containerfile" "$work/Containerfile"

"$engine" build --build-arg "BASE=$base" --target harness -t "$tag" -f "$work/Containerfile" "$work" >"$work/build.log" 2>&1 ||
  { tail -20 "$work/build.log" >&2; exit 1; }
runner="${tag%%:*}-k6-runner:${tag##*:}"
"$engine" build --build-arg "BASE=$base" --target k6-runner -t "$runner" -f "$work/Containerfile" "$work" \
  >>"$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; exit 1; }
size="$("$engine" image inspect "$tag" --format '{{.Size}}')"
echo "image: $tag ($((size / 1000000)) MB, base $base) and $runner (k6-operator runner) in $((SECONDS - started)) s"
