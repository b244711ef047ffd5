// POST (or PUT) /provider-callbacks/<provider>/<path>: where providers call back (decision 0644; docs/
// providers.md "Callbacks"). Outside the merchant API and its spec, like /healthz (decision
// 0100): no merchant credential, no Idempotency-Key; a provider is recognised by what its own
// handler verifies (Paystack's HMAC-SHA512 signature, or a status query confirming an unsigned
// callback: provider-outcomes/types.ts ProviderCallbackHandler).
//
// In order: the provider must have a handler (else 404, counted as `unknown` so a stranger's
// names never become label values); POST only, or the methods its handler names (MoMo: PUT too) (405); its source-address allow-list, when one is
// configured (PROVIDER_CALLBACK_ALLOW; 403); the budget of that provider and source address
// (PROVIDER_CALLBACK_RATE_LIMIT_*: 429 with Retry-After, decision 0770); the raw body up to
// PROVIDER_CALLBACK_BODY_LIMIT_BYTES (413); the handler verifies and maps it; its outcomes are
// recorded through the outcome ingress; then the handler's reply. 2xx only once recorded: a handler or ingress failure answers 503, so
// the provider sends it again (each provider retries a callback it was not answered 2xx). Logs
// name the provider, path, result and counts, never a header or a byte of the body.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipAllowed } from '../auth/ip-allow.ts';
import type { Sql } from '../db/index.ts';
import { sendError } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { addressGroupOf, rateLimited, setRateLimitHeaders } from '../http/rate-limit.ts';
import { createSharedRateLimiter, type SharedRateLimiter } from '../http/shared-rate-limit.ts';
import type { Logger } from '../log.ts';
import { countProviderCallback, type ProviderCallbackResult } from '../metrics/provider-callbacks.ts';
import type { ProviderCallbackHandler, ProviderOutcomeIngress } from '../provider-outcomes/types.ts';
import { providerNamePattern } from './routing-table.ts';
import type { ProviderSettings } from './settings.ts';

export const providerCallbacksPathPrefix = '/provider-callbacks/';
/** Keeps the callbacks' counters apart from the API keys' in the one rate_limits table. */
export const providerCallbackKeyPrefix = 'provider_callback';
/** The path below the provider's name: a few segments of letters, digits, `_`, `-`, `.`. */
const callbackPathPattern = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+){0,7}$/;

export type ProviderCallbackIntakeDeps = {
  handlers: readonly ProviderCallbackHandler[];
  ingress: ProviderOutcomeIngress;
  settings: Pick<ProviderSettings, 'callbackAllow' | 'callbackBodyLimitBytes' | 'callbackRateLimitPerSecond' | 'callbackRateLimitBurst'>;
  logger: Logger;
  /** Where the callbacks' budgets are counted (the rate_limits table, shared by every API process). */
  sql: Sql;
};

type IntakeParts = { handlers: ReadonlyMap<string, ProviderCallbackHandler>; limiter: SharedRateLimiter | null };

export function providerCallbackIntake(deps: ProviderCallbackIntakeDeps): RequestHandler {
  const handlers = new Map<string, ProviderCallbackHandler>();
  for (const handler of deps.handlers) {
    if (!providerNamePattern.test(handler.provider)) throw new Error(`callback handler: bad provider name "${handler.provider}"`);
    if (handlers.has(handler.provider)) throw new Error(`two callback handlers for provider ${handler.provider}`);
    handlers.set(handler.provider, handler);
  }
  const { callbackRateLimitPerSecond: perSecond, callbackRateLimitBurst: burst } = deps.settings;
  const limiter = perSecond > 0 ? createSharedRateLimiter(deps.sql, { perSecond, burst, keyPrefix: providerCallbackKeyPrefix }) : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith(providerCallbacksPathPrefix)) return next();
    void intake(deps, { handlers, limiter }, req, res).catch(next);
  };
}

/**
 * Charges the callback to its provider's budget at its source address (an IPv6 peer by its /64,
 * as refused authentications are): the seconds to wait when it is spent, else 0. The RateLimit-*
 * headers say the budget's state either way.
 */
async function chargeCallback(limiter: SharedRateLimiter | null, provider: string, remoteAddress: string, res: Response): Promise<number> {
  if (limiter === null) return 0;
  const state = await limiter.charge(`${provider}:${addressGroupOf(remoteAddress)}`);
  setRateLimitHeaders(res, state);
  return state.retryAfterS;
}

async function intake(deps: ProviderCallbackIntakeDeps, parts: IntakeParts, req: Request, res: Response): Promise<void> {
  const { handlers } = parts;
  const rest = req.path.slice(providerCallbacksPathPrefix.length);
  const slash = rest.indexOf('/');
  const name = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? '' : rest.slice(slash + 1);
  const handler = handlers.get(name);
  const provider = handler ? name : 'unknown';
  const answer = (result: ProviderCallbackResult, error: ApiError | null, fields: Record<string, unknown> = {}) => {
    countProviderCallback(provider, result);
    const level = result === 'recorded' || result === 'no_outcome' ? 'info' : 'warn';
    deps.logger[level]('provider callback', { provider, callback_path: handler ? path : undefined, result, ...fields });
    if (error) sendError(res, error);
  };
  // An empty path is the provider's one webhook URL (Paystack's: /provider-callbacks/paystack).
  if (!handler || (path !== '' && !callbackPathPattern.test(path))) {
    req.resume();
    return answer('unknown_provider', new ApiError('RESOURCE_NOT_FOUND', 'No such provider callback.'));
  }
  const methods: readonly string[] = handler.methods ?? ['POST'];
  if (!methods.includes(req.method)) {
    req.resume();
    return answer('method_not_allowed', new ApiError('METHOD_NOT_ALLOWED', `This provider's callbacks come with ${methods.join(' or ')}.`, { headers: { Allow: methods.join(', ') } }));
  }
  const allow = deps.settings.callbackAllow.get(name);
  const remoteAddress = req.socket.remoteAddress ?? '';
  if (allow && !ipAllowed(allow, remoteAddress)) {
    req.resume();
    return answer('refused_source', new ApiError('PERMISSION_DENIED', 'This address may not send this provider\'s callbacks.'));
  }
  // Refused before its body is read or its handler asks the provider anything. Not lost: Paystack
  // sends it again later; an M-Pesa or MoMo outcome is found by the status poll (decision 0770).
  const retryAfterS = await chargeCallback(parts.limiter, name, remoteAddress, res);
  if (retryAfterS > 0) {
    req.resume();
    return answer('rate_limited', rateLimited(retryAfterS), { retry_after_s: retryAfterS });
  }
  const rawBody = await readLimited(req, deps.settings.callbackBodyLimitBytes);
  if (rawBody === null) {
    res.setHeader('Connection', 'close');
    return answer('too_large', new ApiError('PAYLOAD_TOO_LARGE', `A provider callback is at most ${deps.settings.callbackBodyLimitBytes} bytes.`));
  }
  let handled;
  try {
    handled = await handler.handle({ path, rawBody, headers: headersOf(req), remoteAddress });
  } catch (error) {
    return answer('handler_failed', new ApiError('SERVICE_UNAVAILABLE', 'The callback could not be handled now; send it again.'), { error: (error as Error).message });
  }
  const { outcomes, reply } = handled;
  if (outcomes.some((outcome) => outcome.provider !== name)) {
    return answer('handler_failed', new ApiError('SERVICE_UNAVAILABLE', 'The callback could not be handled now; send it again.'), { error: 'handler returned another provider\'s outcome' });
  }
  if (outcomes.length > 0) {
    try {
      await deps.ingress.record(outcomes);
    } catch (error) {
      return answer('record_failed', new ApiError('SERVICE_UNAVAILABLE', 'The callback could not be recorded now; send it again.'), { error: (error as Error).message, outcomes: outcomes.length });
    }
  }
  answer(outcomes.length > 0 ? 'recorded' : 'no_outcome', null, { outcomes: outcomes.length, status: reply.status });
  const status = Number.isInteger(reply.status) && reply.status >= 200 && reply.status <= 599 ? reply.status : 200;
  if (reply.body === undefined || reply.body === null) res.status(status).end();
  else if (typeof reply.body === 'string' || Buffer.isBuffer(reply.body)) res.status(status).type('text/plain').send(reply.body);
  else res.status(status).json(reply.body);
}

/** The body, or null once it passes `limitBytes` (its declared length, or what arrives). */
async function readLimited(req: Request, limitBytes: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    req.resume();
    return null;
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > limitBytes) {
      req.resume();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}

function headersOf(req: Request): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}
