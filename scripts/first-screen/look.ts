/**
 * What a release manager sees first, checked as a person would: the Allure report and the
 * certification page of one run, opened in Chromium (Debian's, never a downloaded browser), their
 * first screen read and photographed. The decision and its first reason come before any count or
 * ring; accepted gaps are named there; a NO-GO names its first root cause.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import type { CertificationResults } from '../../fixtures/judgement/index.ts';

export const CHROMIUM = process.env.PVH_CHROMIUM ?? '/usr/bin/chromium';
/** The flags a closed network needs (no background fetches of Google's services). */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Run in the page (strings: this project's TypeScript has no DOM types).
const TO_TOP =
  'for (const e of document.querySelectorAll("*")) if (e.scrollTop > 0) e.scrollTop = 0; window.scrollTo(0, 0);';
/** The text of the first screen, top to bottom: every text node whose element is at least partly in view. */
const VISIBLE_TEXT =
  `(() => {
  const seen = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const box = n.parentElement && n.parentElement.getBoundingClientRect();
    if (box && box.top < window.innerHeight && box.bottom > 0 && box.height > 0 && n.textContent.trim()) ` +
  `seen.push(n.textContent.trim());
  }
  return seen.join('\\n');
})()`;

export interface Look {
  page: 'allure' | 'certification';
  /** The first screen's text, top to bottom. */
  text: string;
  screenshot: string;
  problems: string[];
}

/** The decision a run's reports must show first: GO, GO with accepted gaps, NO-GO or INCONCLUSIVE. */
export function expectedDecision(
  r: CertificationResults,
  gateGo: boolean,
): { decision: string; gaps: string[]; root?: string; failedTests: number } {
  const decision = r.verdict === 'INCONCLUSIVE' ? 'INCONCLUSIVE' : gateGo ? 'GO' : 'NO-GO';
  return {
    decision,
    gaps: r.acceptedGaps.map((g) => g.clause),
    failedTests: r.tests.filter((t) => t.status === 'failed' || t.status === 'timedOut').length,
    ...(r.rootCauses[0] ? { root: r.rootCauses[0].clause } : {}),
  };
}

/** Judges one first screen's text against the decision it must lead with. */
export function firstScreenProblems(
  page: Look['page'],
  text: string,
  want: ReturnType<typeof expectedDecision>,
): string[] {
  const problems: string[] = [];
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (page === 'allure') {
    // Allure's first lines: its menu ("Report"), then the title, then the date and the ring's percentage.
    const title = lines.find((l) => l !== 'Report') ?? '';
    const ring = lines.findIndex((l) => /^\d+(\.\d+)?%$/.test(l));
    if (!title.startsWith(want.decision === 'GO' && want.gaps.length > 0 ? 'GO with accepted gaps' : want.decision))
      problems.push(`the title "${title.slice(0, 120)}" does not open with the decision ${want.decision}`);
    if (ring !== -1 && ring < lines.indexOf(title)) problems.push('the pass-rate ring comes before the decision');
    if (want.root && !title.includes(want.root))
      problems.push(`the title does not name the first root cause ${want.root}`);
    // Allure's Failed counts tests only: the verdict, root causes and decision are its global errors.
    const failed = lines.indexOf('Failed');
    const shown = failed < 0 ? undefined : Number(lines[failed + 1]);
    if (shown !== undefined && shown !== want.failedTests)
      problems.push(`Failed shows ${shown}, but ${want.failedTests} tests failed`);
  } else if (!new RegExp(`Release decision from this certification:\\s*${want.decision}(?![\\w-])`).test(text))
    problems.push(`no "Release decision from this certification: ${want.decision}" on the first screen`);
  for (const g of want.gaps)
    if (!text.includes(g)) problems.push(`the accepted gap in ${g} is not named on the first screen`);
  return problems;
}

const ALLURE_RENDER_MS = 180_000;

/** Opens both pages of the run in `reportDir` and reads their first screen; screenshots go to `shots`. */
export async function lookAtFirstScreens(reportDir: string, shots: string, gateGo: boolean): Promise<Look[]> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium), or set ` +
        `PVH_CHROMIUM to one`,
    );
  const results = JSON.parse(
    readFileSync(path.join(reportDir, 'certification', 'results.json'), 'utf8'),
  ) as CertificationResults;
  const want = expectedDecision(results, gateGo);
  mkdirSync(shots, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const looks: Look[] = [];
    for (const [page, file] of [
      ['allure', path.join(reportDir, 'allure-report', 'index.html')],
      ['certification', path.join(reportDir, 'certification', 'index.html')],
    ] as const) {
      const tab = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      // Every wait of the page (loading, Allure's rendering, the screenshot) within the same budget.
      tab.setDefaultTimeout(ALLURE_RENDER_MS);
      // A report opens offline: anything it asks of the network is refused here and named (on a network
      // that never answers such a request, the page's load waits for it: tried with a request left unanswered).
      const outside = new Set<string>();
      await tab.route(/^(?!file:|data:)/, async (route) => {
        outside.add(new URL(route.request().url()).origin);
        await route.abort();
      });
      // What the page itself complained of, for a page that never renders.
      const complaints: string[] = [];
      tab.on('pageerror', (e) => complaints.push(`page error: ${e.message.split('\n')[0]}`));
      tab.on('console', (m) => {
        if (m.type() === 'error') complaints.push(`console: ${m.text().slice(0, 200)}`);
      });
      await tab.goto(pathToFileURL(path.resolve(file)).href);
      // Allure renders after loading its data: wait for its title, then look at the top as a person opening it does.
      // On a busy CI machine that took over 30 s for a failing run's report: the budget is for a stuck page, not a slow
      // one.
      let stuck: string | undefined;
      if (page === 'allure') {
        await tab.waitForFunction("document.body.innerText.includes('Partner Voucher API')").catch((e: unknown) => {
          const said =
            complaints.length > 0
              ? `; the page said: ${complaints.slice(0, 5).join(' | ')}`
              : '; the page logged no error';
          stuck =
            `Allure did not render its report in ${ALLURE_RENDER_MS / 1000} s ` +
            `(${e instanceof Error ? e.message.split('\n')[0] : String(e)})${said}`;
        });
        // Its Variables (the decision, the accepted gaps) render after the title: read the screen once they are there
        // (a gap named only there was read as missing); a page without them is judged as it shows.
        if (!stuck)
          await tab
            .waitForFunction("document.body.innerText.includes('Release decision')", undefined, { timeout: 30_000 })
            .catch(() => undefined);
      }
      await tab.evaluate(TO_TOP);
      const text = (await tab.evaluate(VISIBLE_TEXT)) as string;
      const screenshot = path.join(shots, `${page}.png`);
      await tab.screenshot({ path: screenshot });
      const problems = stuck
        ? [`${stuck}; it shows: ${text.split('\n').slice(0, 6).join(' / ').slice(0, 300) || 'nothing'}`]
        : firstScreenProblems(page, text, want);
      if (outside.size > 0)
        problems.push(
          `the page asks the network for ${[...outside].join(', ')} when opened (a report must open offline)`,
        );
      looks.push({ page, text, screenshot, problems });
      await tab.close();
    }
    return looks;
  } finally {
    await browser.close();
  }
}
