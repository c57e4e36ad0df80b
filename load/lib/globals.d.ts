/**
 * Globals the k6 runtime provides that @types/k6 does not declare. Declared narrowly here instead
 * of pulling in lib "dom", which would also (wrongly) offer fetch, window and URLSearchParams.
 */
declare global {
  var console: {
    log(...args: unknown[]): void;
    info(...args: unknown[]): void;
    warn(...args: unknown[]): void;
    error(...args: unknown[]): void;
  };
  /** k6's WebCrypto global (subset used here). */
  var crypto: { randomUUID(): string };
}

export {};
