/** What load:bench leaves behind: one line per generator, the contract line, bench.json and the chart. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { svgChart } from '../../fixtures/harness/support/charts.ts';
import type { Measured } from './bench-k6.ts';
import type { RawCeiling } from './raw-ceiling.ts';

export interface Step extends Measured {
  offered: number;
  sustained: boolean;
}

export interface BenchResult {
  measuredAt: string;
  machine: { cpus: number; loadAverageBefore: number[]; loadAverageAfter: number[] };
  endpoint: string;
  connections: number;
  openLoopVus: number;
  seconds: number;
  stepSeconds: number;
  raw: RawCeiling;
  bare: Measured;
  closedLoop: Measured;
  openLoop: { steps: Step[]; highestSustained?: number };
  contention?: Measured;
  ratios: { readThroughputRaw: number; bareRaw: number; openLoopRaw?: number };
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => `${x.toFixed(1)} ms`;
const pct = (x: number) => `${(x * 100).toFixed(2)} %`;

export function generatorLine(name: string, m: Measured, note = ''): string {
  return (
    `load:bench: ${name.padEnd(34)} ${n(m.achieved).padStart(7)} req/s  ` +
    `p95 ${ms(m.p95).padStart(9)}  p99 ${ms(m.p99).padStart(9)}  failed ${pct(m.failedRate)}${note}`
  );
}

export function rawLine(r: RawCeiling, connections: number): string {
  return (
    `load:bench: ${`raw: ${r.tool}, ${connections} connections`.padEnd(34)} ${n(r.rps).padStart(7)} req/s  ` +
    `p90 ${ms(r.p90).padStart(9)} ` +
    ` p99 ${ms(r.p99).padStart(9)}  ${(r.okShare * 100).toFixed(1)} % 200`
  );
}

export function stepLine(s: Step): string {
  const label = `  open loop, offered ${n(s.offered)}/s`.padEnd(34);
  return (
    `load:bench: ${label} ${n(s.achieved).padStart(7)} req/s  p95 ${ms(s.p95).padStart(9)}  ` +
    `p99 ${ms(s.p99).padStart(9)}  failed ${pct(s.failedRate)}  ${s.sustained ? 'sustained' : 'NOT sustained'}`
  );
}

/** The line issue #14 asks for, parsed by whoever tracks the figure. */
export function contractLine(b: BenchResult): string {
  return (
    `load:bench: read-throughput/raw = ${b.ratios.readThroughputRaw.toFixed(2)} (k6 bare/raw = ` +
    `${b.ratios.bareRaw.toFixed(2)}, raw tool ${b.raw.tool} at ${Math.round(b.raw.rps)} req/s)`
  );
}

export const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

function chartSpec(b: BenchResult): TopLevelSpec {
  const steps = b.openLoop.steps.flatMap((s) => [
    { offered: s.offered, series: 'achieved', value: s.achieved },
    { offered: s.offered, series: 'offered', value: s.offered },
  ]);
  const latency = b.openLoop.steps.flatMap((s) => [
    { offered: s.offered, series: 'p95', value: s.p95 },
    { offered: s.offered, series: 'p99', value: s.p99 },
  ]);
  const x = {
    field: 'offered',
    type: 'quantitative',
    title: 'offered arrival rate (req/s)',
    scale: { zero: true },
  } as const;
  const color = (domain: string[]) => ({ field: 'series', type: 'nominal', title: null, scale: { domain } }) as const;
  const ref = [
    { label: `bare k6, closed loop: ${n(b.bare.achieved)}/s`, value: b.bare.achieved },
    { label: `read-throughput, closed loop: ${n(b.closedLoop.achieved)}/s`, value: b.closedLoop.achieved },
  ];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'read-throughput, open loop (k6 constant-arrival-rate, warm-up excluded)',
      subtitle:
        `${b.openLoopVus} VUs preallocated, ${b.stepSeconds} s per step (closed loops: ${b.connections} ` +
        `VUs/connections); raw ceiling ${b.raw.tool} ${n(b.raw.rps)}/s; ${b.machine.cpus} CPUs, load average ` +
        `${b.machine.loadAverageBefore[0]}; ${b.measuredAt.slice(0, 16)}Z`,
    },
    background: 'white',
    resolve: { scale: { color: 'independent' } },
    vconcat: [
      {
        width: 520,
        height: 220,
        layer: [
          {
            data: { values: steps },
            mark: { type: 'line', point: true },
            encoding: {
              x,
              y: { field: 'value', type: 'quantitative', title: 'requests per second' },
              color: color(['achieved', 'offered']),
              strokeDash: { field: 'series', type: 'nominal', legend: null },
            },
          },
          {
            data: { values: ref },
            mark: { type: 'rule', strokeDash: [2, 3], color: 'gray' },
            encoding: { y: { field: 'value', type: 'quantitative' } },
          },
          {
            data: { values: ref },
            mark: { type: 'text', align: 'left', dx: 4, dy: -6, color: 'gray' },
            encoding: { y: { field: 'value', type: 'quantitative' }, x: { value: 0 }, text: { field: 'label' } },
          },
        ],
      },
      {
        width: 520,
        height: 160,
        data: { values: latency },
        mark: { type: 'line', point: true },
        encoding: {
          x,
          y: { field: 'value', type: 'quantitative', title: 'latency (ms)' },
          color: color(['p95', 'p99']),
        },
      },
    ],
  };
}

/** Writes bench.json and bench.svg under `dir`; returns their paths. */
export async function writeBench(b: BenchResult, dir: string): Promise<{ json: string; chart: string }> {
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'bench.json');
  const chart = path.join(dir, 'bench.svg');
  writeFileSync(json, `${JSON.stringify(b, null, 2)}\n`);
  writeFileSync(chart, await svgChart(chartSpec(b)));
  return { json, chart };
}
