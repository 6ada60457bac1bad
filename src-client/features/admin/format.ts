// How the console writes instants, dates and policy facts: in UK time, whatever the browser's zone, and in the
// console's one 12-hour style, the policy form's (docs/product.md#admin-console): customers read 24-hour time.
import type { PolicyStatus } from '@server/contract/schemas';
import { epochToUkLocal, SHORT_MONTHS, toTwelveHour, ukInstantText } from '@server/contract/time';

/** '1 Jul 2026, 01:05 PM': when something happened (received, noted, logged), in UK time. */
export function formatTimestamp(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const { date, time } = epochToUkLocal(ms);
  return formatUkDateTime(date, time);
}

/** 'Fri 10 Jul 2026, 09:00 AM BST': an instant that matters to the minute (cover starts, a price lapses), its clock named. */
export const formatInstant = (ms: number): string => ukInstantText(ms, { twelveHour: true });

/** A policy's UK local date 'YYYY-MM-DD' as '10 Jul 2026' (already UK time: no zone arithmetic). */
export function formatUkDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = m ? SHORT_MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : date;
}

/** '10 Jul 2026, 09:00 AM': a policy's UK local date and time, in the console's 12-hour style. */
export function formatUkDateTime(date: string, time: string): string {
  return `${formatUkDate(date)}, ${toTwelveHour(time)}`;
}

// A time the server wrote after a date ('3 Jul 2026 10:00', 'Fri 10 Jul 2026, 09:00 BST'): policy history values,
// audit entries and e-mail subjects keep the 24-hour time customers read; the console shows them in its own style.
const SERVER_TIME = new RegExp(`\\b(\\d{1,2} (?:${SHORT_MONTHS.join('|')}) \\d{4}),? ([01]\\d|2[0-3]):([0-5]\\d)\\b(?! ?[AaPp][Mm]\\b)`, 'g');

/** A text the server wrote, its dated times as the console writes them: '3 Jul 2026 10:00' -> '3 Jul 2026, 10:00 AM'. */
export function inConsoleTime(text: string): string {
  return text.replace(SERVER_TIME, (_, date: string, hours: string, minutes: string) => `${date}, ${toTwelveHour(`${hours}:${minutes}`)}`);
}

export const policyStatusLabels: Record<PolicyStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  expired: 'Expired',
  cancelled: 'Cancelled',
  void: 'Void',
};
