// When a cover-ending reminder falls due (docs/product.md#cover-ending-reminders), to the minute. Pure: stored with
// every policy write; migration 0007 states the same rule in SQL.
import type { policies } from '../../../platform/db/schema/index';

const MINUTE = 60_000;
export const REMINDER_DAY_MS = 24 * 60 * MINUTE;
/** The latest a reminder may fall due before the end, and the least cover left for one to be owed at all. */
export const REMINDER_FLOOR_MS = 15 * MINUTE;

const toMinute = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

/** The instant (epoch ms, a whole minute) the reminder of cover from `startAt` to `endAt` falls due. */
export function reminderTimeOf(startAt: number, endAt: number): number {
  const length = endAt - startAt;
  const byRule = length >= REMINDER_DAY_MS ? endAt - REMINDER_DAY_MS : endAt - length / 5;
  return toMinute(Math.min(byRule, endAt - REMINDER_FLOOR_MS));
}

/** What a policy row holds that decides its reminder; `reminderEndAt` is the end a reminder already sent named. */
type ReminderFacts = Pick<typeof policies.$inferSelect, 'status' | 'userId' | 'startAt' | 'endAt' | 'reminderEndAt'>;

/**
 * When the policy's reminder falls due after a write at `now`, or null when none is owed: active cover with an
 * account, one per end, and none with under 15 minutes left. A past due time is sent by the next run.
 */
export function reminderDueAt(p: ReminderFacts, now: number): number | null {
  if (p.status !== 'active' || p.userId === null) return null;
  if (p.reminderEndAt === p.endAt) return null;
  if (now > p.endAt - REMINDER_FLOOR_MS) return null;
  return reminderTimeOf(p.startAt, p.endAt);
}
