/**
 * Where a profiled certify run's CPU went (npm run certify:profile): each process's V8 CPU profile (its main
 * thread, sampled) summed by what the sampled code was doing: the innermost frame of a kind names it, except that
 * all a module runs while it loads is module loading (start-up).
 */

export interface CallFrame {
  functionName: string;
  url: string;
}

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
  samples: number[];
  /** Microseconds before each sample. */
  timeDeltas: number[];
  startTime: number;
  endTime: number;
  /** The process's arguments, written by cpu-profile-preload.mjs. */
  argv?: string[];
}

export interface ProcessCpu {
  role: string;
  spanSeconds: number;
  busySeconds: number;
  /** Seconds by kind, largest first. */
  kinds: Array<[string, number]>;
}

const pkg = (name: string) => new RegExp(`/node_modules/${name}/`);
/** A file of this project's own folder `dir` (outside node_modules). */
const ours = (dir: string) => new RegExp(`^file://(?!.*node_modules).*/${dir}/`);

/** Code run while a module loads (the module's own top level included): a process's start-up, mostly. */
const LOADING = /^node:internal\/modules\//;

/** Each kind and the frames that are it; a sample is the kind of its innermost frame that is one (LOADING first). */
const KINDS: ReadonlyArray<readonly [string, (f: CallFrame) => boolean]> = [
  ["Playwright's step stacks", (f) => /^(captureRawStack|prepareStackTrace|get stack)$/.test(f.functionName)],
  ['messages between processes', (f) => /^node:internal\/child_process/.test(f.url)],
  [
    'HTTP and sockets (both ends)',
    (f) =>
      /^node:(_http_(client|outgoing|common|incoming)|net$|internal\/stream_base_commons)/.test(f.url) ||
      pkg('undici').test(f.url) ||
      ours('harness/http').test(f.url),
  ],
  [
    'the reference API',
    (f) => ours('fixtures/reference-api').test(f.url) || /\/node_modules\/(fastify|find-my-way|@fastify)\//.test(f.url),
  ],
  ['Allure', (f) => /\/node_modules\/allure-/.test(f.url)],
  ['our reporters', (f) => ours('reporters').test(f.url)],
  ['schemas (Ajv)', (f) => pkg('ajv').test(f.url)],
  ['fast-check', (f) => pkg('fast-check').test(f.url)],
  ['checks and harness', (f) => ours('(fixtures|suites|scripts)').test(f.url)],
  ['Playwright', (f) => /\/node_modules\/(@playwright|playwright|playwright-core)\//.test(f.url)],
];

/** The kind of a sample whose frames, innermost first, are `frames`. */
export function kindOf(frames: readonly CallFrame[]): string {
  const top = frames[0];
  if (top?.functionName === '(garbage collector)') return 'garbage collection';
  if (frames.some((f) => LOADING.test(f.url))) return 'module loading';
  for (const f of frames) {
    const kind = KINDS.find(([, is]) => is(f));
    if (kind) return kind[0];
  }
  return 'other (Node itself)';
}

/** The part a process plays, from its arguments. */
export function roleOf(argv: readonly string[] | undefined): string {
  const args = (argv ?? []).join(' ');
  if (/workerProcessEntry/.test(args)) return 'Playwright worker';
  if (/playwright[^ ]*cli\.js test|@playwright\/test\/cli/.test(args)) return 'Playwright runner';
  if (/scripts\/certify\.ts/.test(args)) return 'certify (the embedded reference API inside)';
  return args ? `node ${args.split(' ')[0]!.split('/').pop()}` : 'node';
}

export function summarizeProfile(p: CpuProfile): ProcessCpu {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const kindById = new Map<number, string>();
  const kindAt = (id: number) => {
    let kind = kindById.get(id);
    if (kind === undefined) {
      const frames: CallFrame[] = [];
      for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) frames.push(byId.get(x)!.callFrame);
      kind = kindOf(frames);
      kindById.set(id, kind);
    }
    return kind;
  };
  const kinds = new Map<string, number>();
  let busy = 0;
  p.samples.forEach((id, i) => {
    const us = p.timeDeltas[i] ?? 0;
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    busy += us;
    const kind = kindAt(id);
    kinds.set(kind, (kinds.get(kind) ?? 0) + us);
  });
  return {
    role: roleOf(p.argv),
    spanSeconds: (p.endTime - p.startTime) / 1e6,
    busySeconds: busy / 1e6,
    kinds: [...kinds].map(([k, us]) => [k, us / 1e6] as [string, number]).sort((a, b) => b[1] - a[1]),
  };
}

const s2 = (seconds: number) => seconds.toFixed(2);

/** One line per process, then the kinds over all of them. */
export function describeProfiles(processes: readonly ProcessCpu[]): string[] {
  const all = new Map<string, number>();
  for (const p of processes) for (const [k, s] of p.kinds) all.set(k, (all.get(k) ?? 0) + s);
  const list = (kinds: Iterable<[string, number]>) =>
    [...kinds]
      .sort((a, b) => b[1] - a[1])
      .filter(([, s]) => s >= 0.01)
      .map(([k, s]) => `${k} ${s2(s)}`)
      .join(', ');
  const total = processes.reduce((sum, p) => sum + p.busySeconds, 0);
  return [
    ...processes.map((p) => `${p.role}: ${s2(p.busySeconds)} CPU-s of ${s2(p.spanSeconds)} s: ${list(p.kinds)}`),
    `all ${processes.length} processes: ${s2(total)} CPU-s sampled: ${list(all)}`,
  ];
}
