// Who is asking. The token proves identity only: the account and its roles are read from the database on
// every request, so a deletion, demotion, logout or password change takes effect at once.
import { normaliseRoles } from '../../contract/roles';
import type { HotReads } from '../db/hot-reads';
import type { TokenService } from './tokens';

export interface Caller {
  id: number;
  username: string;
  isAdmin: boolean;
  isOwner: boolean;
  jti: string;
  /** Token expiry, epoch seconds. */
  exp: number;
  /**
   * Staff under the owner's rule without a second factor on this session: the admin and owner tiers refuse it
   * (api/tiers.ts). Read with the caller, so the tier check costs no query.
   */
  secondFactorMissing?: boolean;
}

export type CallerResult = { caller: Caller } | { caller: null; reason: 'missing' | 'invalid' };

const BEARER_RE = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;

export type ResolveCaller = (authorization: string | undefined | null, nowMs: number) => Promise<CallerResult>;

/** Told of every session a request is accepted with (modules/accounts/sessions: its "last seen"); must not wait on anything. */
export type SessionSeen = (session: { jti: string; userId: number }, nowMs: number) => void;

export function createCallerResolver(hot: HotReads, tokens: TokenService, seen?: SessionSeen): ResolveCaller {
  return async (authorization, nowMs) => {
    if (!authorization) return { caller: null, reason: 'missing' };
    const match = BEARER_RE.exec(authorization);
    if (!match) return { caller: null, reason: 'invalid' };
    const claims = await tokens.verify(match[1]!, nowMs);
    if (!claims) return { caller: null, reason: 'invalid' };
    // One indexed read answers both: does the account still exist, with which roles; was this token signed out.
    const row = await hot.callerRow(claims.userId, claims.jti);
    if (!row || row.revoked || row.sessionVersion !== claims.sessionVersion) return { caller: null, reason: 'invalid' };
    // Owner implies admin (docs/product.md#roles: Owner ⊃ Admin ⊃ User).
    const { isAdmin, isOwner } = normaliseRoles(row);
    seen?.({ jti: claims.jti, userId: row.id }, nowMs);
    return {
      caller: { id: row.id, username: row.username, isAdmin, isOwner, jti: claims.jti, exp: claims.exp, secondFactorMissing: row.secondFactorMissing },
    };
  };
}
