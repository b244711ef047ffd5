// A bound on how long one TigerBeetle request may keep its caller waiting (issue 26, decision 0580).
//
// tigerbeetle-node never gives up on a request: while its cluster has no quorum (two of three
// replicas down, or a lone replica restarting) a request waits until the cluster is back, for
// ever if need be, and so would the HTTP request behind it. Here the caller is answered with a
// LedgerUnavailableError after `timeoutMs`; the request itself stays queued in the client (it
// cannot be taken back) and may still take effect when the cluster returns. That is safe because
// every transfer and account id a caller submits derives from the caller's own object it belongs
// to (idFromUuid, idFromParts, holdLegId: never drawn at random): whoever retries
// submits the same ids, TigerBeetle answers `exists` for what already landed, and nothing is
// applied twice. Reads are side-effect free. The caller treats the outcome as unknown.

/** Thrown when the cluster did not answer within the request timeout: the outcome is unknown. */
export class LedgerUnavailableError extends Error {
  /** A stable code for error handlers (the service answers it 503 with Retry-After). */
  readonly code = 'LEDGER_UNAVAILABLE';
  constructor(operation: string, timeoutMs: number) {
    super(`the TigerBeetle cluster did not answer ${operation} within ${timeoutMs} ms; its outcome is unknown (retry with the same ids)`);
    this.name = 'LedgerUnavailableError';
  }
}

/**
 * Default bound of one request. A view change after the primary is lost takes well under a second
 * on loopback and a few seconds across hosts (seconds: the replicas' heartbeat timeouts); five
 * seconds rides those out while a client of the API (which we tell to retry after
 * ledgerUnavailableRetryAfterS) is not left hanging.
 */
export const requestTimeoutMsDefault = 5_000;

/** Resolves as `request` does, or rejects with LedgerUnavailableError once `timeoutMs` pass first. */
export async function withinTimeout<T>(operation: string, timeoutMs: number, request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new LedgerUnavailableError(operation, timeoutMs)), timeoutMs);
  });
  // A request that settles after its caller gave up must not become an unhandled rejection.
  request.catch(() => undefined);
  try {
    return await Promise.race([request, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
