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

/**
 * The role key of a human role name (the login response's `userRole`), or null for a name that is
 * not one. Screens decide by key, never by the label: "Store Manager" is the manager.
 */
export function roleOfName(name: string | null | undefined): Role | null {
  return ROLES.find((r) => ROLE_NAMES[r] === name) ?? null;
}

/**
 * Whether a signed-in user's role (as the login response names it) is one of `roles`; an
 * endpoint row's `auth` may be given as it is ('public' lets everyone in).
 */
export function hasRole(name: string | null | undefined, roles: 'public' | readonly Role[]): boolean {
  if (roles === 'public') return true;
  const role = roleOfName(name);
  return role !== null && roles.includes(role);
}

/** Shorthands for endpoint rows. */
export const ANY_ROLE: readonly Role[] = ROLES;
export const SALES_ROLES: readonly Role[] = ['admin', 'manager', 'cashier'];
export const CLINICAL_ROLES: readonly Role[] = ['admin', 'manager', 'cashier', 'optometrist'];
export const MANAGERS: readonly Role[] = ['admin', 'manager'];
export const ADMIN_ONLY: readonly Role[] = ['admin'];
/** Doctor master data: the people who work with doctors, not the till. */
export const DOCTOR_EDITORS: readonly Role[] = ['admin', 'manager', 'optometrist'];
