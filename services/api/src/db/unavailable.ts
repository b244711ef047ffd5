// Which failures mean "the database is away" (restarting, failing over, refusing connections),
// as opposed to a fault of the request or of our code (decision 0510). A request that fails this
// way is answered 503 SERVICE_UNAVAILABLE with Retry-After (http/error-handler.ts), never 500: the
// client retries it, with the same Idempotency-Key, once the database is back.
//
// Why such a request is safe to retry: PostgreSQL commits a transaction whole or not at all, so a
// transaction whose connection broke moved nothing; a request whose commit went through before the
// break is recorded under its Idempotency-Key and is replayed (or, while its key is still locked,
// answered 409 in progress until the lock lapses: docs/idempotency.md).

/** Seconds a client should wait before retrying: about how long a restart or a failover takes. */
export const databaseUnavailableRetryAfterS = 2;

/** postgres.js's own codes for a connection that broke, closed or never opened. */
const driverCodes = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);

/** The operating system's codes for a socket that could not reach, or lost, the server. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server going away or not accepting work yet: class 08 (connection exception),
 * 57P01 admin_shutdown (fast shutdown, failover), 57P02 crash_shutdown (another backend crashed),
 * 57P03 cannot_connect_now (starting up, recovering).
 */
const serverStates = new Set(['57P01', '57P02', '57P03']);

function isUnavailableOne(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; syscall?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (driverCodes.has(code) || socketCodes.has(code) || serverStates.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  // ENOENT of a connect: the Unix socket file is gone while the server is down.
  if (code === 'ENOENT' && e.syscall === 'connect') return true;
  // node-postgres (the job queue's driver) says it in words only.
  return typeof e.message === 'string' && /^Connection terminated( unexpectedly| due to connection timeout)?$/.test(e.message);
}

/** True when `error`, or an error it wraps (`cause`, an AggregateError's `errors`), is the database being away. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !error || typeof error !== 'object') return false;
  if (isUnavailableOne(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
