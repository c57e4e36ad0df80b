/** What `npm run certify` was asked (scripts/certify.ts parses it), and what follows from it for the suites. */

export interface CertifyOptions {
  /** Environment name or config path. */
  env: string;
  grep?: string;
  /** Then write the evidence bundle, whatever the verdict. */
  bundle: boolean;
  /** A console line per test instead of the compact progress. */
  verbose?: boolean;
  /** More Playwright arguments. */
  playwrightArgs: string[];
  /** Prometheus remote-write URL for the run's verdicts (else $PVH_PROMETHEUS_URL, else the config's). */
  prometheus?: string;
}

/** How the run narrows the suites, in words for "not selected" reasons; undefined when it runs them all. */
export function filterOf(options: CertifyOptions): string | undefined {
  const narrowing = options.playwrightArgs.filter(
    (a, i, all) =>
      /^(-g|--grep|--grep-invert|--shard|--last-failed|--only-changed)(=|$)/.test(a) ||
      (!a.startsWith('-') && !/^--?[a-z-]+$/.test(all[i - 1] ?? '')),
  );
  const parts = [...(options.grep ? [`--grep ${options.grep}`] : []), ...narrowing];
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The Playwright arguments of the suites' run. */
export function suiteArgs(options: CertifyOptions): string[] {
  return [...(options.grep ? ['--grep', options.grep] : []), ...options.playwrightArgs];
}
