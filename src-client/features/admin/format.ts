// How the console writes instants, dates and policy facts: in UK time, whatever the browser's zone
// (docs/product.md#admin-console).
import type { PolicyStatus } from '@server/contract/schemas';
import { toTwelveHour, UK_TIME_ZONE } from '@server/contract/time';

const ukTimestamp = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, dateStyle: 'medium', timeStyle: 'medium' });

export function formatTimestamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : ukTimestamp.format(d);
}

// Written out rather than asked of Intl: ICU's en-GB says 'Sept', and the console should read the same in
// every browser.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A policy's UK local date 'YYYY-MM-DD' as '10 Jul 2026' (already UK time: no zone arithmetic). */
export function formatUkDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : date;
}

/** '10 Jul 2026, 09:00 AM': a policy's UK local date and time, in the console's 12-hour style. */
export function formatUkDateTime(date: string, time: string): string {
  return `${formatUkDate(date)}, ${toTwelveHour(time)}`;
}

export const policyStatusLabels: Record<PolicyStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  expired: 'Expired',
  cancelled: 'Cancelled',
  void: 'Void',
};
