/**
 * Human-readable renderings of the certification results, Markdown (render-markdown.ts) and a
 * self-contained HTML page (render-html.ts), for a release manager who reads no code: verdict and
 * decision first, then what broke with its evidence files, what changed since the last run, and
 * every clause (each with an anchor).
 */
export { renderHtml } from './render-html.ts';
export { renderMarkdown } from './render-markdown.ts';
export { decisionOf } from './render-parts.ts';
