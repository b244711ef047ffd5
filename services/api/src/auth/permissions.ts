// Dashboard-user permissions (seed: GET /users needs team:read, held by every role). A key that acts
// for a user holds that user's permissions; a disabled user holds none; a merchant-level key (no
// user) acts as admin. See docs/decisions/0139-scopes-and-permissions.md.
import { ApiError } from '../http/errors.ts';
import type { Principal } from './principal.ts';
import type { UserRole } from './user-roles.ts';

export type Permission = 'team:read';

export const permissionsByRole: Record<UserRole, readonly Permission[]> = {
  admin: ['team:read'],
  finance: ['team:read'],
  read_only: ['team:read'],
  compliance: ['team:read'],
};

export function permissionsOf(principal: Principal): readonly Permission[] {
  if (!principal.user) return permissionsByRole.admin;
  if (principal.user.status !== 'active') return [];
  return permissionsByRole[principal.user.role];
}

/** Throws 403 PERMISSION_DENIED unless the principal holds `permission`. */
export function requirePermission(principal: Principal, permission: Permission): void {
  if (!permissionsOf(principal).includes(permission)) {
    throw new ApiError('PERMISSION_DENIED', `This key's user lacks the ${permission} permission.`);
  }
}
