/** How a failed test fared when it ran again alone (replay.ts): one worker, a fresh token, nothing else in flight. */
export interface ReplayResult {
  title: string;
  /** Runs alone, and how many of them failed again. */
  runs: number;
  failed: number;
  /** Why it was not replayed (the budget ran out), when it was not. */
  skipped?: string;
  /** Wall time of its replays, ms. */
  durationMs: number;
}
