/**
 * certify's default console progress: a line per tenth of the run with the counts, and a line per
 * test that did not pass (its title and the first line of its error), instead of one 300-character
 * line per test. `certify --verbose` uses Playwright's list reporter instead; the certification
 * report and Playwright's JSON keep every test either way.
 */
import { PREFLIGHT_GATE_ENV } from '../../fixtures/harness/run/suites-go.ts';
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestError,
  TestResult,
} from '@playwright/test/reporter';
import { stripAnsi } from '../../fixtures/harness/support/ansi.ts';
import { redact } from '../../fixtures/harness/http/redact.ts';

const WIDTH = 160;
/** Silence after which a line says what is still running (a slow target's long test is not a hang). */
const QUIET_MS = 15_000;

/** `text` on one line of at most `max` characters. */
export function oneLine(text: string, max = WIDTH): string {
  const line = stripAnsi(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export default class CompactProgress implements Reporter {
  private total = 0;
  private done = 0;
  private counts = { passed: 0, failed: 0, skipped: 0, stopped: 0 };
  private nextTenth = 1;
  private started = Date.now();
  private lastLine = Date.now();
  private running = new Map<TestCase, number>();
  private quiet: NodeJS.Timeout | undefined;
  private readonly quietMs: number;

  /** `quietMs`: the silence before a still-running line (default QUIET_MS; tests set it short). */
  /** The begin line, until the first test begins (PREFLIGHT_GATE_ENV). */
  private held: (() => void) | undefined;

  constructor(options: { quietMs?: number } = {}) {
    this.quietMs = options.quietMs ?? QUIET_MS;
  }

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.total = suite.allTests().length;
    const begin = () => {
      this.started = Date.now();
      console.log(
        `progress: ${this.total} tests, ${config.workers} worker${config.workers === 1 ? '' : 's'} (a line per ` +
          `10 %; --verbose lists every test)`,
      );
      this.lastLine = Date.now();
      this.quiet = setInterval(() => this.stillRunning(), Math.min(1_000, this.quietMs));
      this.quiet.unref();
    };
    // While certify's audit still runs (its workers start meanwhile), the run begins with its first test.
    if (process.env[PREFLIGHT_GATE_ENV]) this.held = begin;
    else begin();
  }

  onTestBegin(test: TestCase): void {
    this.held?.();
    this.held = undefined;
    this.running.set(test, Date.now());
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // A retry-free run: the last result of a test is its result.
    this.done += 1;
    this.running.delete(test);
    const outcome = test.outcome();
    const message = result.errors[0]?.message ?? result.error?.message;
    if (outcome === 'skipped') this.counts.skipped += 1;
    else if (outcome === 'expected' || outcome === 'flaky') this.counts.passed += 1;
    // Stopped by a stop signal (Ctrl-C) before it finished: not run, as the report counts it, never a failure.
    else if (result.status === 'interrupted' || message?.startsWith('RunStopped')) this.counts.stopped += 1;
    else {
      this.counts.failed += 1;
      const error = message ?? result.status;
      const title = oneLine(test.titlePath().slice(3).join(' › '), 110);
      const firstLine = oneLine(error.split('\n').find((l) => l.trim() !== '') ?? error, WIDTH);
      this.print(redact(`  ✘ ${title}: ${firstLine}`));
    }
    // One line when the run passes one or more tenths (a run of 3 tests has a line per test).
    let crossed = false;
    while (this.total > 0 && this.nextTenth <= 10 && this.done * 10 >= this.nextTenth * this.total) {
      this.nextTenth += 1;
      crossed = true;
    }
    if (crossed) this.print(this.line());
  }

  /** What tests print themselves (a cleanup warning) and errors outside any test are kept as they are. */
  onStdOut(chunk: string | Buffer): void {
    process.stdout.write(chunk);
  }

  onStdErr(chunk: string | Buffer): void {
    process.stderr.write(chunk);
  }

  onError(error: TestError): void {
    console.error(redact(error.stack ?? error.message ?? String(error.value)));
  }

  onEnd(result: FullResult): void {
    this.held?.();
    clearInterval(this.quiet);
    if (this.done < this.total) console.log(`${this.line()}; ${result.status}`);
  }

  private print(line: string): void {
    console.log(line);
    this.lastLine = Date.now();
  }

  /** After quietMs without a line: how many tests are running, and the one running longest. */
  private stillRunning(): void {
    const now = Date.now();
    if (now - this.lastLine < this.quietMs || this.running.size === 0) return;
    const [longest, since] = [...this.running].reduce((a, b) => (b[1] < a[1] ? b : a));
    const title = oneLine(longest.titlePath().slice(3).join(' › '), 100);
    this.print(
      `progress: still running ${this.running.size} test${this.running.size === 1 ? '' : 's'}, ` +
        `${this.done}/${this.total} done, ${((now - this.started) / 1000).toFixed(1)} s; the longest: ${title} ` +
        `(${Math.round((now - since) / 1000)} s)`,
    );
  }

  private line(): string {
    const pct = this.total ? Math.floor((this.done * 100) / this.total) : 100;
    const { passed, failed, skipped, stopped } = this.counts;
    const notRun = stopped > 0 ? `, ${stopped} stopped (not run)` : '';
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    return (
      `progress: ${String(pct).padStart(3)} % (${this.done}/${this.total}): ${passed} passed, ${failed} failed, ` +
      `${skipped} skipped${notRun}, ${seconds} s`
    );
  }
}
