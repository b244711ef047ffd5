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
  /** Attempts after the first; 0 (default) disables retries. At most `retries_max`. */
  maxRetries?: number;
  /** First backoff wait in milliseconds; default 500. */
  initialDelayMs?: number;
  /** Longest backoff wait in milliseconds; default 8000. */
  maxDelayMs?: number;
  /** Longest Retry-After the client waits for, in milliseconds; default 60 000. */
  retryAfterMaxMs?: number;
}

export const retries_max = 10;
export const retry_initial_delay_default_ms = 500;
export const retry_delay_max_default_ms = 8_000;
export const retry_after_max_default_ms = 60_000;

const statuses_retried_with_backoff: ReadonlySet<number> = new Set([502, 503, 504]);
const status_rate_limited = 429;
const status_idempotency_conflict = 409;
const idempotency_headers = ['Idempotency-Key', 'X-Idempotency-Key'];

interface RetryPolicy {
  retries_max: number;
  initial_delay_ms: number;
  delay_max_ms: number;
  retry_after_max_ms: number;
}

export function retry_policy_of(options: RetryOptions | undefined): RetryPolicy {
  const policy: RetryPolicy = {
    retries_max: options?.maxRetries ?? 0,
    initial_delay_ms: options?.initialDelayMs ?? retry_initial_delay_default_ms,
    delay_max_ms: options?.maxDelayMs ?? retry_delay_max_default_ms,
    retry_after_max_ms: options?.retryAfterMaxMs ?? retry_after_max_default_ms,
  };
  if (!Number.isSafeInteger(policy.retries_max) || policy.retries_max < 0 || policy.retries_max > retries_max) {
    throw new RangeError(`retry.maxRetries must be an integer from 0 to ${retries_max}, got ${policy.retries_max}`);
  }
  for (const [name, value] of [
    ['initialDelayMs', policy.initial_delay_ms],
    ['maxDelayMs', policy.delay_max_ms],
    ['retryAfterMaxMs', policy.retry_after_max_ms],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`retry.${name} must be a non-negative number`);
  }
  return policy;
}

export function is_retry_safe(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  return idempotency_headers.some((name) => request.headers.has(name));
}

/**
 * Sends `template` through `send`, retrying per the policy above. `prepare` turns the template
 * into the Request of one attempt (the template itself is never consumed).
 */
export async function send_with_retries(
  template: Request,
  policy: RetryPolicy,
  prepare: (template: Request) => Request,
  send: (request: Request) => Promise<Response>,
): Promise<Response> {
  const retry_safe = policy.retries_max > 0 && is_retry_safe(template);
  for (let retry = 0; ; retry += 1) {
    const may_retry = retry_safe && retry < policy.retries_max;
    let response: Response;
    try {
      response = await send(prepare(may_retry ? template.clone() : template));
    } catch (error) {
      if (!may_retry || template.signal.aborted) throw error;
      await sleep(backoff_ms(policy, retry), template.signal);
      continue;
    }
    if (!may_retry) return response;
    const wait_ms = wait_before_retry_ms(policy, response, retry);
    if (wait_ms === null) return response;
    // The body of a response we retry past is never read; release it.
    await response.body?.cancel().catch(() => undefined);
    await sleep(wait_ms, template.signal);
  }
}

function wait_before_retry_ms(policy: RetryPolicy, response: Response, retry: number): number | null {
  if (response.status === status_idempotency_conflict) {
    // Only the retryable one (still in progress) carries Retry-After.
    if (response.headers.get('Retry-After') === null) return null;
  }
  if (response.status === status_rate_limited || response.status === status_idempotency_conflict) {
    const retry_after = response.headers.get('Retry-After');
    if (retry_after === null || !/^\d+$/.test(retry_after.trim())) return backoff_ms(policy, retry);
    const retry_after_ms = Number(retry_after.trim()) * 1000;
    return retry_after_ms > policy.retry_after_max_ms ? null : retry_after_ms;
  }
  if (statuses_retried_with_backoff.has(response.status)) return backoff_ms(policy, retry);
  return null;
}

function backoff_ms(policy: RetryPolicy, retry: number): number {
  const ceiling_ms = Math.min(policy.delay_max_ms, policy.initial_delay_ms * 2 ** retry);
  return ceiling_ms / 2 + Math.random() * (ceiling_ms / 2);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', on_abort);
      resolve();
    }, ms);
    const on_abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', on_abort, { once: true });
  });
}

/** A transport for openapi-fetch that applies the retry policy to `transport` (default fetch). */
export function retrying_transport(
  transport: ((request: Request) => Promise<Response>) | undefined,
  options: RetryOptions | undefined,
): (request: Request) => Promise<Response> {
  const policy = retry_policy_of(options);
  const send = transport ?? ((request: Request) => globalThis.fetch(request));
  return (request) => send_with_retries(request, policy, (attempt) => attempt, send);
}
