// Who may call an operation (docs/api.md#authentication), asserted by both doors; services check again in depth.
import { messages } from '../contract/messages';
import { SECOND_FACTOR_REQUIRED } from '../contract/second-factor';
import { ForbiddenError } from '../errors';
import type { Caller } from '../platform/auth/caller';
import { assertAdminRights, assertOwnerRights } from '../platform/auth/permissions';

export type Tier = 'public' | 'customer' | 'admin' | 'owner';
export type SignedInTier = Exclude<Tier, 'public'>;

/**
 * Throws ForbiddenError unless a signed-in caller may use the tier (any account may use `customer`). Under the owner's
 * rule (docs/product.md#second-factor-for-staff), staff without a second factor are refused the staff tiers with a code
 * the console recognises, and sent to set one up; the caller's one read carries that fact, so this asks nothing more.
 */
export function assertTier(tier: SignedInTier, caller: Caller): void {
  if (tier === 'customer') return;
  if (tier === 'admin') assertAdminRights(caller);
  else assertOwnerRights(caller);
  if (caller.secondFactorMissing) throw new ForbiddenError(messages.secondFactorRequired, { code: SECOND_FACTOR_REQUIRED });
}

/** What the API reference says of each tier, after a route's description. */
export const TIER_NOTES: Record<Tier, string> = {
  public: 'Public.',
  customer: 'Signed in (any account).',
  admin: 'Admins and owners only.',
  owner: 'Owners only.',
};
