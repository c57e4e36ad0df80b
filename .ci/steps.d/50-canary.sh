# No secret leaves the run: the whole pipeline (certify, load smoke, report, client check, bundle) against the
# reference API with canary credentials and tokens, then a scan of every report file and all output.
# k6 normally exists already (20-load-smoke.sh built it); the canary's own k6:ensure step builds it otherwise.
set -e
npm run canary
