// The routing table (issue 24; docs/providers.md): which provider serves each collection
// (rail, currency, country) and each payout (destination type, currency, country), as an ordered
// list whose first entry is tried first and the rest are the fallbacks (rails/routed-calls.ts,
// payout-rails/routed-sends.ts say when a fallback is tried).
//
// One entry per line of PROVIDER_ROUTES_FILE, or `;`-separated in PROVIDER_ROUTES:
//
//     <collection|payout> <rail or destination type> <currency|*> <country|*> = <provider>[, <provider>...]
//     collection mobile_money KES * = mpesa, sandbox
//     payout     mobile_money UGX UG = mtn_momo
//
// The most specific entry wins: currency and country, then currency alone, then country alone,
// then neither. Nothing matching: the sandbox (`make run` with no settings works). A provider
// named here must be registered (runtime.ts), or the service refuses to start.

export const routeKinds = ['collection', 'payout'] as const;
export type RouteKind = (typeof routeKinds)[number];

/** The sandbox's provider name: the default of every route, and of every row written before routing. */
export const sandboxProvider = 'sandbox';

/** Lower-case letters, digits, `_` and `-`: the provider's name in routes, rows, paths and metrics. */
export const providerNamePattern = /^[a-z][a-z0-9_-]{0,31}$/;

/** A route lists at most this many providers: each failover costs the payer a wait. */
export const routeProvidersMax = 5;
/** Entries in one table: far above the (rail x currency x country) pairs a deployment serves. */
export const routeEntriesMax = 500;

export const anyValue = '*';

export type RouteKey = {
  kind: RouteKind;
  /** A collection rail or a payout destination type. */
  method: string;
  /** ISO 4217. */
  currency: string;
  /** ISO 3166-1 alpha-2, or null when the transaction names none (matched by `*` entries only). */
  country: string | null;
};

export type RouteEntry = { kind: RouteKind; method: string; currency: string; country: string; providers: string[] };

export type RoutingTable = {
  entries: readonly RouteEntry[];
  /** The ordered providers for `key` (never empty). */
  providersFor(key: RouteKey): string[];
  /** Whether some entry of (kind, method, currency) names a country: only then is the country worth reading. */
  dependsOnCountry(kind: RouteKind, method: string, currency: string): boolean;
  /** Every provider any entry names for (kind, method), sandbox included when it is a default. */
  providersOf(kind: RouteKind, method: string): string[];
};

export class RoutingTableError extends Error {
  constructor(message: string) {
    super(`routing table: ${message}`);
    this.name = 'RoutingTableError';
  }
}

const entryPattern = /^(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*=\s*(.+)$/;

/** Parses a table's text (lines or `;`-separated entries; `#` starts a comment). Throws RoutingTableError. */
export function parseRoutingTable(text: string, methodsOf: Record<RouteKind, readonly string[]>): RoutingTable {
  const entries: RouteEntry[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of text.split(/[\n;]/).entries()) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const where = `entry ${index + 1} ("${line}")`;
    const match = entryPattern.exec(line);
    if (!match) throw new RoutingTableError(`${where}: expected "<kind> <method> <currency|*> <country|*> = <provider>, ..."`);
    const [, kind, method, currency, country, list] = match as unknown as [string, string, string, string, string, string];
    if (!(routeKinds as readonly string[]).includes(kind)) throw new RoutingTableError(`${where}: kind must be one of ${routeKinds.join(', ')}`);
    const methods = methodsOf[kind as RouteKind];
    if (!methods.includes(method)) throw new RoutingTableError(`${where}: ${kind} method must be one of ${methods.join(', ')}`);
    if (currency !== anyValue && !/^[A-Z]{3}$/.test(currency)) throw new RoutingTableError(`${where}: currency must be 3 upper-case letters or *`);
    if (country !== anyValue && !/^[A-Z]{2}$/.test(country)) throw new RoutingTableError(`${where}: country must be 2 upper-case letters or *`);
    const providers = list.split(',').map((name) => name.trim());
    if (providers.length > routeProvidersMax) throw new RoutingTableError(`${where}: at most ${routeProvidersMax} providers`);
    for (const name of providers) {
      if (!providerNamePattern.test(name)) throw new RoutingTableError(`${where}: "${name}" is not a provider name (${providerNamePattern.source})`);
    }
    if (new Set(providers).size !== providers.length) throw new RoutingTableError(`${where}: a provider is listed twice`);
    const key = `${kind} ${method} ${currency} ${country}`;
    if (seen.has(key)) throw new RoutingTableError(`${where}: ${key} is routed twice`);
    seen.add(key);
    entries.push({ kind: kind as RouteKind, method, currency, country, providers });
  }
  if (entries.length > routeEntriesMax) throw new RoutingTableError(`at most ${routeEntriesMax} entries`);
  return routingTableOf(entries);
}

export function routingTableOf(entries: readonly RouteEntry[]): RoutingTable {
  const byKey = new Map(entries.map((entry) => [`${entry.kind} ${entry.method} ${entry.currency} ${entry.country}`, entry]));
  return {
    entries,
    providersFor(key) {
      const country = key.country ?? anyValue;
      for (const [currency, where] of [[key.currency, country], [key.currency, anyValue], [anyValue, country], [anyValue, anyValue]] as const) {
        const entry = byKey.get(`${key.kind} ${key.method} ${currency} ${where}`);
        if (entry) return [...entry.providers];
      }
      return [sandboxProvider];
    },
    dependsOnCountry: (kind, method, currency) => entries.some((entry) =>
      entry.kind === kind && entry.method === method && entry.country !== anyValue && (entry.currency === currency || entry.currency === anyValue)),
    providersOf(kind, method) {
      const named = entries.filter((entry) => entry.kind === kind && entry.method === method).flatMap((entry) => entry.providers);
      return [...new Set([...named, sandboxProvider])];
    },
  };
}

/** The table of a deployment that configured none: the sandbox serves everything. */
export const sandboxOnlyRoutingTable: RoutingTable = routingTableOf([]);

/** Checks that every provider the table names is registered for what it routes. Throws RoutingTableError. */
export function assertProvidersRegistered(table: RoutingTable, kind: RouteKind, registered: (method: string, provider: string) => boolean): void {
  for (const entry of table.entries.filter((e) => e.kind === kind)) {
    for (const provider of entry.providers) {
      if (!registered(entry.method, provider)) {
        throw new RoutingTableError(`${entry.kind} ${entry.method} ${entry.currency} ${entry.country} names provider "${provider}", which has no ${entry.kind} connector for ${entry.method}`);
      }
    }
  }
}
