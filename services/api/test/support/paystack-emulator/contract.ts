// Paystack's own OpenAPI description, for the emulator's validator. It lives outside the
// repository (../shared/providers/paystack/openapi.yaml beside the checkout, or beside the main
// checkout of a git worktree, or PAYSTACK_OPENAPI; ../shared/providers/README.md says where it
// came from: PaystackOSS/openapi, MIT) and is never copied in: without it the tests that need it
// skip and print why.
//
// Two changes are made to the loaded document, neither of which changes what it allows:
// - only the paths the emulator serves are kept (fewer routes for the validator to compile);
// - `nullable: true` beside no `type` is dropped: OpenAPI 3.0.3 says nullable adds null "only if
//   type is explicitly defined", so it means nothing there, but Ajv refuses the schema outright
//   ("nullable cannot be used without type").
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const relative = 'shared/providers/paystack/openapi.yaml';

export function findPaystackOpenApi(): { file: string } | { skipReason: string } {
  const explicit = process.env.PAYSTACK_OPENAPI?.trim();
  if (explicit) {
    // Whoever set it meant the tests to run: fail rather than skip.
    if (!fs.existsSync(explicit)) throw new Error(`PAYSTACK_OPENAPI=${explicit} does not exist`);
    return { file: explicit };
  }
  const beside = path.resolve(repoRoot, '..', relative);
  if (fs.existsSync(beside)) return { file: beside };
  try {
    const common = execFileSync('git', ['-C', repoRoot, 'rev-parse', '--path-format=absolute', '--git-common-dir'], { encoding: 'utf8' }).trim();
    const besideMain = path.resolve(path.dirname(common), '..', relative);
    if (fs.existsSync(besideMain)) return { file: besideMain };
  } catch { /* not a git checkout: only the first places count */ }
  return { skipReason: `no Paystack OpenAPI description: neither PAYSTACK_OPENAPI nor ../${relative} (see ../shared/providers/README.md)` };
}

/** The paths of Paystack's description the emulator serves. */
export const servedPaths = [
  '/charge', '/transaction/verify/{reference}', '/refund', '/refund/{id}',
  '/transferrecipient', '/transfer', '/transfer/verify/{reference}',
  '/settlement', '/settlement/{id}/transactions',
] as const;

export type OpenApiDocument = { paths: Record<string, unknown>; [key: string]: unknown };

export function loadPaystackContract(file: string): OpenApiDocument {
  const document = parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument;
  const paths: Record<string, unknown> = {};
  for (const served of servedPaths) {
    if (document.paths[served] === undefined) throw new Error(`Paystack's description has no ${served}: a newer revision? (${file})`);
    paths[served] = document.paths[served];
  }
  document.paths = paths;
  dropTypelessNullable(document);
  settlementsAsLists(document);
  return document;
}

/**
 * GET /settlement and GET /settlement/{id}/transactions answer the generic `Response`, whose
 * `data` is an object; Paystack's API reference (https://paystack.com/docs/api/settlement/) shows
 * both answering an array, as every list does (RefundListResponse, TransferListResponse). The
 * emulator answers as the API does, so for these two operations only `data` becomes an array of
 * objects (decision 0657). Nothing else of the description is changed.
 */
function settlementsAsLists(document: OpenApiDocument): void {
  const list = {
    description: 'Response, with data as the list the API reference shows',
    content: { 'application/json': { schema: {
      type: 'object', required: ['status', 'message', 'data'],
      properties: { status: { type: 'boolean' }, message: { type: 'string' }, data: { type: 'array', items: { type: 'object' } }, meta: { type: 'object' } },
    } } },
  };
  for (const served of ['/settlement', '/settlement/{id}/transactions']) {
    const operation = (document.paths[served] as { get: { responses: Record<string, unknown> } }).get;
    operation.responses['200'] = list;
  }
}

function dropTypelessNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropTypelessNullable(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  if (record.nullable === true && record.type === undefined) delete record.nullable;
  for (const value of Object.values(record)) dropTypelessNullable(value);
}
