/** `npm run canary`: no secret leaves the run (scripts/canary/pipeline.ts). */
import { runCanary } from './canary/pipeline.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'canary',
  summary:
    'Runs certify, a load smoke, the report and the bundle against a reference API with canary secrets and ' +
    'tokens, then scans every output file and all captured output for them.',
  options: {
    plant: { type: 'boolean', help: 'leak canaries on purpose before the scan (the run must then exit 1)' },
  },
  environment: {
    PVH_CANARY_REPORT_DIR: 'where the pipeline writes (default $PVH_REPORT_DIR/canary, else reports/canary)',
  },
  exitCodes: {
    0: 'zero occurrences: no secret left the run',
    1: 'a finding, or a pipeline step failed (the scan proves nothing then)',
    2: 'usage error',
  },
  run: (values) => runCanary({ plant: !!values.plant }),
});
