// Which API-key scopes may call which operation (seed: "Scopes"). ONE table, keyed by the route as
// the seed writes it (`METHOD /path`), checked at start against spec/ so no operation is missed.
//
// Scope rule (docs/decisions/0139-scopes-and-permissions.md):
//   read-capable   = read, write, full
//   write-capable  = write, full
//   payout-capable = payout_only, full
//   payout_only may also read payouts, payout batches, wallets and FX rates (what a payout
//   operator needs), which `payout_read` expresses.
import type { SpecOperation } from '../spec/load-spec.ts';

export const apiKeyScopes = ['read', 'write', 'full', 'payout_only'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export type Capability =
  | 'read'
  | 'write'
  | 'payout'
  | 'payout_read'
  /** Payer-facing: authorized by the checkout session's client_token, not by a merchant key. */
  | 'checkout_token';

export const scopesByCapability: Record<Exclude<Capability, 'checkout_token'>, readonly ApiKeyScope[]> = {
  read: ['read', 'write', 'full'],
  write: ['write', 'full'],
  payout: ['payout_only', 'full'],
  payout_read: ['read', 'write', 'full', 'payout_only'],
};

export const capabilityByRoute: Record<string, Capability> = {
  'POST /collections': 'write',
  'GET /collections/{id}': 'read',
  'POST /collections/{id}/refunds': 'write',
  'POST /checkout-sessions': 'write',
  'GET /checkout-sessions/{id}': 'checkout_token',
  'POST /checkout-sessions/{id}/pay': 'checkout_token',
  'GET /transactions': 'read',
  'GET /transactions/{id}': 'read',
  'POST /sub-merchants': 'write',
  'GET /sub-merchants': 'read',
  'GET /sub-merchants/{id}': 'read',
  'GET /sub-merchants/{id}/kyc': 'read',
  'POST /sub-merchants/{id}/suspend': 'write',
  'POST /sub-merchants/{id}/reactivate': 'write',
  'GET /users': 'read',
  'GET /wallets': 'payout_read',
  'GET /wallets/{id}/balance': 'payout_read',
  'GET /wallets/{id}/entries': 'payout_read',
  'GET /wallets/{id}/statement': 'payout_read',
  'GET /wallets/{id}/statement.csv': 'payout_read',
  'POST /split-rules': 'write',
  'GET /split-rules': 'read',
  'GET /split-rules/{id}': 'read',
  // Split settlement additions (docs/split-settlement.md): moving escrowed money needs a write key.
  'POST /split-rules/{id}/deactivate': 'write',
  'GET /escrow-holds': 'read',
  'GET /escrow-holds/{id}': 'read',
  'POST /escrow-holds/{id}/release': 'write',
  'POST /escrow-holds/{id}/return': 'write',
  'POST /collections/{id}/delivery-confirmation': 'write',
  'POST /payouts': 'payout',
  'GET /payouts': 'payout_read',
  'GET /payouts/{id}': 'payout_read',
  'POST /payouts/bulk': 'payout',
  'GET /payouts/batches/{id}': 'payout_read',
  'POST /payouts/{id}/cancel': 'payout',
  // Tokenizing a destination exists only to pay out to it; reading one back is a payout read.
  'POST /payout-destinations': 'payout',
  'GET /payout-destinations/{id}': 'payout_read',
  'POST /webhooks': 'write',
  'GET /webhooks': 'read',
  'DELETE /webhooks/{id}': 'write',
  'GET /webhooks/{id}': 'read',
  'POST /webhooks/{id}/rotate-secret': 'write',
  'POST /webhooks/{id}/enable': 'write',
  'GET /webhooks/{id}/deliveries': 'read',
  'POST /webhooks/{id}/deliveries/{id}/retry': 'write',
  'GET /events': 'read',
  'GET /events/{id}': 'read',
  'GET /fx/rates': 'payout_read',
  // A rate lock exists to protect a future payout, so it needs a payout-capable key.
  'POST /fx/rate-locks': 'payout',
  // Disputes (issue 15): reads need read; the sandbox helpers play rail events, a write.
  'GET /disputes': 'read',
  'GET /disputes/{id}': 'read',
  'POST /sandbox/disputes': 'write',
  'POST /sandbox/disputes/{id}/resolve': 'write',
};

/** The route key with every path parameter written `{id}`, so spec parameter names do not matter. */
export function normalizedRouteKey(op: Pick<SpecOperation, 'routeKey'>): string {
  return op.routeKey.replace(/\{[^}]+\}/g, '{id}');
}

export function capabilityOf(op: Pick<SpecOperation, 'routeKey'>): Capability {
  const capability = capabilityByRoute[normalizedRouteKey(op)];
  if (!capability) throw new Error(`no capability is defined for ${op.routeKey} (src/auth/scopes.ts)`);
  return capability;
}

export function scopesAllow(scopes: readonly string[], capability: Exclude<Capability, 'checkout_token'>): boolean {
  const allowed = scopesByCapability[capability];
  return scopes.some((scope) => (allowed as readonly string[]).includes(scope));
}

/** Fails at start when spec/ and this table disagree (a new operation needs a decision here). */
export function assertCapabilitiesCover(operations: readonly SpecOperation[]): void {
  const inSpec = new Set(operations.map(normalizedRouteKey));
  const missing = [...inSpec].filter((key) => !(key in capabilityByRoute));
  if (missing.length > 0) throw new Error(`src/auth/scopes.ts has no capability for: ${missing.join(', ')}`);
}
