// A policy against the clock (docs/product.md#dashboard): window, state, tab, countdown, progress. Pure
// functions of `now` (epoch ms), so the page's clock and the tests' fake clocks drive them alike; UK-time
// conversion is contract/time.ts's alone.
import { coverStateAt, type CoverState } from '@server/contract/cover';
import { isCalendarDate, normaliseTime, ukLocalToEpoch, UK_TIME_ZONE } from '@server/contract/time';
import type { PolicyView } from '@server/contract/views';

/** A policy's cover window as it carries it (UK local dates and times). */
type PolicyDates = Pick<PolicyView, 'startDate' | 'startTime' | 'endDate' | 'endTime'>;
/** The fields this module reads: the window and the stored status. */
export type PolicyTimes = PolicyDates & Pick<PolicyView, 'status'>;

export interface PolicyWindow {
  /** epoch ms of the commencement (UK local start date + time) */
  startAt: number;
  /** epoch ms of the expiry (UK local end date + time) */
  endAt: number;
}

/** The dashboard's tabs: cover to come or in force (pending included) is Active; ended cover is Expired. */
export type PolicyState = 'active' | 'expired';

type CountdownLabel = 'Policy starts in' | 'Policy ends in' | 'Awaiting confirmation' | 'Expired' | 'Cancelled' | 'Void';

export interface Countdown {
  label: CountdownLabel;
  /** ms until the start (confirmed cover to come) or the end (cover in force); null otherwise */
  remaining: number | null;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The policy's start and end instants. Times may be '14:30' or '02:30 PM'. Throws RangeError when unreadable. */
export function policyWindow(p: PolicyDates): PolicyWindow {
  return { startAt: instant(p.startDate, p.startTime), endAt: instant(p.endDate, p.endTime) };
}

function instant(date: string, time: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return ukLocalToEpoch(date, normaliseTime(time) ?? time);
}

/** The policy's state at `now`, by the contract's rule (docs/product.md#policies-and-certificates). */
export function coverStateOf(p: PolicyTimes, now: number): CoverState {
  const { startAt, endAt } = policyWindow(p);
  return coverStateAt(p.status, startAt, endAt, now);
}

/** The tab a policy belongs on: ended cover (expired, cancelled, or past its end) is Expired at once. */
export function policyState(p: PolicyTimes, now: number): PolicyState {
  return coverStateOf(p, now) === 'ended' ? 'expired' : 'active';
}

/** The card's countdown: to the start, then to the end, then ended. Pending cover is not cover yet. */
export function countdown(p: PolicyTimes, now: number): Countdown {
  const { startAt, endAt } = policyWindow(p);
  switch (coverStateOf(p, now)) {
    case 'pending':
      return { label: 'Awaiting confirmation', remaining: null };
    case 'upcoming':
      return { label: 'Policy starts in', remaining: startAt - now };
    case 'live':
      return { label: 'Policy ends in', remaining: endAt - now };
    case 'ended':
      return { label: p.status === 'cancelled' ? 'Cancelled' : p.status === 'void' ? 'Void' : 'Expired', remaining: null };
  }
}

/** Percent of the cover period elapsed, to one decimal place; a policy still running never shows 100. */
export function progressPercent(p: PolicyTimes, now: number): number {
  const { startAt, endAt } = policyWindow(p);
  if (now >= endAt || coverStateOf(p, now) === 'ended') return 100;
  if (now <= startAt) return 0;
  const percent = Math.round(((now - startAt) / (endAt - startAt)) * 1000) / 10;
  return Math.min(percent, 99.9);
}

const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');

/** '2d 03h 15m 20s'; under a day '03h 15m 20s'. Whole seconds, rounded up: '1s' shows until the very end, never '0s'. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / SECOND));
  const days = Math.floor(total / 86_400);
  const time = `${pad((total % 86_400) / 3600)}h ${pad((total % 3600) / 60)}m ${pad(total % 60)}s`;
  return days > 0 ? `${days}d ${time}` : time;
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The spoken form, whole minutes rounded down: '2 days, 3 hours, 15 minutes'; 'less than a minute' at the end. */
export function formatDurationLong(ms: number): string {
  const totalMinutes = Math.floor(Math.max(0, ms) / MINUTE);
  if (totalMinutes === 0) return 'less than a minute';
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  const out: string[] = [];
  if (days) out.push(unit(days, 'day'));
  if (hours) out.push(unit(hours, 'hour'));
  if (minutes) out.push(unit(minutes, 'minute'));
  return out.join(', ');
}

/** What a screen reader is told as the countdown moves, coarse enough not to chatter: hourly from a day out. */
export function countdownSummary(c: Countdown): string {
  if (c.remaining === null) return c.label;
  const ms = c.remaining >= DAY ? Math.floor(c.remaining / HOUR) * HOUR : c.remaining;
  return `${c.label} ${formatDurationLong(ms)}`;
}

const ukDateTime: Intl.DateTimeFormatOptions = {
  timeZone: UK_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** 'Wed, 1 Jul 2026, 23:59 BST': an instant in UK wording, GMT or BST said outright. */
export const formatUkDateTime = new Intl.DateTimeFormat('en-GB', { ...ukDateTime, weekday: 'short', timeZoneName: 'short' }).format;

/** '22 Nov 2026, 14:05' in UK time (the offline notice's "last updated"). */
export const formatUkShortDateTime = new Intl.DateTimeFormat('en-GB', ukDateTime).format;
