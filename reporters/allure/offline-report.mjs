/**
 * Allure's awesome report (3.18) always writes Google Analytics into index.html: opening a
 * certification report would call www.googletagmanager.com from a partner's network, and where that
 * host is blackholed the page's load event waits on it for minutes. The report we hand over opens
 * offline and tells no one it was opened.
 */
// The block, in two parts: the script that loads gtag.js, then the inline one that sets up its dataLayer.
const LOADER = String.raw`<script async src="https://www\.googletagmanager\.com/gtag/js[^"]*"></script>`;
const SETUP = String.raw`<script>\s*window\.dataLayer[\s\S]*?</script>`;
const ANALYTICS = new RegExp(String.raw`\n?[ \t]*${LOADER}\s*${SETUP}`);

/** The report's HTML without its analytics block; throws when Allure calls out some other way (an upgrade to look at).
 * */
export function withoutAnalytics(html) {
  const out = html.replace(ANALYTICS, '');
  if (/googletagmanager|gtag\(/.test(out))
    throw new Error(
      'the Allure report still calls Google Analytics after removing the block Allure 3.18 writes: its ' +
        'template changed; update reporters/allure/offline-report.mjs',
    );
  return out;
}
