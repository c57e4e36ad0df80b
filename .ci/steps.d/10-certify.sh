# The main job: certify the embedded reference API (must exit 0 with a verdict). Its own report dir
# keeps npm test's reports intact.
PVH_REPORT_DIR="${PVH_REPORT_DIR:-reports}/certify" npm run certify
