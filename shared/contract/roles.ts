/**
 * Roles of a store's staff. The spec leaves "the permission each operation needs" open; each
 * endpoint row says which roles may call it (see docs/decisions.md, "Roles").
 */
export const ROLES = ['admin', 'manager', 'cashier', 'optometrist'] as const;
export type Role = (typeof ROLES)[number];

/** Human names, as the login response's `userRole` carries them. */
export const ROLE_NAMES: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Store Manager',
  cashier: 'Cashier',
  optometrist: 'Optometrist',
};

/** Shorthands for endpoint rows. */
export const ANY_ROLE: readonly Role[] = ROLES;
export const SALES_ROLES: readonly Role[] = ['admin', 'manager', 'cashier'];
export const CLINICAL_ROLES: readonly Role[] = ['admin', 'manager', 'cashier', 'optometrist'];
export const MANAGERS: readonly Role[] = ['admin', 'manager'];
export const ADMIN_ONLY: readonly Role[] = ['admin'];
/** Doctor master data: the people who work with doctors, not the till. */
export const DOCTOR_EDITORS: readonly Role[] = ['admin', 'manager', 'optometrist'];
