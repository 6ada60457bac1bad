// Who is asking. The token proves identity only: the account and its roles are read from the database on
// every request, so a deletion, demotion, logout or password change takes effect at once.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
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

export function createCallerResolver(db: Db, tokens: TokenService): ResolveCaller {
  // One indexed read answers both "does the account still exist, with which roles" and "was this token
  // signed out"; prepared once.
  const lookup = db
    .select({
      id: users.id,
      username: users.username,
      isAdmin: users.isAdmin,
      isOwner: users.isOwner,
      sessionVersion: users.sessionVersion,
      revoked: sql<number>`exists(select 1 from revoked_tokens where jti = ${sql.placeholder('jti')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();

  return async (authorization, nowMs) => {
    if (!authorization) return { caller: null, reason: 'missing' };
    const match = BEARER_RE.exec(authorization);
    if (!match) return { caller: null, reason: 'invalid' };
    const claims = await tokens.verify(match[1]!, nowMs);
    if (!claims) return { caller: null, reason: 'invalid' };
    const row = await lookup.get({ id: claims.userId, jti: claims.jti });
    if (!row || row.revoked || row.sessionVersion !== claims.sessionVersion) return { caller: null, reason: 'invalid' };
    return {
      caller: {
        id: row.id,
        username: row.username,
        // Owner implies admin (DECISIONS.md: Owner ⊃ Admin ⊃ User).
        isAdmin: row.isAdmin || row.isOwner,
        isOwner: row.isOwner,
        jti: claims.jti,
        exp: claims.exp,
      },
    };
  };
}
