// Single-use links e-mailed to an account (docs/product.md#e-mail-confirmation): reset, invitation, confirmation.
// A random token sent once; only its SHA-256 is stored, so a leaked row never becomes a working link.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { passwordResetTokens } from '../db/schema/index';

export type AccountTokenPurpose = (typeof passwordResetTokens.$inferSelect)['purpose'];

/** The links that let their holder set the account's password. */
export const PASSWORD_LINKS: readonly AccountTokenPurpose[] = ['reset', 'invite'];

/** What is stored for a token: its SHA-256, hex. */
export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Makes a token for `userId`, stores its hash, and answers the token itself (for the link, never stored). */
export async function issueAccountToken(tx: DbOrTx, userId: number, purpose: AccountTokenPurpose, ttlMs: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(passwordResetTokens).values({ userId, tokenHash: hashAccountToken(token), purpose, expiresAt: now + ttlMs, createdAt: now });
  return token;
}

/** Spends every unused link of these kinds the account has, so none of them works any more. */
export async function spendAccountTokens(tx: DbOrTx, userId: number, purposes: readonly AccountTokenPurpose[], now: number): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt), inArray(passwordResetTokens.purpose, [...purposes])));
}

/** A token that can still be spent: this one, unused and unexpired, of one of these kinds. */
export function usableAccountToken(token: string, purposes: readonly AccountTokenPurpose[], now: number) {
  return and(
    eq(passwordResetTokens.tokenHash, hashAccountToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
    inArray(passwordResetTokens.purpose, [...purposes]),
  );
}
