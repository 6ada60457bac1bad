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
}

export type CallerResult = { caller: Caller } | { caller: null; reason: 'missing' | 'invalid' };

const BEARER_RE = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;

export type ResolveCaller = (authorization: string | undefined | null, nowMs: number) => Promise<CallerResult>;

export function createCallerResolver(hot: HotReads, tokens: TokenService): ResolveCaller {
  // One indexed read answers both: does the account still exist, with which roles; was this token signed out.
  const resolve = resolverReading(tokens, (claims) => hot.callerRow(claims.userId, claims.jti));
  return async (authorization, nowMs) => {
    const result = await resolve(authorization, nowMs);
    return result.caller ? { caller: result.caller } : result;
  };
}

export type CallerWithPoliciesResult = { caller: Caller; policiesJson: string } | { caller: null; reason: 'missing' | 'invalid' };

/**
 * The caller, as createCallerResolver resolves them, and their own policies from the same statement
 * (HotReads.callerWithPoliciesJson): GET /api/user/policies, the busiest read, makes one statement instead of two.
 * The policies are answered only for a caller who passes every check.
 */
export function createCallerWithPoliciesResolver(hot: HotReads, tokens: TokenService) {
  const resolve = resolverReading(tokens, (claims) => hot.callerWithPoliciesJson(claims.userId, claims.jti));
  return async (authorization: string | undefined | null, nowMs: number): Promise<CallerWithPoliciesResult> => {
    const result = await resolve(authorization, nowMs);
    return result.caller ? { caller: result.caller, policiesJson: result.row.policiesJson } : result;
  };
}

type Claims = NonNullable<Awaited<ReturnType<TokenService['verify']>>>;
type AccountRow = NonNullable<Awaited<ReturnType<HotReads['callerRow']>>>;

/** The token's checks, then the account's: the same for every resolver, whatever else its read brings (`row`). */
function resolverReading<R extends AccountRow>(tokens: TokenService, readRow: (claims: Claims) => Promise<R | undefined>) {
  return async (authorization: string | undefined | null, nowMs: number): Promise<{ caller: Caller; row: R } | { caller: null; reason: 'missing' | 'invalid' }> => {
    if (!authorization) return { caller: null, reason: 'missing' };
    const match = BEARER_RE.exec(authorization);
    if (!match) return { caller: null, reason: 'invalid' };
    const claims = await tokens.verify(match[1]!, nowMs);
    if (!claims) return { caller: null, reason: 'invalid' };
    const row = await readRow(claims);
    if (!row || row.revoked || row.sessionVersion !== claims.sessionVersion) return { caller: null, reason: 'invalid' };
    // Owner implies admin (docs/product.md#roles: Owner ⊃ Admin ⊃ User).
    const { isAdmin, isOwner } = normaliseRoles(row);
    return {
      caller: {
        id: row.id,
        username: row.username,
        isAdmin,
        isOwner,
        jti: claims.jti,
        exp: claims.exp,
      },
      row,
    };
  };
}
