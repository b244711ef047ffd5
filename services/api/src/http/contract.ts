// The generated contract (@payagg/contract, from spec/) as the HTTP layer uses it: a handler
// reads its body typed by its spec operation, so a body schema the server does not follow
// fails `pnpm -s typecheck`.
import type { Request } from 'express';
import type { operations, OpsOperations, PartnerOperations } from '@payagg/contract';

type JsonBody<Body> = Body extends { content: { 'application/json': infer Json } } ? Json : never;

/** The JSON body of spec operation `Op` (undefined when the spec makes the body optional). */
export type RequestBodyOf<Op extends keyof operations> = operations[Op] extends { requestBody: infer Body }
  ? JsonBody<Body>
  : operations[Op] extends { requestBody?: infer Body } ? JsonBody<NonNullable<Body>> | undefined : never;

/** The request body of `operationId`, as the OpenAPI validator has checked it. */
export function bodyOf<Op extends keyof operations>(req: Request, _operationId: Op): RequestBodyOf<Op> {
  return req.body as RequestBodyOf<Op>;
}

/** The request body of partner operation `operationId` (spec/partner.yaml), as the validator has checked it. */
export function partnerBodyOf<Op extends keyof PartnerOperations>(req: Request, _operationId: Op):
  PartnerOperations[Op] extends { requestBody: infer Body } ? JsonBody<Body> : never {
  return req.body as never;
}

/** The request body of ops operation `operationId` (spec/ops.yaml), as the validator has checked it. */
export function opsBodyOf<Op extends keyof OpsOperations>(req: Request, _operationId: Op):
  OpsOperations[Op] extends { requestBody: infer Body } ? JsonBody<Body> : never {
  return req.body as never;
}
