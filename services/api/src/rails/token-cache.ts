// A provider's bearer token (M-Pesa's OAuth client-credentials token, MTN MoMo's API-user token),
// fetched once, kept until shortly before it expires, and fetched again then: single-flight, so
// however many calls need a token at once, one request is made and they all wait for it. A failed
// fetch is not cached: the next call tries again. The token is a credential: it is never logged
// and never leaves the connector (only the Authorization header carries it).

export interface BearerToken {
  accessToken: string;
  /** The lifetime the provider gave it (expires_in). */
  expiresInS: number;
}

/**
 * Refreshed this long before the provider's expiry: a call that starts just before expiry must
 * not reach the provider with a token that has lapsed on the way (clocks and queues differ).
 */
export const tokenRefreshMarginMsDefault = 60_000;

export interface TokenCache {
  /** A token valid for at least the margin, fetched only when there is none. */
  token(): Promise<string>;
  /** Forgets the cached token (the provider answered 401 to it): the next call fetches one. */
  invalidate(token: string): void;
}

export function createTokenCache(options: {
  fetchToken: () => Promise<BearerToken>;
  now?: () => number;
  refreshMarginMs?: number;
}): TokenCache {
  const now = options.now ?? Date.now;
  const marginMs = options.refreshMarginMs ?? tokenRefreshMarginMsDefault;
  let cached: { accessToken: string; refreshAtMs: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchOnce(): Promise<string> {
    const fresh = await options.fetchToken();
    // A lifetime shorter than the margin is still used once: refresh at half of it instead.
    const lifetimeMs = fresh.expiresInS * 1000;
    const refreshAtMs = now() + Math.max(lifetimeMs - marginMs, lifetimeMs / 2);
    cached = { accessToken: fresh.accessToken, refreshAtMs };
    return fresh.accessToken;
  }

  return {
    token() {
      if (cached !== null && now() < cached.refreshAtMs) return Promise.resolve(cached.accessToken);
      inFlight ??= fetchOnce().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    invalidate(token) {
      if (cached?.accessToken === token) cached = null;
    },
  };
}
