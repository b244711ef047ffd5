// Team roster (seed: GET /users): every dashboard user of the caller's merchant, unpaginated.
import { requirePermission } from '../auth/permissions.ts';
import { principalOf } from '../auth/principal.ts';
import { listUsers, toUserResource } from './users.ts';
import { sendArray } from '../http/envelope.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';

export function userRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'GET /users'(_req, res) {
      const principal = principalOf(res);
      requirePermission(principal, 'team:read');
      const users = await listUsers(ctx.sql, principal.merchant.id);
      sendArray(res, users.map(toUserResource));
    },
  };
}
