#!/usr/bin/env bash
# Peer cross-check of docs/openapi.json (#15): the pinned Schemathesis drives every operation of the
# document against the embedded reference API (all checks, fixed seed, stateful phase) and must find
# nothing. Needs Python 3.11+ (the pin's Requires-Python); without it the step is skipped, not failed:
# npm test never needs Python. With Python, any failure (or a failed install) fails the step.
set -uo pipefail
python="${PVH_PYTHON:-python3}"
if ! command -v "$python" >/dev/null 2>&1; then
  echo "peer:schemathesis skipped: Python 3.11+ is not installed (no $python on PATH; PVH_PYTHON names another interpreter)"
  exit 0
fi
version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)"
if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  echo "peer:schemathesis skipped: $python is ${version:-not a working Python}, and Schemathesis 4.32 needs Python 3.11+"
  exit 0
fi
npm run peer:schemathesis
