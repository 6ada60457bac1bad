// Who may call an operation (docs/api.md#authentication), asserted by both doors; services check again in depth.
import type { Caller } from '../platform/auth/caller';
import { assertAdminRights, assertOwnerRights } from '../platform/auth/permissions';

export type Tier = 'public' | 'customer' | 'admin' | 'owner';
export type SignedInTier = Exclude<Tier, 'public'>;

/** Throws ForbiddenError unless a signed-in caller may use the tier (any account may use `customer`). */
export function assertTier(tier: SignedInTier, caller: Caller): void {
  if (tier === 'admin') assertAdminRights(caller);
  else if (tier === 'owner') assertOwnerRights(caller);
}

/** What the API reference says of each tier, after a route's description. */
export const TIER_NOTES: Record<Tier, string> = {
  public: 'Public.',
  customer: 'Signed in (any account).',
  admin: 'Admins and owners only.',
  owner: 'Owners only.',
};
