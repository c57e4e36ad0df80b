/** npm run certify:profile's arithmetic (profile-summary.ts); the command itself runs certify and is run by hand. */
import { _baseTest as test, expect } from '@playwright/test';
import { describeProfiles, kindOf, roleOf, summarizeProfile, type CpuProfile } from './profile-summary.ts';

const f = (functionName: string, url = '') => ({ functionName, url });
const ROOT = 'file:///home/partner/harness';

test('a sample is the kind of its innermost frame that has one', () => {
  const socketWrite = [f('writev'), f('Socket._writev', 'node:net'), f('book', `${ROOT}/fixtures/harness/api/x.ts`)];
  expect(kindOf(socketWrite)).toBe('HTTP and sockets (both ends)');
  expect(kindOf([f('stringify'), f('write', `${ROOT}/node_modules/allure-js-commons/x.js`), ...socketWrite])).toBe(
    'Allure',
  );
  expect(kindOf([f('handler', `${ROOT}/fixtures/reference-api/server/api-app.ts`)])).toBe('the reference API');
  expect(kindOf([f('onEnd', `${ROOT}/reporters/certification/x.ts`)])).toBe('our reporters');
  // Playwright's own reporters are Playwright's, not ours.
  expect(kindOf([f('onEnd', `${ROOT}/node_modules/playwright/lib/reporters/x.js`)])).toBe('Playwright');
  expect(kindOf([f('(garbage collector)')])).toBe('garbage collection');
  expect(kindOf([f('(program)')])).toBe('other (Node itself)');
});

test('whatever a module runs while it loads is module loading', () => {
  const loading = f('run', 'node:internal/modules/esm/module_job');
  expect(kindOf([f('compile', `${ROOT}/node_modules/ajv/dist/x.js`), loading])).toBe('module loading');
  expect(kindOf([f('compile', `${ROOT}/node_modules/ajv/dist/x.js`)])).toBe('schemas (Ajv)');
});

test('a process is named by its arguments', () => {
  expect(roleOf(['/x/node_modules/playwright/lib/worker/workerProcessEntry.js'])).toBe('Playwright worker');
  expect(roleOf(['/x/node_modules/@playwright/test/cli.js', 'test', '--project=conformance'])).toBe(
    'Playwright runner',
  );
  expect(roleOf(['/x/scripts/certify.ts'])).toBe('certify (the embedded reference API inside)');
  expect(roleOf(undefined)).toBe('node');
});

test('a profile sums its busy samples by kind; idle time is not CPU', () => {
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: f('(root)'), children: [2, 3, 4] },
      { id: 2, callFrame: f('(idle)') },
      { id: 3, callFrame: f('check', `${ROOT}/suites/auth/x.spec.ts`), children: [5] },
      { id: 4, callFrame: f('(garbage collector)') },
      { id: 5, callFrame: f('assert', `${ROOT}/node_modules/fast-check/lib/x.js`) },
    ],
    samples: [2, 3, 5, 5, 4, 2],
    timeDeltas: [1_000_000, 500_000, 250_000, 250_000, 100_000, 900_000],
    startTime: 0,
    endTime: 3_000_000,
    argv: ['/x/node_modules/playwright/lib/worker/workerProcessEntry.js'],
  };
  const p = summarizeProfile(profile);
  expect(p).toEqual({
    role: 'Playwright worker',
    spanSeconds: 3,
    busySeconds: 1.1,
    kinds: [
      ['checks and harness', 0.5],
      ['fast-check', 0.5],
      ['garbage collection', 0.1],
    ],
  });
  expect(describeProfiles([p, { ...p, role: 'certify' }])).toEqual([
    'Playwright worker: 1.10 CPU-s of 3.00 s: checks and harness 0.50, fast-check 0.50, garbage collection 0.10',
    'certify: 1.10 CPU-s of 3.00 s: checks and harness 0.50, fast-check 0.50, garbage collection 0.10',
    'all 2 processes: 2.20 CPU-s sampled: checks and harness 1.00, fast-check 1.00, garbage collection 0.20',
  ]);
});
