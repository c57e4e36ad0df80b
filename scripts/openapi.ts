/** `npm run openapi`: docs/openapi.json from the harness's own schemas (fixtures/contract/schemas/openapi.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { OPENAPI_FILE, renderOpenApi } from '../fixtures/contract/schemas/openapi.ts';
import { referenceOpenApiInput } from '../fixtures/harness/support/openapi-input.ts';
import { CommandError, runMain } from './lib/run-main.ts';

/** The shipped file's text; missing counts as stale. */
function shipped(): string {
  try {
    return readFileSync(OPENAPI_FILE, 'utf8');
  } catch {
    return '';
  }
}

runMain({
  name: 'openapi',
  summary:
    'Writes docs/openapi.json, the OpenAPI 3.1 description of the API built from the harness schemas, after ' +
    'validating it against the OpenAPI 3.1 meta-schema.',
  options: {
    check: { type: 'boolean', help: 'write nothing; fail when the shipped file is stale' },
  },
  exitCodes: { 0: 'written, or (--check) up to date', 1: '--check: the shipped file is stale', 2: 'usage error' },
  run: (values) => {
    const text = renderOpenApi(referenceOpenApiInput());
    if (!values.check) {
      writeFileSync(OPENAPI_FILE, text);
      console.log(`openapi: wrote ${OPENAPI_FILE} (valid OpenAPI 3.1)`);
    } else if (shipped() !== text) {
      throw new CommandError(`${OPENAPI_FILE} is stale; run npm run openapi and commit it`, 1);
    } else {
      console.log(`openapi: ${OPENAPI_FILE} is up to date`);
    }
    return 0;
  },
});
