# Sourced by build.sh and smoke.sh: `engine`, the container engine (podman, else docker), and for podman the
# settings of containers.conf with this machine's hard open-file limit (CONTAINERS_CONF, unless already set).
engine="$(command -v podman || command -v docker || true)"
if [ -z "$engine" ]; then
  echo "image: neither podman nor docker is installed (Debian: apt-get install -y podman buildah runc)" >&2
  exit 1
fi
if [ "$(basename "$engine")" = podman ] && [ -z "${CONTAINERS_CONF:-}" ]; then
  CONTAINERS_CONF="${TMPDIR:-/tmp}/pvh-containers-$(id -u).conf"
  sed "s/NOFILE/$(ulimit -Hn)/g" "$(dirname "${BASH_SOURCE[0]}")/containers.conf" >"$CONTAINERS_CONF"
  export CONTAINERS_CONF
fi
