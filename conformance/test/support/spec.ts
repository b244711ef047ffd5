// spec/merchant.yaml as the tests' oracle: which statuses an operation documents and the JSON
// Schema (2020-12, as OpenAPI 3.1 uses) its response body must match. Validation is ajv over the
// spec's own schemas, so a test can never hold a private idea of a response shape.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { merchant_spec_file, not_implemented_file } from './paths.ts';

type Json = Record<string, unknown>;
type Operation = { operationId: string; parameters?: Json[]; requestBody?: Json; responses: Record<string, Json> };

export const merchant_spec = parse(readFileSync(merchant_spec_file, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: Json;
};

const spec_id = 'merchant.yaml';
// ajv-formats is CommonJS with a default export; under NodeNext its type is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
// strict: false because an OpenAPI document carries keywords JSON Schema does not know
// (example, x-addition...). The document itself is added as one schema so every $ref resolves.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ ...merchant_spec, $id: spec_id } as Json);

const http_methods = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof http_methods)[number];

export type SpecOperation = { operationId: string; method: HttpMethod; path: string; operation: Operation };

export const merchant_operations: SpecOperation[] = Object.entries(merchant_spec.paths).flatMap(([path, item]) =>
  http_methods.filter((method) => item[method]).map((method) => ({ operationId: item[method]!.operationId, method, path, operation: item[method]! })),
);

export function operationById(operationId: string): SpecOperation {
  const found = merchant_operations.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in spec/merchant.yaml`);
  return found;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolveRef(ref: string): { pointer: string; value: Json } {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are expected in the spec, got ${ref}`);
  let value: unknown = merchant_spec;
  for (const raw of ref.slice(2).split('/')) {
    value = (value as Json)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return { pointer: ref.slice(1), value: value as Json };
}

const validators = new Map<string, ValidateFunction>();
function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.getSchema(`${spec_id}#${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    validators.set(pointer, validate);
  }
  return validate;
}

/** The validator of a component schema, e.g. `ErrorEnvelope`. */
export function componentValidator(name: string): ValidateFunction {
  return validatorAt(`/components/schemas/${escapePointer(name)}`);
}

/** The statuses an operation documents. */
export function documentedStatuses(op: SpecOperation): number[] {
  return Object.keys(op.operation.responses).map(Number);
}

/** The body validator of `op`'s response for `status`, or null when the status is undocumented. */
export function responseValidator(op: SpecOperation, status: number): ValidateFunction | null {
  let response = op.operation.responses[String(status)];
  if (!response) return null;
  let pointer = `/paths/${escapePointer(op.path)}/${op.method}/responses/${status}`;
  if (typeof response.$ref === 'string') ({ pointer, value: response } = resolveRef(response.$ref));
  const media = (response.content as Json | undefined)?.['application/json'] as Json | undefined;
  if (!media) throw new Error(`${op.operationId} ${status} has no application/json content`);
  return validatorAt(`${pointer}/content/${escapePointer('application/json')}/schema`);
}

/** The first request body example of an operation (its `example`, else its first `examples` entry). */
export function requestExample(op: SpecOperation): unknown {
  const media = (op.operation.requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined;
  if (!media) return undefined;
  if ('example' in media) return media.example;
  const first = Object.values((media.examples as Record<string, Json> | undefined) ?? {})[0];
  return first?.value;
}

export function describeErrors(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { separator: '\n' });
}

/** "<spec> <operationId>" lines of conformance/not-implemented.txt (comments and blanks dropped). */
export function notImplemented(spec: 'merchant' | 'partner'): Set<string> {
  const ids = new Set<string>();
  for (const line of readFileSync(not_implemented_file, 'utf8').split('\n')) {
    const [name, operationId] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (name === spec && operationId) ids.add(operationId);
  }
  return ids;
}
