// Retries, opt-in (`retry: { maxRetries }`; the default 0 never retries, so callers who test
// rate limits or failures see every response as the server sent it).
//
// The policy, in the order it is applied to each attempt's outcome:
//   1. Only retry-safe requests are ever retried: GET and HEAD, and requests that carry an
//      idempotency key (the server replays the stored result instead of acting twice). A POST
//      without a key (split rules, webhooks, rate locks) is sent exactly once.
//   2. A network failure (fetch rejected) is retried, unless the caller aborted the request.
//   3. 429 RATE_LIMITED waits the `Retry-After` seconds the server asked for; when that is longer
//      than `retryAfterMaxMs`, the 429 is returned instead of waiting.
//   4. 409 IDEMPOTENCY_CONFLICT with `Retry-After` (`details.reason: in_progress`: a request with
//      this key is still running) waits the same way and retries with the same key; the other
//      409 (`payload_mismatch`) carries no Retry-After and is returned (decision 0420). The
//      header alone decides: the body is never parsed.
//   5. 502, 503 (e.g. RAIL_UNAVAILABLE: the rail's circuit is open) and 504 wait an exponential
//      backoff: initialDelayMs * 2^retry, capped at maxDelayMs, with equal jitter (half fixed,
//      half random) so that many clients do not retry in step.
//   6. Every other response (2xx, 4xx, 500) is returned as is.
// Each attempt is prepared afresh (for the merchant client: a new timestamp and signature over
// the same bytes); the idempotency key stays the same across attempts.

export interface RetryOptions {
  /** Attempts after the first; 0 (default) disables retries. At most `retriesMax`. */
  maxRetries?: number;
  /** First backoff wait in milliseconds; default 500. */
  initialDelayMs?: number;
  /** Longest backoff wait in milliseconds; default 8000. */
  maxDelayMs?: number;
  /** Longest Retry-After the client waits for, in milliseconds; default 60 000. */
  retryAfterMaxMs?: number;
}

export const retriesMax = 10;
export const retryInitialDelayDefaultMs = 500;
export const retryDelayMaxDefaultMs = 8_000;
export const retryAfterMaxDefaultMs = 60_000;

const statusesRetriedWithBackoff: ReadonlySet<number> = new Set([502, 503, 504]);
const statusRateLimited = 429;
const statusIdempotencyConflict = 409;
const idempotencyHeaders = ['Idempotency-Key', 'X-Idempotency-Key'];

interface RetryPolicy {
  retriesMax: number;
  initialDelayMs: number;
  delayMaxMs: number;
  retryAfterMaxMs: number;
}

export function retryPolicyOf(options: RetryOptions | undefined): RetryPolicy {
  const policy: RetryPolicy = {
    retriesMax: options?.maxRetries ?? 0,
    initialDelayMs: options?.initialDelayMs ?? retryInitialDelayDefaultMs,
    delayMaxMs: options?.maxDelayMs ?? retryDelayMaxDefaultMs,
    retryAfterMaxMs: options?.retryAfterMaxMs ?? retryAfterMaxDefaultMs,
  };
  if (!Number.isSafeInteger(policy.retriesMax) || policy.retriesMax < 0 || policy.retriesMax > retriesMax) {
    throw new RangeError(`retry.maxRetries must be an integer from 0 to ${retriesMax}, got ${policy.retriesMax}`);
  }
  for (const [name, value] of [
    ['initialDelayMs', policy.initialDelayMs],
    ['maxDelayMs', policy.delayMaxMs],
    ['retryAfterMaxMs', policy.retryAfterMaxMs],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`retry.${name} must be a non-negative number`);
  }
  return policy;
}

export function isRetrySafe(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  return idempotencyHeaders.some((name) => request.headers.has(name));
}

/**
 * Sends `template` through `send`, retrying per the policy above. `prepare` turns the template
 * into the Request of one attempt (the template itself is never consumed).
 */
export async function sendWithRetries(
  template: Request,
  policy: RetryPolicy,
  prepare: (template: Request) => Request,
  send: (request: Request) => Promise<Response>,
): Promise<Response> {
  const retrySafe = policy.retriesMax > 0 && isRetrySafe(template);
  for (let retry = 0; ; retry += 1) {
    const mayRetry = retrySafe && retry < policy.retriesMax;
    let response: Response;
    try {
      response = await send(prepare(mayRetry ? template.clone() : template));
    } catch (error) {
      if (!mayRetry || template.signal.aborted) throw error;
      await sleep(backoffMs(policy, retry), template.signal);
      continue;
    }
    if (!mayRetry) return response;
    const waitMs = waitBeforeRetryMs(policy, response, retry);
    if (waitMs === null) return response;
    // The body of a response we retry past is never read; release it.
    await response.body?.cancel().catch(() => undefined);
    await sleep(waitMs, template.signal);
  }
}

function waitBeforeRetryMs(policy: RetryPolicy, response: Response, retry: number): number | null {
  if (response.status === statusIdempotencyConflict) {
    // Only the retryable one (still in progress) carries Retry-After.
    if (response.headers.get('Retry-After') === null) return null;
  }
  if (response.status === statusRateLimited || response.status === statusIdempotencyConflict) {
    const retryAfter = response.headers.get('Retry-After');
    if (retryAfter === null || !/^\d+$/.test(retryAfter.trim())) return backoffMs(policy, retry);
    const retryAfterMs = Number(retryAfter.trim()) * 1000;
    return retryAfterMs > policy.retryAfterMaxMs ? null : retryAfterMs;
  }
  if (statusesRetriedWithBackoff.has(response.status)) return backoffMs(policy, retry);
  return null;
}

function backoffMs(policy: RetryPolicy, retry: number): number {
  const ceilingMs = Math.min(policy.delayMaxMs, policy.initialDelayMs * 2 ** retry);
  return ceilingMs / 2 + Math.random() * (ceilingMs / 2);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A transport for openapi-fetch that applies the retry policy to `transport` (default fetch). */
export function retryingTransport(
  transport: ((request: Request) => Promise<Response>) | undefined,
  options: RetryOptions | undefined,
): (request: Request) => Promise<Response> {
  const policy = retryPolicyOf(options);
  const send = transport ?? ((request: Request) => globalThis.fetch(request));
  return (request) => sendWithRetries(request, policy, (attempt) => attempt, send);
}
