// The dashboard users' roles (seed: User.role). A leaf module: the principal (what a request acts
// as) and the permissions (what a role may do) both need the names, and neither imports the other's.
export const userRoles = ['admin', 'finance', 'read_only', 'compliance'] as const;
export type UserRole = (typeof userRoles)[number];
