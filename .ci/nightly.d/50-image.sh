#!/usr/bin/env bash
# The container image (#50), built from this clean clone with a base made here from Debian's packages
# (no registry is reachable) and smoke-tested as a partner runs it: certify of the embedded reference,
# certify of a faulty sandbox on the host with a mounted config (exit 1, its root cause, reproduce.sh),
# podman stop mid-run (exit 3), the client check judging a client on the host, a non-root user, and no
# secret in the image's history or its reports. podman, buildah, runc and debootstrap are installed
# here when missing. About 4 minutes.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

# shellcheck source=../apt-install.sh
source .ci/apt-install.sh
for tool in podman buildah runc debootstrap; do
  command -v "$tool" >/dev/null 2>&1 || apt_install podman buildah runc debootstrap
done
if ! command -v podman >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then
  echo "SKIP: podman or debootstrap could not be installed (no root or sudo, or no Debian package access); the image was not built"
  exit 0
fi
set -e
bash scripts/image/build.sh --local-base
bash scripts/image/smoke.sh
