import { _baseTest as test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
// @ts-expect-error: a plain .mjs module (generate-with-gate.mjs runs it without tsx); its one export takes and returns
// a string.
import { withoutAnalytics } from './offline-report.mjs';

const strip = withoutAnalytics as (html: string) => string;

/** The analytics block as the installed Allure awesome plugin writes it, its placeholders filled. */
function installedAnalyticsBlock(): string {
  const require = createRequire(import.meta.url);
  const generators = path.join(path.dirname(require.resolve('@allurereport/plugin-awesome')), 'generators.js');
  const block = /\{\{#if analyticsEnable\}\}([\s\S]*?)\{\{\/if\}\}/.exec(readFileSync(generators, 'utf8'));
  if (!block) throw new Error(`no analytics block in ${generators}: see reporters/allure/offline-report.mjs`);
  return block[1]!
    .replace(/\{\{\s*allureVersion\s*\}\}/g, '3.18.0')
    .replace(/\{\{\s*reportUuid\s*\}\}/g, '28cb922c')
    .replace(/\{\{\s*singleFile\s*\}\}/g, 'true');
}

test.describe('the Allure report opens offline', () => {
  test('the analytics block the installed Allure writes is removed, and nothing else', () => {
    const before = '<body>\n    <div id="app"></div>\n    <script src="data:text/javascript;base64,AA=="></script>';
    const after = '\n    <script async>\n      window.allureReportDataReady = false;\n    </script>\n</body>';
    const html = `${before}${installedAnalyticsBlock()}${after}`;
    expect(html).toContain('googletagmanager');
    const out = strip(html);
    expect(out).not.toMatch(/googletagmanager|gtag/);
    expect(out.replace(/\s+/g, ' ')).toBe(`${before}${after}`.replace(/\s+/g, ' '));
  });

  test('a report that calls out some other way stops the build with what to update', () => {
    expect(() => strip('<script src="https://www.googletagmanager.com/gtm.js?id=X"></script>')).toThrow(
      /template changed; update reporters\/allure\/offline-report\.mjs/,
    );
  });

  test('a report without analytics is left as it is', () => {
    expect(strip('<html><body>ok</body></html>')).toBe('<html><body>ok</body></html>');
  });
});
