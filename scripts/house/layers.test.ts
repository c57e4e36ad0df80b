/**
 * The one-way layers (docs/architecture.md, .dependency-cruiser.cjs): every import of the product,
 * type-only ones included, runs down a layer or stays in its room, no loop, the reference API and
 * the judgement entered by their face, nothing importing a command. dependency-cruiser reads the
 * imports as TypeScript resolves them.
 */
import { _baseTest as test, expect } from '@playwright/test';
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';

test(
  'no import runs up a layer or round in a loop ' + '(dependency-cruiser, the rules of .dependency-cruiser.cjs)',
  async () => {
    test.setTimeout(60_000);
    const config = createRequire(import.meta.url)(`${PROJECT_ROOT}/.dependency-cruiser.cjs`) as {
      forbidden: unknown[];
      options: Record<string, unknown>;
    };
    const cwd = process.cwd();
    process.chdir(PROJECT_ROOT);
    try {
      const result = await cruise(['fixtures', 'suites', 'reporters', 'load', 'scripts'], {
        ...config.options,
        ruleSet: { forbidden: config.forbidden },
        validate: true,
        outputType: 'err',
      } as never);
      const output = typeof result.output === 'string' ? result.output : JSON.stringify(result.output);
      expect(result.exitCode, output).toBe(0);
    } finally {
      process.chdir(cwd);
    }
  },
);
