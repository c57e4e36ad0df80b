/**
 * Where a certify run's time went and what it asked, for npm run certify:bench (bench.ts): its phases from the
 * moments certify printed its lines, its longest test from the Playwright report, and its requests by kind.
 */
import { existsSync, readFileSync } from 'node:fs';

/** A line certify printed, with the seconds since the command started. */
export interface TimedLine {
  at: number;
  text: string;
}

/** Seconds of each phase, one after the other; together the whole command. */
export interface Phases {
  /** Node, the harness's code, the config and the embedded reference API, up to the preflight's line. */
  startUp: number;
  /** The preflight's requests and the choice of workers. */
  preflight: number;
  /** Playwright's start: its code, the suites listed, the run's plan (up to its "N tests" line). */
  playwrightStart: number;
  /** The tests, each worker's start included (up to the certification line). */
  tests: number;
  /** The verdict, the reports and the exit. */
  reports: number;
}

const MARKS = {
  preflight: /^certify: preflight: /,
  workers: /^certify: \d+ workers? side by side/,
  begin: /^(progress: \d+ tests|Running \d+ tests?)/,
  certification: /^certification \S+: /,
} as const;

/** The phases of one run, or undefined when a mark is missing (a run that stopped early). */
export function phasesOf(lines: readonly TimedLine[], exitAt: number): Phases | undefined {
  const index = (re: RegExp) => lines.findIndex((l) => re.test(l.text));
  const [preflight, workers, begin, certification] = [
    index(MARKS.preflight),
    index(MARKS.workers),
    index(MARKS.begin),
    index(MARKS.certification),
  ];
  if (preflight < 1 || workers < 0 || begin < 0 || certification < 0) return undefined;
  // The preflight starts once certify has said what it will reach: the line before the preflight's own.
  const preflightStart = lines[preflight - 1]!.at;
  const at = (i: number) => lines[i]!.at;
  const r = (s: number) => Math.round(s * 10) / 10;
  return {
    startUp: r(preflightStart),
    preflight: r(at(workers) - preflightStart),
    playwrightStart: r(at(begin) - at(workers)),
    tests: r(at(certification) - at(begin)),
    reports: r(exitAt - at(certification)),
  };
}

/** What a request was, by its method and its path with the identifiers taken out: "GET certificate". */
export function requestKind(method: string, url: string, authUrl?: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return `${method} (unparsable URL)`;
  }
  if (authUrl && url.split('?')[0] === authUrl) return `${method} token`;
  if (/\/oauth\/token$/.test(path)) return `${method} token`;
  const cert = /\/api\/v1\/voucher-certificates\/[^/]+(\/booking)?\/?$/.exec(path);
  if (cert) return `${method} ${cert[1] ? 'booking' : 'certificate'}`;
  if (path.startsWith('/api/v1/')) return `${method} other /api/v1 path`;
  return `${method} old interface or other`;
}

/** Requests per kind, most first. */
export function requestKinds(
  exchanges: ReadonlyArray<{ request: { method: string; url: string } }>,
  authUrl?: string,
): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const e of exchanges) {
    const k = requestKind(e.request.method, e.request.url, authUrl);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** An exchange of the suites' http-exchanges.json attachments, as far as the bench reads it. */
export interface BenchExchange {
  startedAt: string;
  durationMs: number;
  request: { method: string; url: string };
}

interface PlaywrightSuite {
  specs?: Array<{
    title: string;
    tests: Array<{
      results: Array<{ duration: number; attachments: Array<{ name: string; body?: string; path?: string }> }>;
    }>;
  }>;
  suites?: PlaywrightSuite[];
}

/** What the bench reads of a run's Playwright report: every exchange the suites recorded, and the longest test. */
export function readPlaywrightReport(playwrightJson: string): {
  exchanges: BenchExchange[];
  longestTest?: { title: string; seconds: number };
} {
  const report = JSON.parse(readFileSync(playwrightJson, 'utf8')) as { suites: PlaywrightSuite[] };
  const exchanges: BenchExchange[] = [];
  let longest: { title: string; seconds: number } | undefined;
  const walk = (s: PlaywrightSuite) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests) {
        for (const r of t.results) {
          if (!longest || r.duration / 1000 > longest.seconds)
            longest = { title: spec.title, seconds: Math.round(r.duration / 100) / 10 };
          const a = r.attachments.find((x) => x.name === 'http-exchanges.json');
          if (!a) continue;
          const text =
            a.body !== undefined
              ? Buffer.from(a.body, 'base64').toString('utf8')
              : a.path && existsSync(a.path)
                ? readFileSync(a.path, 'utf8')
                : '[]';
          exchanges.push(...(JSON.parse(text) as BenchExchange[]));
        }
      }
    }
    for (const c of s.suites ?? []) walk(c);
  };
  for (const s of report.suites) walk(s);
  return { exchanges, ...(longest ? { longestTest: longest } : {}) };
}

const PHASE_NAMES: Record<keyof Phases, string> = {
  startUp: 'start-up',
  preflight: 'preflight',
  playwrightStart: 'Playwright start',
  tests: 'tests',
  reports: 'reports',
};

/** The median of each phase over runs (those whose phases were read). */
export function medianPhases(all: ReadonlyArray<Phases | undefined>, median: (v: number[]) => number) {
  const known = all.filter((p): p is Phases => p !== undefined);
  if (known.length === 0) return undefined;
  const keys = Object.keys(PHASE_NAMES) as Array<keyof Phases>;
  return Object.fromEntries(keys.map((k) => [k, median(known.map((p) => p[k]))])) as unknown as Phases;
}

/** "start-up 1.2 s, preflight 0.3 s, …". */
export function describePhases(p: Phases): string {
  return (Object.keys(PHASE_NAMES) as Array<keyof Phases>).map((k) => `${PHASE_NAMES[k]} ${p[k]} s`).join(', ');
}
