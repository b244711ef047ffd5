// Host name resolution for webhooks (registration checks and every delivery's connection), on
// c-ares (dns.Resolver), NOT dns.lookup: dns.lookup is getaddrinfo on libuv's 4-thread pool, and
// a slow resolver then holds those threads for seconds per name. Found by the conformance run: with
// deliveries and registrations each resolving an unresolvable name on a slow resolver, the pool
// filled and POST /webhooks stopped answering for 30 s. c-ares queries are asynchronous, bounded
// by a timeout, and take no thread.
//
// Answers are cached per name for their DNS TTL (at most `cacheTtlSMax`), and concurrent
// questions for one name share one query: an endpoint's 64 attempts of a round ask once. The
// cached addresses are the ones judged and connected to, so caching does not weaken the check.
// /etc/hosts is not consulted (a receiver's URL names a host on the public DNS).
import dns from 'node:dns';

/** Per query; two tries: a name that cannot be resolved within ~6 s counts as not resolvable now. */
export const resolveTimeoutMs = 3_000;
export const resolveTries = 2;
export const cacheTtlSMax = 60;
export const cacheEntriesMax = 10_000;

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type CachingResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const absentCodes = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'EBADNAME', 'NOTFOUND', 'NODATA']);

export function createCachingResolver(options: { timeoutMs?: number; tries?: number; now?: () => number } = {}): CachingResolver {
  const resolver = new dns.promises.Resolver({ timeout: options.timeoutMs ?? resolveTimeoutMs, tries: options.tries ?? resolveTries });
  const now = options.now ?? Date.now;
  const cache = new Map<string, { addresses: ResolvedAddress[]; expiresAtMs: number }>();
  const inFlight = new Map<string, Promise<ResolvedAddress[]>>();

  const query = async (hostname: string): Promise<ResolvedAddress[]> => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname, { ttl: true }), resolver.resolve6(hostname, { ttl: true })]);
    const addresses: ResolvedAddress[] = [];
    let ttlS = cacheTtlSMax;
    if (v4.status === 'fulfilled') for (const r of v4.value) { addresses.push({ address: r.address, family: 4 }); ttlS = Math.min(ttlS, r.ttl); }
    if (v6.status === 'fulfilled') for (const r of v6.value) { addresses.push({ address: r.address, family: 6 }); ttlS = Math.min(ttlS, r.ttl); }
    if (addresses.length === 0) {
      const errors = [v4, v6].flatMap((r) => (r.status === 'rejected' ? [r.reason as NodeJS.ErrnoException] : []));
      // Both families absent: the name does not resolve. Anything else (timeout, refused, server
      // failure) is the resolver's trouble, reported as such.
      const trouble = errors.find((e) => !absentCodes.has(e.code ?? ''));
      throw Object.assign(new Error(`${hostname} did not resolve (${(trouble ?? errors[0])?.code ?? 'ENOTFOUND'})`), {
        code: trouble?.code ?? 'ENOTFOUND',
      });
    }
    if (ttlS > 0) {
      if (cache.size >= cacheEntriesMax) cache.delete(cache.keys().next().value!);
      cache.set(hostname, { addresses, expiresAtMs: now() + ttlS * 1000 });
    }
    return addresses;
  };

  return async (hostname) => {
    const name = hostname.toLowerCase();
    const cached = cache.get(name);
    if (cached && cached.expiresAtMs > now()) return cached.addresses;
    const pending = inFlight.get(name);
    if (pending) return await pending;
    const asked = query(name).finally(() => inFlight.delete(name));
    inFlight.set(name, asked);
    return await asked;
  };
}

/** The process's resolver for webhooks (one cache for registrations and deliveries). */
export const webhookResolver: CachingResolver = createCachingResolver();
