// Owner ⊃ Admin ⊃ User (docs/product.md, "Roles"): an owner is always an admin; written once, for server and client.
export interface RoleFlags {
  isAdmin: boolean;
  isOwner: boolean;
}

/** The flags as they must be stored and shown: an owner is an admin. */
export function normaliseRoles(flags: RoleFlags): RoleFlags {
  return { isAdmin: hasAdminRights(flags), isOwner: flags.isOwner };
}

/** Whether these flags grant the admin console (admins and owners). */
export function hasAdminRights(flags: RoleFlags): boolean {
  return flags.isAdmin || flags.isOwner;
}
