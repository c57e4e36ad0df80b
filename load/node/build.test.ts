/**
 * The k6 bundles: built by esbuild from load/scenarios, k6 built-ins kept as imports, nothing
 * remote, nothing node-only, and the load suite's copies of harness constants still in step.
 * Does not run k6 (too slow for npm test): the load smoke runs are `npm run load -- ...` in CI.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOOKING_REFERENCE_PREFIX } from '../../fixtures/contract/booking.ts';
import { loadReferencePrefix } from '../lib/payloads.ts';
import { planFor } from '../lib/profiles.ts';
import { PROFILES, SCENARIOS } from '../lib/load-config.ts';
import { CommandError } from '../../fixtures/harness/support/command-error.ts';
import { buildLoadBundles, scenarioEntries } from './build.ts';
import { loadOptionsFrom } from './options.ts';
import { checkLoadSafety } from './target.ts';
import production from '../../fixtures/environments/configs/production.ts';
import staging from '../../fixtures/environments/configs/staging.ts';

test.describe('k6 load bundles', () => {
  let outdir: string;
  let bundles: string[];
  test.beforeAll(async () => {
    outdir = mkdtempSync(path.join(tmpdir(), 'pvh-k6-'));
    ({ bundles } = await buildLoadBundles(outdir));
  });
  test.afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  test('one bundle per scenario, each scenario name known to the runner', () => {
    const names = scenarioEntries().map((e) => path.basename(e, '.ts'));
    expect(bundles.map((b) => path.basename(b, '.js'))).toEqual(names);
    expect([...names].sort()).toEqual([...SCENARIOS].sort());
  });

  test('k6 built-ins stay external and nothing is imported from the network or node', () => {
    for (const file of bundles) {
      const code = readFileSync(file, 'utf8');
      const imports = [...code.matchAll(/^\s*import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
      expect(imports, file).toContain('k6/http');
      for (const spec of imports) expect(spec, `${path.basename(file)} imports ${spec}`).toMatch(/^k6(\/|$)/);
      expect(code).not.toMatch(/from\s+['"]https?:\/\//);
      expect(code).not.toMatch(/require\(\s*['"]/);
      expect(code).toMatch(/sourceMappingURL=data:application\/json/);
      expect(code).toMatch(/export\s*\{[^}]*handleSummary/);
    }
  });

  test(
    "each threshold's Allure result is labelled with its environment and run (the gate counts only the " +
      "certification's own)",
    () => {
      // summary.ts runs inside k6 (k6/crypto), so the bundle is what can be read here.
      for (const bundle of bundles) {
        const text = readFileSync(bundle, 'utf8');
        expect(text, bundle).toMatch(/\{ name: "environment", value: \w+\.environment \}/);
        expect(text, bundle).toMatch(/\{ name: "runId", value: \w+\.runId \}/);
      }
    },
  );

  test('the harness pattern constants are bundled, not copied', () => {
    const code = readFileSync(bundles.find((b) => b.endsWith('contention.js'))!, 'utf8');
    expect(code).toContain('urn:service:error:');
    expect(code).toContain('function someValue');
  });
});

test('load bookings carry the harness bookingReference prefix (the janitor recognises them)', () => {
  expect(loadReferencePrefix('run1').startsWith(BOOKING_REFERENCE_PREFIX)).toBe(true);
});

test('every scenario has a plan for every profile, and --max-rate caps arrival rates', () => {
  for (const s of SCENARIOS)
    for (const p of PROFILES) expect(Object.keys(planFor(s, p).scenarios).length).toBeGreaterThan(0);
  const capped = planFor('read-throughput', 'stress', { maxRate: 7 });
  const reads = capped.scenarios.reads as unknown as { startRate: number; stages: Array<{ target: number }> };
  expect(Math.max(reads.startRate, ...reads.stages.map((s) => s.target))).toBeLessThanOrEqual(7);
  expect(planFor('contention', 'average', { maxRate: 10 }).pacingMs).toBeGreaterThan(0);
});

test('production is refused without --allow-production and --max-rate; load caps apply', () => {
  expect(() => checkLoadSafety(production, { scenario: 'read-throughput', allowProduction: false })).toThrow(
    CommandError,
  );
  expect(() => checkLoadSafety(production, { scenario: 'read-throughput', allowProduction: true })).toThrow(
    /--max-rate/,
  );
  expect(checkLoadSafety(production, { scenario: 'read-throughput', allowProduction: true, maxRate: 5 })).toBe(5);
  expect(() => checkLoadSafety(production, { scenario: 'contention', allowProduction: true, maxRate: 5 })).toThrow(
    /writes are not allowed/,
  );
  expect(checkLoadSafety(staging, { scenario: 'read-throughput', allowProduction: false, maxRate: 500 })).toBe(50);
});

test('bad flag values give one-line CommandErrors (unknown flags: scripts/commands.e2e.ts)', () => {
  expect(() => loadOptionsFrom({ scenario: 'nope' }, 'local')).toThrow(/--scenario must be one of/);
  expect(() => loadOptionsFrom({ scenario: 'token', profile: 'huge' }, 'local')).toThrow(/--profile must be one of/);
  expect(() => loadOptionsFrom({ scenario: 'token', vus: 'many' }, 'local')).toThrow(CommandError);
});
