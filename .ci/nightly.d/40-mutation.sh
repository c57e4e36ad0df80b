# Mutation score (#6): every fault of the reference API killed by some check, every conformant
# variant passed, every check killing a fault or explained. Fails on any survivor or false alarm.
# Writes $PVH_REPORT_DIR/mutation/summary.{json,md}; its Playwright outputs stay under mutation/.
npm run mutation
