/**
 * Checks a k6-operator TestRun manifest (load/k8s/testrun.yaml) against the operator's own CRD
 * schema, vendored in load/k8s/crd/ (version and source in its header), with the project's one Ajv
 * instance. The CRD's openAPIV3Schema is an OpenAPI v3 structural schema, so it is adapted to
 * JSON Schema 2020-12 the way the Kubernetes API server reads it:
 * - `nullable: true` adds "null" to the type;
 * - `x-kubernetes-int-or-string` means integer or string (controller-gen already writes the anyOf);
 * - an object with `properties` and no `additionalProperties` rejects unknown fields, as
 *   `kubectl apply` does with its default strict field validation, unless it carries
 *   `x-kubernetes-preserve-unknown-fields`;
 * - the other x-kubernetes-* keywords (list and map types) say how lists merge, not what is valid,
 *   and are dropped.
 * The API server also checks apiVersion, kind and metadata.name, which the CRD leaves open.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { ErrorObject } from 'ajv';
import { registerSchema } from '../../fixtures/contract/schemas/index.ts';
import { PROJECT_ROOT } from '../../fixtures/harness/support/project-root.ts';

export const CRD_FILE = path.join(PROJECT_ROOT, 'load', 'k8s', 'crd', 'k6.io_testruns.yaml');
export const TESTRUN_FILE = path.join(PROJECT_ROOT, 'load', 'k8s', 'testrun.yaml');
const VERSION = 'v1alpha1';
const SCHEMA_ID = `https://pvh.local/k8s/k6.io/${VERSION}/TestRun`;

type Schema = Record<string, unknown>;

/** Keywords whose value is one schema, a list of schemas, or a map of name -> schema. */
const ONE = ['items', 'not', 'additionalItems'];
const MANY = ['anyOf', 'allOf', 'oneOf'];
const MAP = ['properties', 'patternProperties'];

function adapt(node: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-kubernetes-') || key === 'nullable') continue;
    if (ONE.includes(key) && value && typeof value === 'object') out[key] = adapt(value as Schema);
    else if (MANY.includes(key) && Array.isArray(value)) out[key] = value.map((v) => adapt(v as Schema));
    else if (MAP.includes(key) && value && typeof value === 'object')
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, adapt(v as Schema)]));
    else if (key === 'additionalProperties' && value && typeof value === 'object') out[key] = adapt(value as Schema);
    else out[key] = value; // enum, default, required, type, format, pattern, bounds, description: as they are
  }
  if (node['x-kubernetes-int-or-string'] === true && !out.anyOf) out.anyOf = [{ type: 'integer' }, { type: 'string' }];
  if (node.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  if (out.properties && out.additionalProperties === undefined && node['x-kubernetes-preserve-unknown-fields'] !== true)
    out.additionalProperties = false;
  return out;
}

/** The upstream CRD text (the vendored file minus its provenance header) and its sha256. */
export function vendoredCrd(): { text: string; sha256: string; headerSha256: string | undefined } {
  const raw = readFileSync(CRD_FILE, 'utf8');
  const text = raw.slice(raw.indexOf('---\n'));
  return {
    text,
    sha256: createHash('sha256').update(text).digest('hex'),
    headerSha256: /sha256[^:]*:\s*([0-9a-f]{64})/.exec(raw)?.[1],
  };
}

let validator: ReturnType<typeof registerSchema> | undefined;

function testRunValidator(): ReturnType<typeof registerSchema> {
  if (validator) return validator;
  const crd = parse(vendoredCrd().text) as {
    spec: {
      names: { kind: string };
      group: string;
      versions: Array<{ name: string; schema: { openAPIV3Schema: Schema } }>;
    };
  };
  const version = crd.spec.versions.find((v) => v.name === VERSION);
  if (!version) throw new Error(`${CRD_FILE} has no version ${VERSION}`);
  const apiServer: Schema = {
    properties: {
      apiVersion: { const: `${crd.spec.group}/${VERSION}` },
      kind: { const: crd.spec.names.kind },
      // RFC 1123 subdomain, as for every object name.
      metadata: {
        required: ['name'],
        properties: {
          name: {
            type: 'string',
            maxLength: 253,
            pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
          },
        },
      },
    },
    required: ['apiVersion', 'kind', 'metadata'],
  };
  const schema: Schema & { $id: string } = {
    $id: SCHEMA_ID,
    allOf: [adapt(version.schema.openAPIV3Schema), apiServer],
  };
  validator = registerSchema(schema);
  return validator;
}

/** One line per problem ("/spec/parallelism must be integer"); empty when the manifest is valid. */
export function testRunProblems(manifest: unknown): string[] {
  const validate = testRunValidator();
  return validate(manifest) ? [] : [...new Set((validate.errors ?? []).map(describe))];
}

/** Ajv's message plus what it leaves out: the unknown field's name, the allowed values. */
function describe(e: ErrorObject): string {
  const p = e.params as { additionalProperty?: string; allowedValues?: unknown[]; allowedValue?: unknown };
  const extra = p.additionalProperty
    ? ` (unknown field "${p.additionalProperty}")`
    : p.allowedValues
      ? ` (${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`
      : p.allowedValue !== undefined
        ? ` (${JSON.stringify(p.allowedValue)})`
        : '';
  return `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}${extra}`;
}

/** Every document of a manifest file, checked; YAML syntax errors are problems too. */
export function checkTestRunFile(file = TESTRUN_FILE): string[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  if (!Array.isArray(docs)) return ['not a YAML stream'];
  return docs.flatMap((d, i) =>
    d.errors.length
      ? d.errors.map((e) => `document ${i + 1}: ${e.message}`)
      : testRunProblems(d.toJS()).map((p) => `document ${i + 1}: ${p}`),
  );
}
