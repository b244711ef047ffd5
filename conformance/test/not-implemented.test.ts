// Keeps conformance/not-implemented.txt honest, so the schemathesis exclusions can only shrink
// deliberately: every operation listed there still answers a well-formed request with 501
// NOT_IMPLEMENTED, and every operation NOT listed answers it with something else. Landing an
// endpoint without deleting its line (or forgetting one) fails here with the fix in the message.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { send } from './support/http.ts';
import { repository_dir } from './support/paths.ts';
import { notImplemented } from './support/spec.ts';

type Json = Record<string, any>;
type Family = 'merchant' | 'partner';

// Values for required query parameters that have no example of their own in the spec.
const query_values: Record<string, string> = { base_currency: 'USD', quote_currency: 'KES' };
const payer_operations = new Set(['getCheckoutSession', 'payCheckoutSession']);

function operationsOf(family: Family): { family: Family; operationId: string; method: string; path: string; operation: Json; spec: Json }[] {
  const spec = parse(readFileSync(path.join(repository_dir, `spec/${family}.yaml`), 'utf8')) as Json;
  return Object.entries(spec.paths as Json).flatMap(([route, item]) =>
    ['get', 'post', 'put', 'patch', 'delete']
      .filter((method) => (item as Json)[method])
      .map((method) => ({ family, operationId: (item as Json)[method].operationId as string, method, path: route, operation: (item as Json)[method] as Json, spec })),
  );
}

function deref(spec: Json, value: Json): Json {
  if (typeof value?.$ref !== 'string') return value;
  return (value.$ref as string)
    .slice(2)
    .split('/')
    .reduce((node: Json, key: string) => node[key], spec);
}

/** A request the spec calls well-formed: ids, required query parameters, headers, example body. */
function wellFormedRequest(op: ReturnType<typeof operationsOf>[number]) {
  const parameters = ((op.operation.parameters ?? []) as Json[]).map((parameter) => deref(op.spec, parameter));
  const route = op.path.replace(/\{[^}]+\}/g, () => randomUUID());
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const parameter of parameters) {
    if (!parameter.required) continue;
    if (parameter.in === 'query') query.set(parameter.name, String(parameter.example ?? deref(op.spec, parameter.schema ?? {}).example ?? query_values[parameter.name] ?? 'x'));
    if (parameter.in === 'header') headers[parameter.name] = /idempotency/i.test(parameter.name) ? randomUUID() : 'conformance';
  }
  if (payer_operations.has(op.operationId)) headers['X-Checkout-Token'] = 'cst_conformance_unknown';
  if (op.family === 'partner') headers['X-API-Key'] = process.env.PAYAGG_PARTNER_API_KEY ?? 'pk_partner_conformance';
  const media = deref(op.spec, op.operation.requestBody ?? {})?.content?.['application/json'];
  const example = media ? (media.example ?? Object.values((media.examples ?? {}) as Json)[0]?.value) : undefined;
  return {
    method: op.method.toUpperCase(),
    path: `${route}${query.size > 0 ? `?${query}` : ''}`,
    headers,
    ...(example === undefined ? {} : { body: JSON.stringify(example) }),
    // Merchant operations are signed with the suite's key; payer and partner ones are not.
    ...(op.family === 'partner' || payer_operations.has(op.operationId) ? { credentials: null } : {}),
  };
}

const server = inject('server');
const partner_base_url = `${new URL(server.baseUrl).origin}/api/v1/partner`;

for (const family of ['merchant', 'partner'] as const) {
  const listed = notImplemented(family);
  describe(`${family} operations and conformance/not-implemented.txt agree`, () => {
    for (const op of operationsOf(family)) {
      const is_listed = listed.has(op.operationId);
      it(`${op.operationId} ${is_listed ? 'answers 501 (listed)' : 'is implemented (not listed)'}`, async () => {
        const response = await send(wellFormedRequest(op), family === 'partner' ? partner_base_url : server.baseUrl);
        const answered_501 = response.status === 501;
        if (is_listed && !answered_501) {
          expect.fail(
            `${op.operationId} answered ${response.status}, not 501: it is implemented now. Delete the line "${family} ${op.operationId}" from conformance/not-implemented.txt so schemathesis tests it.\n${response.text.slice(0, 500)}`,
          );
        }
        if (!is_listed && answered_501) {
          expect.fail(`${op.operationId} answers 501 NOT_IMPLEMENTED but is not in conformance/not-implemented.txt; list it there or implement it.`);
        }
        if (answered_501) expect((response.body as Json).error.code).toBe('NOT_IMPLEMENTED');
      });
    }
  });
}
