#!/usr/bin/env bash
# Nightly results in Prometheus (#28), against a real one: Debian's prometheus package (installed
# here when missing), started on loopback with the remote-write receiver and a throwaway storage
# dir, stopped at the end. The alert rules pass promtool's check and unit tests; a contention smoke,
# the same with the race-window fault, and a certify each send with --prometheus; then
# `npm run prometheus:check` compares what Prometheus stored with the runs' own reports (the k6
# request counter equals the summary's, double bookings 0 and > 0 with the fault, one
# pvh_clause_verdict series per clause with its verdict) and runs every dashboard query. A run whose
# endpoint is down still ends with its own verdict. Skipped (exit 0, SKIP) only when prometheus
# cannot be installed at all.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

# shellcheck source=../apt-install.sh
source .ci/apt-install.sh
if ! command -v prometheus >/dev/null 2>&1 || ! command -v promtool >/dev/null 2>&1; then
  echo "prometheus: not installed; installing Debian's prometheus package"
  apt_install prometheus
fi
if ! command -v prometheus >/dev/null 2>&1 || ! command -v promtool >/dev/null 2>&1; then
  echo "SKIP: prometheus could not be installed (apt-get install prometheus failed: no root or sudo, or no Debian package access); the Prometheus checks did not run"
  exit 0
fi
prometheus --version 2>&1 | head -1

set -e
promtool check rules reporters/prometheus/alerts.yml
promtool test rules reporters/prometheus/alerts.test.yml

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
tmp="$(mktemp -d)"
port="$(free_port)"
printf 'global:\n  scrape_interval: 1m\n' >"$tmp/prometheus.yml"
prometheus --config.file="$tmp/prometheus.yml" --storage.tsdb.path="$tmp/data" --web.listen-address="127.0.0.1:$port" \
  --web.enable-remote-write-receiver >"$tmp/prometheus.log" 2>&1 &
pid=$!
stop() { kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$tmp"; }
trap stop EXIT
api="http://127.0.0.1:$port"
url="$api/api/v1/write"
node -e '
  const until = Date.now() + 60_000;
  (async () => { for (;;) { try { if ((await fetch(process.argv[1] + "/-/ready")).ok) return; } catch {}
    if (Date.now() > until) { console.error("prometheus did not get ready in 60 s"); process.exit(1); } await new Promise((r) => setTimeout(r, 300)); } })();' "$api" \
  || { cat "$tmp/prometheus.log"; exit 1; }
echo "prometheus: ready at $api (storage $tmp/data)"

npm run k6:ensure
dir="${PVH_REPORT_DIR:-reports}/prometheus"
rm -rf "$dir"

PVH_REPORT_DIR="$dir/clean" npm run load -- --scenario contention --profile smoke --prometheus "$url"

set +e
REF_FAULTS=race-window PVH_REPORT_DIR="$dir/race" npm run load -- --scenario contention --profile smoke --prometheus "$url"
code=$?
set -e
if [ "$code" -ne 99 ]; then echo "the race-window run should cross its thresholds (exit 99), got exit $code"; exit 1; fi

PVH_REPORT_DIR="$dir/certify" npm run certify -- --prometheus "$url"

npm run prometheus:check -- --api "$api" --load "$dir/clean/load/contention-summary.json" --expect 'double_bookings==0'
npm run prometheus:check -- --api "$api" --load "$dir/race/load/contention-summary.json" --expect 'double_bookings>0'
npm run prometheus:check -- --api "$api" --certification "$dir/certify/certification/results.json" --dashboards

# Prometheus down: the run completes with its own verdict and says once that nothing was sent.
down="http://127.0.0.1:$(free_port)/api/v1/write"
PVH_REPORT_DIR="$dir/down" npm run load -- --scenario contention --profile smoke --prometheus "$down" 2>&1 | tee "$dir/down.log"
if [ "${PIPESTATUS[0]}" -ne 0 ]; then echo "the run with Prometheus down did not hold its thresholds"; exit 1; fi
lines="$(grep -c 'metrics not sent to Prometheus' "$dir/down.log")"
if [ "$lines" -ne 1 ]; then echo "expected one 'metrics not sent' line with Prometheus down, got $lines"; exit 1; fi
echo "prometheus: every check held"
