// The Express 5 pipeline, in the order a request meets it (docs/architecture.md, "One request"):
//   request id -> GET /healthz -> raw body kept -> 405 for a method a known path lacks -> merchant authentication (/v1, except the payer
//   checkout endpoints) -> rate limit -> JSON parse -> OpenAPI request validation (spec/) ->
//   routes (one per spec operation; 501 until implemented) -> 404 -> one error handler.
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { authenticateMerchant, merchant_base_path } from '../auth/authenticate.ts';
import { createKeyLookup } from '../auth/key-cache.ts';
import { assertCapabilitiesCover } from '../auth/scopes.ts';
import type { Config } from '../config.ts';
import { createSecretBox, deriveKey } from '../crypto/secret-box.ts';
import type { Sql } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { DomainRuntime } from '../runtime.ts';
import { merchantRouteHandlers, partnerRouteHandlers } from '../routes/index.ts';
import { type RouteContext, type RouteHandlers, registerOperations } from '../routes/registry.ts';
import type { LoadedSpec } from '../spec/load-spec.ts';
import { parseJsonBody, readRawBody } from './body.ts';
import { sendOk } from './envelope.ts';
import { errorHandler } from './error-handler.ts';
import { ApiError } from './errors.ts';
import { createPaginator } from './pagination.ts';
import { rateLimit } from './rate-limit.ts';
import { installRouteRegexpCache } from './route-regexp-cache.ts';
import { skipUrlParseDeprecationCheck } from './url-parse-check.ts';
import { methodNotAllowed } from './method-not-allowed.ts';

export const partner_base_path = '/api/v1/partner';

export type AppDeps = {
  config: Config;
  sql: Sql;
  logger: Logger;
  masterKey: Buffer;
  merchantSpec: LoadedSpec;
  partnerSpec: LoadedSpec | null;
  /** Milliseconds since the epoch; tests may pin it. */
  now?: () => number;
  /** Ledger, rail connectors and idempotency store (src/runtime.ts). */
  runtime: Pick<DomainRuntime, 'ledger' | 'rails' | 'idempotency' | 'groupCommit'>;
  /** Replace handlers by route key (tests force a 500 this way). */
  handlerOverrides?: RouteHandlers;
};

export type App = { app: express.Express; context: RouteContext; notImplementedRoutes: string[] };

function requestId(_req: Request, res: Response, next: NextFunction): void {
  // Always generated here (a client-chosen id could collide or be forged in our logs).
  const id = randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}

/** Runs `handlers` only for paths under `prefix`, leaving req.baseUrl/req.path untouched. */
function under(prefix: string, handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    if (req.path !== prefix && !req.path.startsWith(`${prefix}/`)) return next();
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) return next(error);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        const result = handler(req, res, step) as unknown;
        if (result instanceof Promise) result.catch(step);
      } catch (e) {
        step(e);
      }
    };
    step();
  };
}

// The spec says GET /users ignores unknown query parameters (so `?limit=` is harmless there);
// everywhere else an unknown query parameter is a 422, like an unknown body field.
const unknown_query_ignored_routes = ['GET /users'];

function validatorFor(spec: LoadedSpec, validateResponses: boolean): RequestHandler[] {
  installRouteRegexpCache();
  skipUrlParseDeprecationCheck();
  const paths = spec.document.paths as Record<string, Record<string, Record<string, unknown>>>;
  for (const op of spec.operations) {
    if (unknown_query_ignored_routes.includes(op.routeKey)) {
      const operation = paths[op.path]?.[op.method];
      if (operation) operation['x-eov-allow-unknown-query-parameters'] = true;
    }
  }
  return OpenApiValidator.middleware({
    apiSpec: spec.document as never,
    // coerceTypes applies to the BODY only (query, path and header values are always coerced
    // from their strings): JSON bodies carry real types, and `{"reason": false}` or
    // `{"amount": "100"}` must be a 422, not silently become "false" / 100.
    validateRequests: { allErrors: true, coerceTypes: false },
    validateResponses: validateResponses ? { allErrors: true } : false,
    // Authentication is ours (src/auth/authenticate.ts); the validator checks shapes only.
    validateSecurity: false,
    validateApiSpec: true,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    $refParser: { mode: 'dereference' },
  }) as unknown as RequestHandler[];
}

export function createApp(deps: AppDeps): App {
  const { config, logger } = deps;
  const now = deps.now ?? Date.now;
  assertCapabilitiesCover(deps.merchantSpec.operations);
  const secretBox = createSecretBox(deps.masterKey);
  const context: RouteContext = {
    sql: deps.sql,
    ledger: deps.runtime.ledger,
    rails: deps.runtime.rails,
    idempotency: deps.runtime.idempotency,
    groupCommit: deps.runtime.groupCommit,
    paginator: createPaginator(deriveKey(deps.masterKey, 'cursor-signing')),
    secretBox,
    logger,
    config,
    now,
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(requestId);
  app.get('/healthz', (_req, res) => sendOk(res, { status: 'ok' }));
  app.use(readRawBody(config.bodyLimitBytes));
  // A wrong method on a known path is 405 whatever the path's credential (before authentication).
  app.use(methodNotAllowed(deps.merchantSpec));
  if (deps.partnerSpec) app.use(methodNotAllowed(deps.partnerSpec));
  const lookupKey = createKeyLookup(deps.sql, secretBox, config.authCacheTtlMs);
  app.use(authenticateMerchant({ lookupKey, spec: deps.merchantSpec, signatureToleranceS: config.signatureToleranceS, logger, now }));
  app.use(rateLimit({ perSecond: config.rateLimitPerSecond, burst: config.rateLimitBurst, now }));
  app.use(parseJsonBody);

  app.use(under(merchant_base_path, validatorFor(deps.merchantSpec, config.validateResponses)));
  if (deps.partnerSpec) app.use(under(partner_base_path, validatorFor(deps.partnerSpec, config.validateResponses)));

  const router = express.Router();
  const notImplementedRoutes = registerOperations(router, deps.merchantSpec, { ...merchantRouteHandlers(context), ...deps.handlerOverrides });
  if (deps.partnerSpec) notImplementedRoutes.push(...registerOperations(router, deps.partnerSpec, partnerRouteHandlers(context)).map((key) => `partner ${key}`));
  app.use(router);

  app.use((_req: Request, _res: Response, next: NextFunction) => next(new ApiError('RESOURCE_NOT_FOUND', 'No such route.')));
  app.use(errorHandler(logger));
  return { app, context, notImplementedRoutes };
}
