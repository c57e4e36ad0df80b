#!/usr/bin/env bash
# Certify from a company network (#25), with the components partners have: Debian's squid (a
# forward proxy with a password, the only resolver of the made-up *.pvh.test names) and nginx (TLS
# with a certificate from a private CA made at run time, mutual TLS, a gateway that refuses requests
# without its subscription key, and a plain proxy_pass) in front of the reference API, all on
# loopback. `npm run network:stage -- --check` certifies through it (CONFORMANT, same clause
# verdicts as direct; an oversized body is the API's 413 through nginx, never a 502), shows
# each missing setting INCONCLUSIVE with its message, runs the contention load smoke and
# migrate:check through it, and scans every output for the proxy password, key passphrase and
# subscription key. Installs squid and nginx when missing; SKIP only when that is impossible.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

# shellcheck source=../apt-install.sh
source .ci/apt-install.sh
have() { [ -x "/usr/sbin/$1" ] || command -v "$1" >/dev/null 2>&1; }
if ! have squid || ! have nginx; then
  echo "network: squid or nginx not installed; installing Debian's squid and nginx packages"
  apt_install squid nginx
fi
if ! have squid || ! have nginx; then
  echo "SKIP: squid and nginx could not be installed (apt-get install squid nginx failed: no root or sudo, or no Debian package access); the company-network checks did not run"
  exit 0
fi

set -e
npm run k6:ensure
npm run network:stage -- --check
