// Cover-ending reminders (docs/product.md#cover-ending-reminders), swept each minute (docs/operations.md#housekeeping):
// each sent exactly once, as one conditional UPDATE claims it in the transaction that queues its e-mail.
import { and, asc, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { writeLog } from '../../../platform/audit/log';
import type { Db } from '../../../platform/db/client';
import { policies, users } from '../../../platform/db/schema/index';
import type { Deps } from '../../../deps';
import { reminderMail } from './mail';

/** Reminders claimed in one run at most; any left over go at the next minute. */
const BATCH = 100;

/** Ids of reminders due at `now`, oldest first, from a partial index: its cost follows the reminders due. */
export function dueReminderQuery(db: Db, now: number, limit = BATCH) {
  return db
    .select({ id: policies.id })
    .from(policies)
    .where(lte(policies.reminderDueAt, now))
    .orderBy(asc(policies.reminderDueAt), asc(policies.id))
    .limit(limit);
}

/** Sends the reminders due at the clock's now (up to `limit`), and answers how many were queued. */
export async function sendDueReminders(deps: Deps, limit = BATCH): Promise<number> {
  const now = deps.clock.now();
  // Owed once but no longer sendable: the cover ended or stopped being active, or its account was deleted, with
  // nothing but time (or a deletion) to change the row. Dropped in one indexed statement, so they are not read again.
  await deps.write((tx) =>
    tx
      .update(policies)
      .set({ reminderDueAt: null })
      .where(and(lte(policies.reminderDueAt, now), or(ne(policies.status, 'active'), isNull(policies.userId), lte(policies.endAt, now)))),
  );
  const due = await dueReminderQuery(deps.db, now, limit);
  let sent = 0;
  for (const { id } of due) {
    if (await claimReminder(deps, id, now)) sent++;
  }
  return sent;
}

/** Claims one reminder and queues its e-mail in one transaction; false when no longer owed (the claim decides). */
export async function claimReminder(deps: Deps, id: number, now: number): Promise<boolean> {
  const queued = await deps.write(async (tx) => {
    const [claimed] = await tx
      .update(policies)
      .set({ reminderDueAt: null, reminderSentAt: now, reminderEndAt: sql`${policies.endAt}` })
      .where(
        and(
          eq(policies.id, id),
          lte(policies.reminderDueAt, now),
          eq(policies.status, 'active'),
          isNotNull(policies.userId),
          gt(policies.endAt, now),
        ),
      )
      .returning();
    if (!claimed) return false;
    // The account exists: deleting it sets user_id to null (a foreign key), which the claim refuses.
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, claimed.userId!)).limit(1);
    await deps.mailer.queue(tx, reminderMail(deps.publicUrl, claimed, account!.email));
    await writeLog(tx, now, { action: `Cover-ending reminder sent: ${claimed.policyNumber}`, username: 'system' });
    return true;
  });
  // Counted once committed: a claim another process won, or one rolled back, is not this process's reminder.
  if (queued) deps.metrics.reminderSent();
  return queued;
}

