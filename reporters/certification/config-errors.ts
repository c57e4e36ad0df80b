/**
 * Config errors among a run's causes: what the target showed the config claims wrongly (found by
 * the preflight or during a test), one line each with the fix. certify exits 2 on any of them.
 */

/** How a config error reads among a run's causes (the preflight's and the tests' alike). */
export const configErrorCause = (line: string): string => `config error: ${line}`;

/** The config errors among a run's causes, without their prefix. */
export function configErrorsOf(r: { causes: readonly string[] }): string[] {
  const prefix = configErrorCause('');
  return r.causes.filter((c) => c.startsWith(prefix)).map((c) => c.slice(prefix.length));
}
