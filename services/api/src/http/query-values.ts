// Query values the OpenAPI validator would read too loosely, refused with 422 naming the
// parameter before it sees them (decisions 0023, 0024). The rules come from spec/, for every
// query parameter of every operation, so a new parameter gets them without code here:
//   - `type: integer` (`limit`): decimal digits with an optional minus sign, nothing else. The
//     validator coerces with JavaScript's Number rules, so `0x10`, `1e1`, `16.0` and ` 16` all
//     read as numbers. Out-of-range values stay accepted (the seed clamps `limit`);
//   - `format: date-time` (`date_from`, `date_to`): an instant the service can store and compare
//     (src/domain/date-time.ts, the one rule; bodies: date-time-fields.ts): no year 0000, no leap
//     second, nothing outside 0001..9999.
// It runs after authentication (an unauthenticated caller gets 401 whatever it sends) and before
// the validator, which would otherwise have replaced the text by its coerced number.
import type { NextFunction, Request, Response } from 'express';
import type { LoadedSpec, SpecOperation } from '../spec/load-spec.ts';
import { parseDateTime } from '../domain/date-time.ts';
import { type ValidationField, validationError } from './errors.ts';
import { routeOf } from './route-match.ts';

type QueryRule = { name: string; kind: 'integer' | 'date-time' };
type Schema = { $ref?: string; type?: string | string[]; format?: string };
type Parameter = { $ref?: string; in?: string; name?: string; schema?: Schema };

const decimalInteger = /^-?[0-9]+$/;

/** `#/components/parameters/Limit` -> the object it points at (the spec's own refs only). */
function resolve<T extends { $ref?: string }>(document: Record<string, unknown>, value: T): T {
  let current = value;
  for (let hops = 0; current?.$ref !== undefined && hops < 10; hops += 1) {
    const target = current.$ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    current = target as T;
  }
  return current;
}

/** The query parameters of each operation that get a strict rule (exported for the coverage test). */
export function rulesOf(spec: LoadedSpec): Map<SpecOperation, QueryRule[]> {
  const paths = spec.document.paths as Record<string, Record<string, { parameters?: Parameter[] }> & { parameters?: Parameter[] }>;
  const rules = new Map<SpecOperation, QueryRule[]>();
  for (const operation of spec.operations) {
    const item = paths[operation.path]!;
    const parameters = [...(item.parameters ?? []), ...(item[operation.method]?.parameters ?? [])].map((p) => resolve(spec.document, p));
    const list: QueryRule[] = [];
    for (const parameter of parameters) {
      if (parameter?.in !== 'query' || !parameter.name || !parameter.schema) continue;
      const schema = resolve(spec.document, parameter.schema);
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (types.includes('integer')) list.push({ name: parameter.name, kind: 'integer' });
      else if (types.includes('string') && schema.format === 'date-time') list.push({ name: parameter.name, kind: 'date-time' });
    }
    if (list.length > 0) rules.set(operation, list);
  }
  return rules;
}

function problemOf(rule: QueryRule, value: string): string | null {
  if (rule.kind === 'integer') return decimalInteger.test(value) ? null : 'must be a whole number written in decimal digits, such as 20';
  const parsed = parseDateTime(value);
  return parsed.ok ? null : parsed.message;
}

export function strictQueryValues(specs: readonly LoadedSpec[]) {
  const rules = new Map(specs.flatMap((spec) => [...rulesOf(spec)]));
  return function checkQueryValues(req: Request, res: Response, next: NextFunction): void {
    const list = rules.get(routeOf(res).operation);
    if (!list) return next();
    const query = req.query as Record<string, unknown>;
    const fields: ValidationField[] = [];
    for (const rule of list) {
      const value = query[rule.name];
      // Absent, empty or repeated: the validator's to judge.
      if (typeof value !== 'string' || value === '') continue;
      const problem = problemOf(rule, value);
      if (problem) fields.push({ field: `query.${rule.name}`, message: problem });
    }
    next(fields.length > 0 ? validationError(fields) : undefined);
  };
}
