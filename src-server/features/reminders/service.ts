// Cover-ending reminders (docs/product.md#cover-ending-reminders), sent by the minute scheduler
// (docs/operations.md#housekeeping). Each policy row carries when its reminder falls due (features/reminders/
// timing.ts, worked out by every write of the policy); this sweep finds those due through a partial index and
// sends each exactly once, whichever process and however many restarts: a reminder is claimed by one
// conditional UPDATE (still owed, still due, still active cover with an account, not ended) in the same write
// transaction as its outbox row and audit entry. Two processes that find the same reminder both try the claim;
// the database lets one through, and the other's UPDATE changes no row, so it queues nothing. A crash before the
// commit leaves the reminder owed; after it, claimed and queued together.
import { and, asc, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { writeLog } from '../../platform/audit/log';
import type { Db } from '../../platform/db/client';
import { policies, users } from '../../platform/db/schema/index';
import type { Deps } from '../../deps';
import { reminderMail } from './mail';

/** Reminders claimed in one run at most; any left over go at the next minute. */
const BATCH = 100;


/**
 * The minute query: ids of reminders due at `now`, oldest first. It reads policies_reminder_due_idx (partial:
 * owed reminders only), so its cost follows the reminders due, never the number of policies.
 */
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

/**
 * Claims one reminder and queues its e-mail in the same transaction; false when it was not (or no longer) owed,
 * as when another process claimed it first: the claim, not the read that found it, decides.
 */
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

