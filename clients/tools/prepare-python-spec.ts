// Rewrites a bundled OpenAPI 3.1 document (JSON) into the subset that openapi-generator's
// `python` generator (7.x, whose 3.1 support is beta) can turn into code:
//
//   1. `{ "type": "null" }` as a whole schema (the `error: null` of success envelopes, the
//      `data: null` of error envelopes) makes the generator crash ("Codegen Property not yet
//      supported in getPydanticType"). It becomes `{}` (any value) — the field is always null.
//   2. `if` / `then` / `else` (conditional requirements such as "payer_phone is required when
//      rail is mobile_money") are not understood by the generator; they are dropped. The server
//      still enforces them and answers 422 VALIDATION_ERROR, so no rule is lost, only moved.
//      An `allOf` left empty by this is removed.
//   3. The top-level `webhooks` (OpenAPI 3.1: requests the API sends to the merchant) is
//      removed: a client never calls it, and the generator emits a broken method for it
//      (`x_service_timestamp: ,`). Its schemas stay in components (e.g. WebhookEvent).
//
// Only the Python client is generated from the rewritten document; spec/ stays the source of
// truth and the TypeScript contract is generated from it unchanged.
//
//   node clients/tools/prepare-python-spec.ts <bundled.json> <out.json>
import { readFileSync, writeFileSync } from 'node:fs';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const conditional_keywords = ['if', 'then', 'else'];

function is_object(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function is_null_only_schema(value: Json): boolean {
  if (!is_object(value)) return false;
  const keys = Object.keys(value).filter((key) => key !== 'description' && !key.startsWith('x-'));
  return keys.length === 1 && value.type === 'null';
}

function rewrite(value: Json): Json {
  if (Array.isArray(value)) return value.map(rewrite);
  if (!is_object(value)) return value;
  if (is_null_only_schema(value)) {
    const kept: { [key: string]: Json } = {};
    if (typeof value.description === 'string') kept.description = value.description;
    return kept;
  }
  const result: { [key: string]: Json } = {};
  for (const [key, child] of Object.entries(value)) {
    if (conditional_keywords.includes(key) && is_object(child)) continue;
    result[key] = rewrite(child);
  }
  if (Array.isArray(result.allOf)) {
    const members = result.allOf.filter((member) => !(is_object(member) && Object.keys(member).length === 0));
    if (members.length === 0) delete result.allOf;
    else result.allOf = members;
  }
  return result;
}

const [input_path, output_path] = process.argv.slice(2);
if (!input_path || !output_path) {
  console.error('usage: node clients/tools/prepare-python-spec.ts <bundled.json> <out.json>');
  process.exit(2);
}
const document = JSON.parse(readFileSync(input_path, 'utf8')) as Json;
if (!is_object(document)) throw new Error(`${input_path} is not an OpenAPI document`);
delete document.webhooks;
writeFileSync(output_path, `${JSON.stringify(rewrite(document), null, 2)}\n`);
