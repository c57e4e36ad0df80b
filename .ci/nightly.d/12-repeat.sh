# Repeatability (#32): a correct target reaches the same verdict every time. Certify the reference
# with JWT access tokens in whole seconds and no clock skew (jwt-whole-second: a token dies up to 1 s
# before its expires_in says, as on a real JWT stack) five times; every run must be CONFORMANT.
set -e
REF_VARIANT=jwt-whole-second PVH_REPORT_DIR="${PVH_REPORT_DIR:-reports}/repeat-jwt" npm run certify -- --repeat 5
