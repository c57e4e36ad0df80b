/**
 * The k6-operator manifest against the operator's published CRD schema (vendored, see
 * load/k8s/crd/): the shipped TestRun is valid, and broken ones are refused with a line naming
 * what is wrong. Also keeps the vendored CRD byte-for-byte the upstream file its header names.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { SCENARIOS } from '../lib/load-config.ts';
import { checkTestRunFile, TESTRUN_FILE, testRunProblems, vendoredCrd } from './testrun-crd.ts';

// One worker compiles the CRD schema (a few seconds: it holds whole pod specs), the rest reuse it.
test.describe.configure({ mode: 'serial' });

const shipped = () =>
  parse(readFileSync(TESTRUN_FILE, 'utf8')) as {
    spec: Record<string, unknown> & { runner: { env: Array<{ name: string; value?: string }> } };
  };

test('the vendored CRD is the upstream file its header names (sha256)', () => {
  const crd = vendoredCrd();
  expect(crd.headerSha256).toBe(crd.sha256);
});

test('load/k8s/testrun.yaml is a valid TestRun, and its PVH_LOAD_CONFIG names a scenario', () => {
  expect(checkTestRunFile()).toEqual([]);
  const config = shipped().spec.runner.env.find((e) => e.name === 'PVH_LOAD_CONFIG')?.value ?? '{}';
  expect(SCENARIOS).toContain((JSON.parse(config) as { scenario?: string }).scenario);
});

test('a broken TestRun is refused, each with a line naming the problem', () => {
  const broken = (change: (m: ReturnType<typeof shipped>) => void) => {
    const m = shipped();
    change(m);
    return testRunProblems(m).join('\n');
  };
  expect(broken((m) => (m.spec.parallelism = 'four'))).toContain('/spec/parallelism must be integer');
  expect(broken((m) => delete m.spec.script)).toContain("must have required property 'script'");
  expect(broken((m) => (m.spec.paralelism = 4))).toContain('unknown field "paralelism"');
  expect(broken((m) => (m.spec.cleanup = 'always'))).toContain(
    '/spec/cleanup must be equal to one of the allowed values ("post")',
  );
  expect(
    broken((m) => ((m.spec.runner as Record<string, unknown>).resources = { limits: { cpu: { cores: 1 } } })),
  ).toContain('/spec/runner/resources/limits/cpu');
  expect(broken((m) => ((m as unknown as Record<string, unknown>).apiVersion = 'k6.io/v1'))).toContain(
    '/apiVersion must be equal to constant',
  );
  expect(broken((m) => ((m as unknown as { metadata: { name: string } }).metadata.name = 'Read_Throughput'))).toContain(
    '/metadata/name must match pattern',
  );
});
