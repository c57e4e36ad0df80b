/** `npm run first-screen`: the first screen of the last run's Allure report and certification page, as a person sees
 * them (scripts/first-screen/look.ts). */
import path from 'node:path';
import { lookAtFirstScreens } from './first-screen/look.ts';
import { evaluateGate } from './gate/run.ts';
import { runMain } from './lib/run-main.ts';

runMain({
  name: 'first-screen',
  summary:
    'Opens $PVH_REPORT_DIR/allure-report/index.html and certification/index.html in Chromium and checks that ' +
    'their first screen leads with the release decision, its first root cause and any accepted gap; keeps a ' +
    'screenshot of each.',
  options: {},
  environment: {
    PVH_REPORT_DIR: 'the run whose reports are looked at (after npm run certify and npm run report; default reports)',
    PVH_CHROMIUM: "the Chromium to use (default /usr/bin/chromium, Debian's chromium package)",
  },
  exitCodes: {
    0: 'both first screens lead with the decision',
    1: 'one does not (what is missing is printed)',
    2: 'usage error, or no Chromium',
  },
  run: async () => {
    const reportDir = process.env.PVH_REPORT_DIR ?? 'reports';
    const gate = await evaluateGate({ results: [], readOnly: false });
    const looks = await lookAtFirstScreens(reportDir, path.join(reportDir, 'first-screen'), gate.go);
    for (const l of looks) {
      console.log(
        `first-screen: ${l.page}: ${l.problems.length === 0 ? 'leads with the decision' : l.problems.join('; ')} ` +
          `(${l.screenshot})`,
      );
      console.log(
        l.text
          .split('\n')
          .slice(0, 4)
          .map((t) => `  | ${t.slice(0, 160)}`)
          .join('\n'),
      );
    }
    return looks.some((l) => l.problems.length > 0) ? 1 : 0;
  },
});
