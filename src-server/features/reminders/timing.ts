// When a cover-ending reminder falls due (docs/product.md#cover-ending-reminders): 24 hours before the end for
// cover of 24 hours or more, else when a fifth of the cover remains, and never later than 15 minutes before the
// end; reckoned to the minute, as policy times are and as the scheduler runs. Pure: the policies service stores
// the answer with every write, and migration 0007 states the same rule in SQL for cover that existed before.
import type { PolicyStatus } from '../../contract/schemas';

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

/** What a policy row holds that decides its reminder. */
export interface ReminderFacts {
  status: PolicyStatus;
  userId: number | null;
  startAt: number;
  endAt: number;
  /** The end a reminder already sent named (null when none was sent). */
  reminderEndAt: number | null;
}

/**
 * When the policy's reminder falls due, as a write at `now` leaves it, or null when none is owed:
 * - only confirmed cover (`active`) with an account to write to;
 * - one reminder per end: a reminder already sent for this same end is never repeated (an edit of anything else,
 *   or a status taken away and given back, sends nothing new), while an end moved by staff is owed one of its own;
 * - none when less than 15 minutes of the cover remain (`now` past the floor): it could not help any more.
 * A due time already past (cover created or extended after it) means the next scheduler run sends it.
 */
export function reminderDueAt(p: ReminderFacts, now: number): number | null {
  if (p.status !== 'active' || p.userId === null) return null;
  if (p.reminderEndAt === p.endAt) return null;
  if (now > p.endAt - REMINDER_FLOOR_MS) return null;
  return reminderTimeOf(p.startAt, p.endAt);
}
