// Every `format: date-time` value a request carries, found from spec/ and parsed by the ONE rule
// (src/domain/date-time.ts parseDateTime; decisions 0023, 0400). Query parameters are checked in
// query-values.ts (before the validator, which coerces them); request bodies here, right after the
// OpenAPI validator has checked their shape: the validator's `date-time` format follows RFC 3339
// and lets through instants the service cannot hold (a leap second `23:59:60Z` is an Invalid Date
// in JavaScript and broke the database driver: issue 22 item 1; year 0000 does not exist in
// PostgreSQL). A value the rule refuses is 422 VALIDATION_ERROR naming the field
// (`body.scheduled_at`, `body.payouts[2].scheduled_at`), never a 500.
//
// The locations come from each operation's request body schema (through $ref, properties, array
// items and allOf/oneOf/anyOf/if/then/else), so a date-time field added to either spec is checked
// without code here. Each field's own range (a payout's scheduled_at: in the future, within
// payoutScheduleHorizonDays) is its operation's rule, checked where the clock is (the domain).
import type { NextFunction, Request, Response } from 'express';
import { parseDateTime } from '../domain/date-time.ts';
import type { LoadedSpec, SpecOperation } from '../spec/load-spec.ts';
import { type ValidationField, validationError } from './errors.ts';
import { routeOf } from './route-match.ts';

/** A path into a JSON body: property names, and `[]` for "every item of this array". */
export type DateTimePath = readonly string[];

type Schema = {
  $ref?: string; type?: string | string[]; format?: string;
  properties?: Record<string, Schema>; items?: Schema;
  allOf?: Schema[]; oneOf?: Schema[]; anyOf?: Schema[]; if?: Schema; then?: Schema; else?: Schema;
};

/** Nesting deeper than this is a cycle in the spec, not a body shape (our specs nest 4 deep). */
const schemaDepthMax = 32;

function resolve(document: Record<string, unknown>, schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref !== undefined && hops < 10; hops += 1) {
    current = current.$ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document) as Schema | undefined;
  }
  return current;
}

function collect(document: Record<string, unknown>, schema: Schema | undefined, path: string[], out: Map<string, DateTimePath>): void {
  const s = resolve(document, schema);
  if (!s || path.length > schemaDepthMax) return;
  if (s.format === 'date-time') out.set(path.join('\u0000'), path);
  for (const [name, property] of Object.entries(s.properties ?? {})) collect(document, property, [...path, name], out);
  if (s.items) collect(document, s.items, [...path, '[]'], out);
  for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? []), s.if, s.then, s.else]) collect(document, part, path, out);
}

/** The date-time fields of each operation's JSON request body, as paths from the body's root. */
export function bodyDateTimePaths(spec: LoadedSpec): Map<SpecOperation, DateTimePath[]> {
  const paths = spec.document.paths as Record<string, Record<string, { requestBody?: { $ref?: string } }>>;
  const found = new Map<SpecOperation, DateTimePath[]>();
  for (const operation of spec.operations) {
    const requestBody = resolve(spec.document, paths[operation.path]?.[operation.method]?.requestBody as Schema | undefined) as
      { content?: Record<string, { schema?: Schema }> } | undefined;
    const out = new Map<string, DateTimePath>();
    collect(spec.document, requestBody?.content?.['application/json']?.schema, [], out);
    if (out.size > 0) found.set(operation, [...out.values()]);
  }
  return found;
}

/** Every string at `path` in `value`, with its field name (`body.payouts[2].scheduled_at`). */
function* valuesAt(value: unknown, path: DateTimePath, field: string): Generator<{ field: string; text: string }> {
  if (path.length === 0) {
    if (typeof value === 'string') yield { field, text: value };
    return;
  }
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '[]') {
    if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* valuesAt(item, rest, `${field}[${index}]`);
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, head)) {
    yield* valuesAt((value as Record<string, unknown>)[head], rest, `${field}.${head}`);
  }
}

/** The refusals of `body`'s date-time values at `paths` (empty when every one is an instant the service can hold). */
export function dateTimeProblems(body: unknown, paths: readonly DateTimePath[]): ValidationField[] {
  const fields: ValidationField[] = [];
  for (const path of paths) {
    for (const { field, text } of valuesAt(body, path, 'body')) {
      const parsed = parseDateTime(text);
      if (!parsed.ok) fields.push({ field, message: parsed.message });
    }
  }
  return fields;
}

/** Runs after the OpenAPI validator: 422 naming each body date-time the one rule refuses. */
export function strictBodyDateTimes(specs: readonly LoadedSpec[]) {
  const pathsOf = new Map(specs.flatMap((spec) => [...bodyDateTimePaths(spec)]));
  return function checkBodyDateTimes(req: Request, res: Response, next: NextFunction): void {
    const paths = pathsOf.get(routeOf(res).operation);
    if (!paths) return next();
    const fields = dateTimeProblems(req.body, paths);
    next(fields.length > 0 ? validationError(fields) : undefined);
  };
}
