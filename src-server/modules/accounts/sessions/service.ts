// "Signed in on" (docs/product.md#account): one row per sign-in, listed while its token still works, and signed out
// one at a time or all but this one. A token stops working through revoked_tokens (platform/auth/caller.ts), as
// Logout does; a password change ends the others by the session version instead (modules/accounts/my-account).
import { and, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { accountMessages, type SessionView } from '../../../contract/account';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, NotFoundError } from '../../../errors';
import { afterAnswer } from '../../../platform/after-answer';
import { writeLog } from '../../../platform/audit/log';
import type { SessionSeen } from '../../../platform/auth/caller';
import type { DbOrTx } from '../../../platform/db/client';
import { revokedTokens, sessions, users } from '../../../platform/db/schema/index';
import { deviceOf } from '../../../platform/http/device';

/** Where a sign-in came from: its client address and User-Agent header. */
export interface SessionClient {
  address: string;
  userAgent: string | undefined;
  /** Signed in with a passkey (docs/product.md#passkeys). */
  passkey?: boolean;
}

/** "Last seen" moves at most this often per session: a busy session writes once a minute, not once a request. */
export const LAST_SEEN_STEP_MS = 60_000;
/** The most sessions the list shows, newest first: a person signs in from a handful of places, not hundreds. */
export const SESSIONS_LISTED = 50;
/** Sessions whose last write this process remembers; past it the oldest is forgotten (and may write once more). */
const SEEN_REMEMBERED = 10_000;

/** Records a new session in the caller's transaction (account/service.ts signIn, the one place sessions are signed). */
export async function recordSession(
  tx: DbOrTx,
  s: { jti: string; userId: number; sessionVersion: number; remember: boolean; expiresAt: number; client: SessionClient; now: number },
): Promise<void> {
  await tx.insert(sessions).values({
    jti: s.jti,
    userId: s.userId,
    sessionVersion: s.sessionVersion,
    remember: s.remember,
    device: deviceOf(s.client.userAgent),
    address: s.client.address.slice(0, 64),
    createdAt: s.now,
    lastSeenAt: s.now,
    expiresAt: s.expiresAt,
    passkey: s.client.passkey ?? false,
  });
}

/** The session a token names, or undefined (a token signed before sessions were recorded has none). */
export async function sessionOf(db: DbOrTx, jti: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.jti, jti)).limit(1);
  return row;
}

/** Marks this token's session ended (Logout), in the caller's transaction. */
export async function endSessionOf(tx: DbOrTx, jti: string, now: number): Promise<void> {
  await tx.update(sessions).set({ endedAt: now }).where(and(eq(sessions.jti, jti), isNull(sessions.endedAt)));
}

/** The caller's sessions whose tokens still work: not ended, not expired, of the account's current session version. */
function liveSessionsOf(userId: number, now: number) {
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.endedAt),
    gt(sessions.expiresAt, now),
    eq(sessions.sessionVersion, sql`(select ${users.sessionVersion} from ${users} where ${users.id} = ${sessions.userId})`),
  );
}

/** GET /api/account/sessions and account.sessions: newest first, "This device" marked. */
export async function listSessions(deps: Deps, caller: Caller): Promise<SessionView[]> {
  const now = deps.clock.now();
  const rows = await deps.db.select().from(sessions).where(liveSessionsOf(caller.id, now)).orderBy(desc(sessions.lastSeenAt), desc(sessions.id)).limit(SESSIONS_LISTED);
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    address: r.address,
    signedInAt: new Date(r.createdAt).toISOString(),
    lastSeenAt: new Date(r.lastSeenAt).toISOString(),
    current: r.jti === caller.jti,
  }));
}

/** Ends these sessions: each token revoked until it would have expired anyway, each row marked ended. */
async function endSessions(tx: DbOrTx, rows: { id: number; jti: string; expiresAt: number }[], now: number): Promise<void> {
  for (const r of rows) {
    await tx.insert(revokedTokens).values({ jti: r.jti, expiresAt: r.expiresAt }).onConflictDoNothing();
    await tx.update(sessions).set({ endedAt: now }).where(eq(sessions.id, r.id));
  }
}

/**
 * Signs out every session of the account whose token still works, but `exceptJti`'s, in the caller's transaction;
 * answers how many. Run before a session version moves, which would hide the rows still open.
 */
export async function endLiveSessions(tx: DbOrTx, userId: number, now: number, exceptJti?: string): Promise<number> {
  const live = liveSessionsOf(userId, now);
  const rows = await tx
    .select({ id: sessions.id, jti: sessions.jti, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(exceptJti === undefined ? live : and(live, ne(sessions.jti, exceptJti)));
  await endSessions(tx, rows, now);
  return rows.length;
}

/**
 * DELETE /api/account/sessions/{id} and account.endSession: signs out one of the caller's other devices. Another
 * account's session answers as one that does not exist; this device's is Logout's to end.
 */
export async function endSession(deps: Deps, caller: Caller, id: number): Promise<{ success: true; ended: number }> {
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), liveSessionsOf(caller.id, now)))
      .limit(1);
    if (!row) throw new NotFoundError(accountMessages.sessionNotFound);
    if (row.jti === caller.jti) throw new ConflictError(accountMessages.thisSession);
    await endSessions(tx, [row], now);
    await writeLog(tx, now, { action: `Signed out another device: ${row.device}`, username: caller.username, userId: caller.id });
    return { success: true as const, ended: 1 };
  });
}

/** POST /api/account/sessions/sign-out-others and account.signOutOthers: every session but this one. */
export async function signOutOthers(deps: Deps, caller: Caller): Promise<{ success: true; ended: number }> {
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const others = await tx
      .select({ id: sessions.id, jti: sessions.jti, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(liveSessionsOf(caller.id, now), ne(sessions.jti, caller.jti)));
    if (others.length === 0) return { success: true as const, ended: 0 };
    await endSessions(tx, others, now);
    await writeLog(tx, now, { action: `Signed out all other devices (${others.length})`, username: caller.username, userId: caller.id });
    return { success: true as const, ended: others.length };
  });
}

/**
 * The resolver's hook (platform/auth/caller.ts): moves a session's "last seen" after the answer has gone, at most
 * once a minute per session in this process, so the request's own path never waits on a write.
 */
export function sessionSeen(deps: Pick<Deps, 'write' | 'logger'>): SessionSeen {
  const written = new Map<string, number>();
  return ({ jti }, nowMs) => {
    const last = written.get(jti);
    if (last !== undefined && nowMs - last < LAST_SEEN_STEP_MS) return;
    written.delete(jti);
    if (written.size >= SEEN_REMEMBERED) written.delete(written.keys().next().value!);
    written.set(jti, nowMs);
    afterAnswer(deps, 'session last seen', async () => {
      await deps.write((tx) =>
        tx
          .update(sessions)
          .set({ lastSeenAt: nowMs })
          .where(and(eq(sessions.jti, jti), lte(sessions.lastSeenAt, nowMs - LAST_SEEN_STEP_MS))),
      );
    });
  };
}
