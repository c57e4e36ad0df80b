# Sourced by CI steps that need Debian packages: `apt_install PKG...` installs them with apt-get
# (as root, or through passwordless sudo), trying without `apt-get update` first; returns non-zero
# when that is impossible (no root or sudo, or no Debian package access).
apt_install() {
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if sudo -n true 2>/dev/null; then sudo=(sudo -n); else return 1; fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "$@" >/dev/null 2>&1 && return 0
  "${sudo[@]}" apt-get update -q >/dev/null 2>&1 && "${sudo[@]}" apt-get install -y -q --no-install-recommends "$@" >/dev/null 2>&1
}
