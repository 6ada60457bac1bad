// Who may use the admin console, asserted in one function: the REST guard, the tRPC admin tier and every
// admin service call it (docs/product.md#roles). The role rule itself is contract/roles.ts.
import { messages } from '../../contract/messages';
import { hasAdminRights, type RoleFlags } from '../../contract/roles';
import { ForbiddenError } from '../../errors';

/** Throws ForbiddenError unless the caller is an admin or an owner. */
export function assertAdminRights(caller: RoleFlags): void {
  if (!hasAdminRights(caller)) throw new ForbiddenError(messages.forbidden);
}

/** Throws ForbiddenError unless the caller is an owner. */
export function assertOwnerRights(caller: RoleFlags): void {
  if (!caller.isOwner) throw new ForbiddenError(messages.ownerOnly);
}
