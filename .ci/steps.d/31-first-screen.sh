#!/usr/bin/env bash
# What a release manager sees first (#42), as a person would: the Allure report and the
# certification page of a NO-GO run (double-booking-200, certified here; 43-reproducers.sh
# replays its reproducers) and of a GO-with-accepted-gaps run (the main certify, 10-certify.sh), opened in Debian's
# Chromium; each first screen must lead with the decision, its first root cause and any accepted gap.
# Screenshots stay in <run>/first-screen/. Installs chromium when missing; SKIP only when impossible.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
# shellcheck source=../apt-install.sh
source .ci/apt-install.sh
command -v chromium >/dev/null 2>&1 || apt_install chromium
if ! command -v chromium >/dev/null 2>&1; then echo "SKIP: chromium could not be installed (apt-get install chromium failed): the first screens were not looked at"; exit 0; fi
base="${PVH_REPORT_DIR:-reports}"
nogo="$base/first-screen-no-go"
REF_FAULTS=double-booking-200 PVH_REPORT_DIR="$nogo" npm run certify >"$nogo.log" 2>&1
bad=0
# The main certify's Allure report is 30-report-gate.sh's (with the load smoke's results): looked at as it is.
PVH_REPORT_DIR="$nogo" npm run report >>"$nogo.log" 2>&1 || { echo "npm run report failed for $nogo (see $nogo.log)"; bad=1; }
for dir in "$nogo" "$base/certify"; do PVH_REPORT_DIR="$dir" npm run first-screen || bad=1; done
exit "$bad"
