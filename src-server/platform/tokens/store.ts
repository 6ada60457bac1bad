// The one-time-token store (docs/operations.md#one-time-tokens): every single-use secret the site hands out (an
// e-mailed link, a second-factor challenge, a passkey ceremony's challenge) is one row of one table, stored by its
// SHA-256 only, looked up before any write and spent by one conditional update, so of two requests racing with one
// secret only one spends it. What each secret does once spent is its feature's; when and how it is spent is here.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oneTimeTokens } from '../db/schema/index';

export type TokenKind = (typeof oneTimeTokens.$inferSelect)['kind'];
export type StoredToken = typeof oneTimeTokens.$inferSelect;

/** The links that let their holder set the account's password. */
export const PASSWORD_LINKS: readonly TokenKind[] = ['reset', 'invite'];
/**
 * What an account's mailbox or password stands behind: the e-mailed links (reset, invitation, confirmation) and a
 * sign-in's second-factor challenge. Spent together when the mailbox's owner takes the account (e-mail changes are
 * counted apart, for the page to say).
 */
export const ACCOUNT_LINKS: readonly TokenKind[] = ['reset', 'invite', 'verify', 'login'];

/** What is stored for a secret: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Which token a secret may be: its kinds, and the account it must be of when the caller knows it. */
interface Which {
  kinds: readonly TokenKind[];
  userId?: number;
}

/** A token that can still be spent: this secret's, unused, unexpired, of one of these kinds (and this account's). */
export function usableToken(token: string, which: Which, now: number) {
  return and(
    eq(oneTimeTokens.tokenHash, hashToken(token)),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
    inArray(oneTimeTokens.kind, [...which.kinds]),
    which.userId === undefined ? undefined : eq(oneTimeTokens.userId, which.userId),
  );
}

/**
 * Makes a secret (32 random bytes, base64url), stores its hash in the caller's transaction, and answers the secret
 * itself, for the link or the browser; it is never stored.
 */
export async function issueToken(tx: DbOrTx, token: { kind: TokenKind; userId: number; target?: string; ttlMs: number; now: number }): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const { kind, userId, ttlMs, now } = token;
  await tx.insert(oneTimeTokens).values({ kind, userId, target: token.target ?? null, tokenHash: hashToken(secret), expiresAt: now + ttlMs, createdAt: now });
  return secret;
}

/** The token if it can still be spent: the read made before any write, so a bad secret costs no write lock. */
export async function findToken(db: DbOrTx, token: string, which: Which, now: number): Promise<StoredToken | undefined> {
  const [row] = await db.select().from(oneTimeTokens).where(usableToken(token, which, now)).limit(1);
  return row;
}

/** The token of this secret and kind whatever its state (spent, expired), or undefined if there never was one. */
export async function knownToken(db: DbOrTx, token: string, kinds: readonly TokenKind[]): Promise<StoredToken | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), inArray(oneTimeTokens.kind, [...kinds])))
    .limit(1);
  return row;
}

/**
 * Spends the token in the caller's transaction if it can still be spent, and answers it; undefined when it cannot
 * (never was, spent, expired, another kind or account's), or another request spent it first.
 */
export async function spendToken(tx: DbOrTx, token: string, which: Which, now: number): Promise<StoredToken | undefined> {
  const [spent] = await tx.update(oneTimeTokens).set({ usedAt: now }).where(usableToken(token, which, now)).returning();
  return spent;
}

/**
 * Records a secret checked without being stored (a signed passkey sign-in challenge: auth/signed-challenge.ts) as
 * spent, in the caller's transaction, until `expiresAt`, when housekeeping drops it; false when another request
 * recorded it first (the hash is unique).
 */
export async function recordSpent(tx: DbOrTx, token: string, kind: TokenKind, expiresAt: number, now: number): Promise<boolean> {
  const spent = await tx
    .insert(oneTimeTokens)
    .values({ kind, userId: null, tokenHash: hashToken(token), expiresAt, usedAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: oneTimeTokens.id });
  return spent.length === 1;
}

/** Spends every token of these kinds the account has waiting (unused, unexpired), so none works any more; answers how many. */
export async function spendWaiting(tx: DbOrTx, userId: number, kinds: readonly TokenKind[], now: number): Promise<number> {
  const spent = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.kind, [...kinds]), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id });
  return spent.length;
}

/** The account's newest waiting token of this kind, if any. */
export async function latestWaiting(db: DbOrTx, userId: number, kind: TokenKind, now: number): Promise<StoredToken | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  return row;
}

/**
 * Housekeeping (docs/operations.md#housekeeping): a token past its time, or spent, has no further use, except a
 * spent passkey sign-in challenge, whose row is what refuses it a second time: it stays until the challenge expires.
 */
export async function dropSpentTokens(tx: DbOrTx, now: number): Promise<void> {
  await tx
    .delete(oneTimeTokens)
    .where(or(lt(oneTimeTokens.expiresAt, now), and(isNotNull(oneTimeTokens.usedAt), ne(oneTimeTokens.kind, 'passkey-sign-in'))));
}

/**
 * A short code typed from an e-mail (the address confirmation's six digits: docs/product.md#e-mail-confirmation).
 * Six digits are few, so two accounts may hold the same code: its hash is salted with a random salt kept in the
 * row's `target` beside the wrong tries counted so far ('salt:tries'), which also keeps the hash column unique. The
 * code is looked up by its account, never by its hash.
 */
export async function issueCode(tx: DbOrTx, token: { kind: TokenKind; userId: number; ttlMs: number; now: number }): Promise<string> {
  const code = String(randomInt(1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('base64url');
  const { kind, userId, ttlMs, now } = token;
  await tx.insert(oneTimeTokens).values({ kind, userId, target: `${salt}:0`, tokenHash: hashToken(`${salt}:${code}`), expiresAt: now + ttlMs, createdAt: now });
  return code;
}

/** What a code's row keeps beside its hash: the salt and the wrong tries so far. */
function codeState(row: StoredToken): { salt: string; wrongTries: number } {
  const [salt = '', tries = '0'] = (row.target ?? '').split(':');
  return { salt, wrongTries: Number(tries) || 0 };
}

/** Whether `code` is the one `row` holds (compared in constant time). */
export function codeMatches(row: StoredToken, code: string): boolean {
  const expected = Buffer.from(row.tokenHash, 'hex');
  const given = Buffer.from(hashToken(`${codeState(row).salt}:${code}`), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Spends the code's row in the caller's transaction if it is still waiting as read (no wrong try counted since). */
export async function spendCode(tx: DbOrTx, row: StoredToken, now: number): Promise<boolean> {
  const spent = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now), eq(oneTimeTokens.target, row.target ?? '')))
    .returning({ id: oneTimeTokens.id });
  return spent.length === 1;
}

/**
 * Counts a wrong try against the code's row in the caller's transaction; the try that reaches `maxWrong` spends it,
 * so guessing ends there. Counted by one conditional update from the tries read, retried when another try moved
 * them first, so racing tries each count.
 */
export async function countWrongCode(tx: DbOrTx, rowId: number, maxWrong: number, now: number): Promise<void> {
  for (;;) {
    const [row] = await tx.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.id, rowId), isNull(oneTimeTokens.usedAt))).limit(1);
    if (!row) return;
    const { salt, wrongTries } = codeState(row);
    const tries = wrongTries + 1;
    const moved = await tx
      .update(oneTimeTokens)
      .set({ target: `${salt}:${tries}`, ...(tries >= maxWrong ? { usedAt: now } : {}) })
      .where(and(eq(oneTimeTokens.id, rowId), isNull(oneTimeTokens.usedAt), eq(oneTimeTokens.target, row.target ?? '')))
      .returning({ id: oneTimeTokens.id });
    if (moved.length === 1) return;
  }
}
