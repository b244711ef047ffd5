// The Express 5 pipeline, in the order a request meets it (docs/architecture.md, "One request"):
//   request id -> GET /healthz -> GET /readyz (readiness.ts) -> pages outside /v1 (checkout page,
//   sandbox payer pages, the API reference at /docs: api-docs.ts) -> route match (the ONE decision of
//   which spec operation this is; 404 for any path that is not exactly a spec path, and on a
//   production server for the sandbox-only operations (http/sandbox-only.ts); 405 for a method the
//   path lacks) -> raw body
//   kept -> merchant authentication (every merchant operation except the payer checkout ones) ->
//   partner authentication (X-API-Key, every operation of the partner family) ->
//   rate limit -> no body where the spec takes none -> JSON parse -> strict query values -> OpenAPI
//   request validation (spec/) -> body date-times by the one rule (date-time-fields.ts) -> the
//   matched operation's handler (501 until implemented) -> one error handler.
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { authenticateMerchant } from '../auth/authenticate.ts';
import { authenticatePartner, createPartnerKeyLookup } from '../auth/authenticate-partner.ts';
import { authenticateOperator } from '../auth/authenticate-operator.ts';
import { createKeyLookup } from '../auth/key-cache.ts';
import { assertCapabilitiesCover } from '../auth/scopes.ts';
import type { Config } from '../config.ts';
import { createSecretBox, deriveKey } from '../crypto/secret-box.ts';
import type { Sql } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { DomainRuntime } from '../runtime.ts';
import { merchantRouteHandlers, opsRouteHandlers, partnerRouteHandlers, providerCallbackIntake } from '../routes/index.ts';
import { type RouteContext, type RouteHandler, type RouteHandlers, operationHandlers } from '../routes/registry.ts';
import type { LoadedSpec, SpecOperation } from '../spec/load-spec.ts';
import { parseJsonBody, readRawBody } from './body.ts';
import { sendOk } from './envelope.ts';
import { errorHandler } from './error-handler.ts';
import { createPaginator } from './pagination.ts';
import { createAuthFailureLimiter, rateLimit } from './rate-limit.ts';
import { strictQueryValues } from './query-values.ts';
import { strictBodyDateTimes } from './date-time-fields.ts';
import { createReadinessCheck, readyz } from './readiness.ts';
import { logRequests } from './request-log.ts';
import { createRouteMatcher, matchRoute, routeOf } from './route-match.ts';
import { refuseUnexpectedBody } from './unexpected-body.ts';
import { installRouteRegexpCache } from './route-regexp-cache.ts';
import { skipUrlParseDeprecationCheck } from './url-parse-check.ts';
import { checkoutPage } from './checkout-page.ts';
import { apiDocs } from './api-docs.ts';
import { sandboxPayerPages } from '../connectors/sandbox/collection-rails/payer-pages.ts';
import { sandboxOnlyOperations, sandboxOnlyRoutes } from './sandbox-only.ts';
import { countRequests } from '../metrics/http-requests.ts';

export const partnerBasePath = '/api/v1/partner';

export type AppDeps = {
  config: Config;
  sql: Sql;
  logger: Logger;
  masterKey: Buffer;
  merchantSpec: LoadedSpec;
  partnerSpec: LoadedSpec | null;
  /** The operators' API (spec/ops.yaml at /ops/v1; docs/reconciliation.md), or null for none. */
  opsSpec?: LoadedSpec | null;
  /** Milliseconds since the epoch; tests may pin it. */
  now?: () => number;
  /** Ledger, rail connectors and idempotency store (src/runtime.ts). */
  runtime: Pick<DomainRuntime, 'ledger' | 'rails' | 'idempotency' | 'groupCommit' | 'kyc' | 'payouts' | 'requestPools'>
    & Partial<Pick<DomainRuntime, 'providerOutcomes' | 'providerCallbackHandlers' | 'reconReportSources'>>;
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

/** GET /healthz, at exactly that path (outside the spec: an operational route of the deployment). */
function healthz(req: Request, res: Response, next: NextFunction): void {
  if (req.path !== '/healthz' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
  sendOk(res, { status: 'ok' });
}

/** Runs `handlers` only for requests matched to an operation of `spec`. */
function forSpec(spec: LoadedSpec, handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    if (routeOf(res).spec !== spec) return next();
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
const unknownQueryIgnoredRoutes = ['GET /users'];

function validatorFor(spec: LoadedSpec, validateResponses: boolean): RequestHandler[] {
  installRouteRegexpCache();
  skipUrlParseDeprecationCheck();
  const paths = spec.document.paths as Record<string, Record<string, Record<string, unknown>>>;
  for (const op of spec.operations) {
    if (unknownQueryIgnoredRoutes.includes(op.routeKey)) {
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
    // $refs kept (decision 0822): dereferenced, every response validator compiled (and walked)
    // inlined copies of the shared schemas, 380-570 ms of CPU per operation's first response.
    $refParser: { mode: 'bundle' },
  }) as unknown as RequestHandler[];
}

/** Calls the matched operation's handler with the matched path parameters. */
function dispatch(handlerOf: Map<SpecOperation, RouteHandler>): RequestHandler {
  return async (req, res, next) => {
    const route = routeOf(res);
    const handler = handlerOf.get(route.operation);
    // operationHandlers gives every spec operation a handler; a miss is a wiring bug (500).
    if (!handler) return next(new Error(`no handler registered for ${route.operation.routeKey}`));
    req.params = route.params;
    try {
      await handler(req, res);
    } catch (error) {
      next(error);
    }
  };
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
    kyc: deps.runtime.kyc,
    payouts: deps.runtime.payouts,
    groupCommit: deps.runtime.groupCommit,
    paginator: createPaginator(deriveKey(deps.masterKey, 'cursor-signing')),
    secretBox,
    // None configured: a pull from a real provider's API is refused, naming body.source.type.
    reconReportSources: deps.runtime.reconReportSources ?? { paystack: null },
    logger,
    config,
    now,
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(requestId);
  app.use(logRequests(logger));
  // Every request's operation, status and latency (metrics/http-requests.ts); first, so it sees them all.
  app.use(countRequests);
  app.use(healthz);
  app.use(readyz(createReadinessCheck([{ name: 'request', sql: deps.sql }, ...deps.runtime.requestPools])));
  // Payer-facing pages outside /v1 (no merchant credential, not spec operations): the hosted
  // checkout page, and the sandbox providers' challenge pages its action_url values lead to.
  app.use(checkoutPage({ dir: config.checkoutPageDir, logger }));
  // The API reference (outside /v1 and the spec, like /healthz): public in every mode.
  app.use(apiDocs({ dir: config.apiDocsDir, logger }));
  // Providers' callbacks (outside /v1 and the spec; their own verification, raw body, limit,
  // allow-list and rate limit: provider-routing/callback-intake.ts, decisions 0644, 0770).
  if (deps.runtime.providerOutcomes) {
    app.use(providerCallbackIntake({
      handlers: deps.runtime.providerCallbackHandlers ?? [], ingress: deps.runtime.providerOutcomes, settings: config.providers, logger, sql: deps.sql,
    }));
  }
  // A production server has no sandbox world (http/sandbox-only.ts): no payer pages of the sandbox
  // providers, no sandbox-only operations.
  const sandboxExists = config.mode !== 'production';
  if (sandboxExists) app.use(sandboxPayerPages({ sql: deps.sql }));
  const opsSpec = deps.opsSpec ?? null;
  const specs = [deps.merchantSpec, ...(deps.partnerSpec ? [deps.partnerSpec] : []), ...(opsSpec ? [opsSpec] : [])];
  const sandboxOnly = [
    ...sandboxOnlyOperations(deps.merchantSpec.operations, sandboxOnlyRoutes.merchant),
    ...(deps.partnerSpec ? sandboxOnlyOperations(deps.partnerSpec.operations, sandboxOnlyRoutes.partner) : []),
  ];
  // Before authentication: which paths and methods exist is public (the spec), and a 404 or 405
  // must not depend on which credential the path happens to use.
  app.use(matchRoute(createRouteMatcher(specs, new Set(sandboxExists ? [] : sandboxOnly))));
  app.use(readRawBody(config.bodyLimitBytes));
  const lookupKey = createKeyLookup(deps.sql, secretBox, config.authCacheTtlMs);
  // Refused authentications have budgets of their own, as large as a key's, shared by every API
  // process as valid traffic's are (src/http/rate-limit.ts).
  const failureLimiter = createAuthFailureLimiter(deps.sql, config.rateLimitPerSecond, config.rateLimitBurst);
  app.use(authenticateMerchant({ lookupKey, spec: deps.merchantSpec, signatureToleranceS: config.signatureToleranceS, logger, now, failureLimiter, serviceMode: config.mode }));
  if (deps.partnerSpec) {
    app.use(authenticatePartner({ spec: deps.partnerSpec, lookupKey: createPartnerKeyLookup(deps.sql, config.authCacheTtlMs), logger, now, failureLimiter, serviceMode: config.mode }));
  }
  // Operator keys authenticate the ops family alone (decision 0700).
  if (opsSpec) app.use(authenticateOperator({ spec: opsSpec, sql: deps.sql, logger, failureLimiter }));
  app.use(rateLimit({ perSecond: config.rateLimitPerSecond, burst: config.rateLimitBurst, sql: deps.sql }));
  app.use(refuseUnexpectedBody(specs));
  app.use(parseJsonBody);
  app.use(strictQueryValues(specs));

  app.use(forSpec(deps.merchantSpec, validatorFor(deps.merchantSpec, config.validateResponses)));
  if (deps.partnerSpec) app.use(forSpec(deps.partnerSpec, validatorFor(deps.partnerSpec, config.validateResponses)));
  if (opsSpec) app.use(forSpec(opsSpec, validatorFor(opsSpec, config.validateResponses)));
  app.use(strictBodyDateTimes(specs));

  const merchant = operationHandlers(deps.merchantSpec, { ...merchantRouteHandlers(context), ...deps.handlerOverrides });
  const partner = deps.partnerSpec ? operationHandlers(deps.partnerSpec, partnerRouteHandlers(context)) : null;
  const ops = opsSpec ? operationHandlers(opsSpec, opsRouteHandlers(context)) : null;
  app.use(dispatch(new Map([...merchant.handlerOf, ...(partner?.handlerOf ?? []), ...(ops?.handlerOf ?? [])])));
  const notImplementedRoutes = [...merchant.pending, ...(partner?.pending ?? []).map((key) => `partner ${key}`), ...(ops?.pending ?? []).map((key) => `ops ${key}`)];

  app.use(errorHandler(logger));
  return { app, context, notImplementedRoutes };
}
