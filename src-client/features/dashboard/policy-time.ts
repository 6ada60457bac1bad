// A policy against the clock (SPEC.md §4; DECISIONS.md "Time"): its window as epoch millis, whether it is
// active or expired, the card's countdown and progress. Pure functions: every one takes `now` (epoch ms),
// so the page's ticking clock and the tests' fake clocks drive them alike. UK-time conversion itself is
// contract/time.ts's alone; this module only compares the instants it answers.
import { isCalendarDate, normaliseTime, ukLocalToEpoch, UK_TIME_ZONE } from '../../../src-server/contract/time';
import type { PolicyView } from '../../../src-server/features/policies/service';

/** The fields this module reads (a PolicyView, or an older cached copy of one). */
export type PolicyTimes = Pick<PolicyView, 'startDate' | 'startTime' | 'endDate' | 'endTime'>;

export interface PolicyWindow {
  /** epoch ms of the commencement (UK local start date + time) */
  startAt: number;
  /** epoch ms of the expiry (UK local end date + time) */
  endAt: number;
}

export type PolicyState = 'active' | 'expired';

export type CountdownLabel = 'Policy starts in' | 'Policy ends in' | 'Expired';

export interface Countdown {
  label: CountdownLabel;
  /** ms until the start (before it) or the end (during the cover); null once expired */
  remaining: number | null;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The policy's start and end instants. Times may be '14:30' or '02:30 PM'. Throws RangeError when unreadable. */
export function policyWindow(p: PolicyTimes): PolicyWindow {
  return { startAt: instant(p.startDate, p.startTime), endAt: instant(p.endDate, p.endTime) };
}

function instant(date: string, time: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return ukLocalToEpoch(date, normaliseTime(time) ?? time);
}

/** True when the policy's dates can be read (the API always sends readable ones; a cached copy might not). */
export function hasReadableWindow(p: Partial<PolicyTimes>): p is PolicyTimes {
  try {
    if (typeof p.startDate !== 'string' || typeof p.startTime !== 'string') return false;
    if (typeof p.endDate !== 'string' || typeof p.endTime !== 'string') return false;
    policyWindow(p as PolicyTimes);
    return true;
  } catch {
    return false;
  }
}

/** SPEC.md §4: end in the future means active; end at or before now means expired. */
export function policyState(p: PolicyTimes, now: number): PolicyState {
  return policyWindow(p).endAt > now ? 'active' : 'expired';
}

/** True once the cover has commenced (and until it ends). */
export function hasStarted(p: PolicyTimes, now: number): boolean {
  return policyWindow(p).startAt <= now;
}

/** The card's countdown: to the start, then to the end, then 'Expired'. */
export function countdown(p: PolicyTimes, now: number): Countdown {
  const { startAt, endAt } = policyWindow(p);
  if (now < startAt) return { label: 'Policy starts in', remaining: startAt - now };
  if (now < endAt) return { label: 'Policy ends in', remaining: endAt - now };
  return { label: 'Expired', remaining: null };
}

/**
 * Percent of the cover period elapsed: 0 before the start, 100 at and after the end, else to one decimal
 * place. A policy still running never shows 100, and one that has begun shows at least 0.
 */
export function progressPercent(p: PolicyTimes, now: number): number {
  const { startAt, endAt } = policyWindow(p);
  if (now >= endAt) return 100;
  if (now <= startAt) return 0;
  const percent = Math.round(((now - startAt) / (endAt - startAt)) * 1000) / 10;
  return Math.min(percent, 99.9);
}

interface Parts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole seconds, rounded up: '1s' shows until the very end, never '0s' while time remains. */
function parts(ms: number): Parts {
  const total = Math.max(0, Math.ceil(ms / SECOND));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '2d 03h 15m 20s'; under a day '03h 15m 20s'. */
export function formatDuration(ms: number): string {
  const { days, hours, minutes, seconds } = parts(ms);
  const time = `${pad(hours)}h ${pad(minutes)}m ${pad(seconds)}s`;
  return days > 0 ? `${days}d ${time}` : time;
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The spoken form, to the minute: '2 days, 3 hours, 15 minutes'; 'less than a minute' at the end.
 * Minutes are whole minutes remaining, rounded down (so it changes once a minute at most).
 */
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

/**
 * What a screen reader is told as the countdown moves: the label with the time left, coarse enough not to
 * chatter. With a day or more left it names days and hours (changing hourly); under a day hours and
 * minutes (changing each minute at most).
 */
export function countdownSummary(c: Countdown): string {
  if (c.remaining === null) return 'Expired';
  const ms = c.remaining >= DAY ? Math.floor(c.remaining / HOUR) * HOUR : c.remaining;
  return `${c.label} ${formatDurationLong(ms)}`;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

const shortDateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'Wed, 1 Jul 2026, 23:59 BST': an instant in UK wording, GMT or BST said outright. */
export function formatUkDateTime(ms: number): string {
  return dateTimeFormat.format(ms);
}

/** '22 Nov 2026, 14:05' in UK time (the offline notice's "last updated"). */
export function formatUkShortDateTime(ms: number): string {
  return shortDateTimeFormat.format(ms);
}
