#!/usr/bin/env bash
# A sample of the mutation run (the whole run is .ci/nightly.d/40-mutation.sh, about 30 minutes):
# a state fault named only by an experiment (a refused rebooking after a removal), a token-life
# fault (an expired token refused with 403, not 401) and the variant whose rounded-up JWT exp once
# failed a correct target. Each must be killed by its own clause (faults) or pass (variant), and
# the diagnosis must name exactly that root cause.
set -e
npm run mutation -- --only rebook-refused --only expired-token-403 --only jwt-exp-rounded-up --reduced none
