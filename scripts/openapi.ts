/**
 * `npm run openapi [-- --check]`
 *
 * Writes docs/openapi.json, the OpenAPI 3.1 description of the Partner Voucher API built from the
 * harness's own schema definitions, after validating it against the OpenAPI 3.1 meta-schema.
 * `--check` writes nothing and exits 1 when the shipped file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { OPENAPI_FILE, renderOpenApi } from '../fixtures/contract/schemas/openapi.ts';
import { referenceOpenApiInput } from '../fixtures/harness/openapi-input.ts';

function main(): number {
  const { values } = parseArgs({ options: { check: { type: 'boolean' } }, strict: true });
  const text = renderOpenApi(referenceOpenApiInput());
  if (values.check) {
    let shipped = '';
    try {
      shipped = readFileSync(OPENAPI_FILE, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (shipped === text) {
      console.log(`openapi: ${OPENAPI_FILE} is up to date`);
      return 0;
    }
    console.error(`openapi: ${OPENAPI_FILE} is stale; run npm run openapi and commit it`);
    return 1;
  }
  writeFileSync(OPENAPI_FILE, text);
  console.log(`openapi: wrote ${OPENAPI_FILE} (valid OpenAPI 3.1)`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(main());
