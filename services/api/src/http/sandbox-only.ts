// The sandbox-only operations: test helpers that make money or events appear which, in the live
// world, only a payment rail or a bank can make (docs/decisions/0440-sandbox-and-live-are-separate-accounts.md).
// A production server (PAYAGG_ENV=production) has no sandbox world, so it does not route them:
// they answer 404 RESOURCE_NOT_FOUND before authentication, exactly as a path that is not in the
// spec does, and the sandbox providers' payer pages (/sandbox/rails) are not served either. On a
// development server they exist, and a live account's key is refused by each of them (403).
import type { SpecOperation } from '../spec/load-spec.ts';

/** By family, as route keys (`METHOD /path` without the family's base path). */
export const sandboxOnlyRoutes = {
  merchant: ['POST /sandbox/disputes', 'POST /sandbox/disputes/{id}/resolve'],
  partner: ['POST /wallets/{walletId}/deposits'],
} as const;

/**
 * The operations of a family's spec that are sandbox-only. Throws when one named above is not in
 * the spec: a renamed path would otherwise slip back onto production servers unnoticed.
 */
export function sandboxOnlyOperations(operations: readonly SpecOperation[], routeKeys: readonly string[]): SpecOperation[] {
  return routeKeys.map((routeKey) => {
    const operation = operations.find((op) => op.routeKey === routeKey);
    if (!operation) throw new Error(`sandbox-only route ${routeKey} is not in the spec (src/http/sandbox-only.ts)`);
    return operation;
  });
}
