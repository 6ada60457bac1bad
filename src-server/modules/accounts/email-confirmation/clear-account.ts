// The account made clean for whoever just proved its mailbox (docs/product.md#e-mail-confirmation): an invitation, a
// reset link, or the first confirmation. Anyone may register any address, so what the account gathered before the
// mailbox was proved may be a stranger's way back in: a passkey, an e-mail change waiting for its link, a session, a
// link not yet used. None of it outlives the proof. The staff second factor stays: a reset must never be a way round it.
import { eq } from 'drizzle-orm';
import type { AccountCleared } from '../../../contract/email-confirmation';
import { writeLog } from '../../../platform/audit/log';
import type { DbOrTx } from '../../../platform/db/client';
import { passkeys } from '../../../platform/db/schema/index';
import { ACCOUNT_LINKS, spendWaiting } from '../../../platform/tokens/index';
import { endLiveSessions } from '../sessions/service';

/**
 * In the caller's transaction, for the account whose mailbox was just proved: deletes every passkey, spends every
 * waiting e-mail change and every unused link of every kind (reset, invitation, confirmation and its code,
 * second-factor challenge), and signs out every session but `keepSessionJti`'s (the session that opened a confirmation link goes
 * on). A passkey-adding challenge is left to lapse: it adds nothing without a session of the account. Run before the
 * session version moves. Answers what it removed, for the page to say.
 */
export async function clearAccountForOwner(
  tx: DbOrTx,
  user: { id: number; username: string },
  now: number,
  keepSessionJti?: string,
): Promise<AccountCleared> {
  const removedKeys = await tx.delete(passkeys).where(eq(passkeys.userId, user.id)).returning({ name: passkeys.name });
  const changes = await spendWaiting(tx, user.id, ['email-change'], now);
  const links = await spendWaiting(tx, user.id, ACCOUNT_LINKS, now);
  // The six-digit code rides in the confirmation e-mail with its link, which the count above already names.
  await spendWaiting(tx, user.id, ['verify-code'], now);
  const sessions = await endLiveSessions(tx, user.id, now, keepSessionJti);
  const cleared = { passkeys: removedKeys.map((k) => k.name), emailChanges: changes, links, sessions };
  if (cleared.passkeys.length + cleared.emailChanges + cleared.links + cleared.sessions > 0) {
    const parts = [
      `${cleared.passkeys.length} passkey(s)${cleared.passkeys.length > 0 ? ` (${cleared.passkeys.join(', ')})` : ''}`,
      `${cleared.emailChanges} e-mail change(s)`,
      `${cleared.links} unused link(s)`,
      `${cleared.sessions} session(s)`,
    ];
    await writeLog(tx, now, { action: `Account cleared for the address's owner: removed ${parts.join(', ')}`, level: 'warning', username: user.username, userId: user.id });
  }
  return cleared;
}
