// The office's opening hours (docs/product.md#opening-hours), for the server and the callback form alike: the weekly
// hours, their text, and whether an instant falls inside them. Bank holidays come as a calendar (a predicate on a UK
// date) so the form need not bundle the holiday data: the server passes platform/bank-holidays.ts's.
import { epochToUkLocal, MONTH_NAMES, ukLocalToEpoch } from './time';

/** One day's hours in UK local time, 'HH:MM'; open from `open` up to (not at) `close`. */
export interface DayHours {
  open: string;
  close: string;
}

/** By weekday, Sunday first (Date#getUTCDay's numbering); null is closed all day. */
export const weeklyHours: readonly (DayHours | null)[] = [
  null,
  { open: '08:00', close: '20:00' },
  { open: '08:00', close: '20:00' },
  { open: '08:00', close: '20:00' },
  { open: '08:00', close: '20:00' },
  { open: '08:00', close: '20:00' },
  { open: '09:00', close: '17:00' },
];

/** Says whether a UK date ('YYYY-MM-DD') is a bank holiday, when the office is shut all day. */
export type HolidayCalendar = (ukDate: string) => boolean;

/** No bank holidays known (the browser's view): the server's calendar has the final word. */
export const noHolidays: HolidayCalendar = () => false;

/** '08:00' -> '8am', '17:30' -> '5:30pm': the brand's customer wording. */
function shortTime(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`}${h >= 12 ? 'pm' : 'am'}`;
}

const weekday = weeklyHours[1]!;
const saturday = weeklyHours[6]!;

/**
 * The office hours as customers read them. brand.openingHours (the pages' and e-mails' text) is written out, not
 * built from this: brand.ts sits in the chunk every page loads, and importing this module (and its UK-time code)
 * there makes a cycle between the bundle's chunks. tests/server/opening-hours.test.ts holds the two to one wording.
 */
export const officeHoursText = `Monday to Friday ${shortTime(weekday.open)} to ${shortTime(weekday.close)}, Saturday ${shortTime(saturday.open)} to ${shortTime(saturday.close)}`;

/** The same with what it leaves out: the message a closed time is refused with names this. */
export const officeHoursFullText = `${officeHoursText} UK time; closed Sundays and bank holidays`;

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

const weekdayOf = (ukDate: string) => {
  const [y, m, d] = ukDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** The day after a UK date, as a UK date. */
function nextDate(ukDate: string): string {
  const [y, m, d] = ukDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function previousDate(ukDate: string): string {
  const [y, m, d] = ukDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** A UK date's hours, or null when the office is shut that day (Sunday or a bank holiday). */
export function hoursOn(ukDate: string, holidays: HolidayCalendar): DayHours | null {
  if (holidays(ukDate)) return null;
  return weeklyHours[weekdayOf(ukDate)] ?? null;
}

/** Whether the office is open at `ms`: on an open day, from its opening minute up to (not at) its closing time. */
export function isOpenAt(ms: number, holidays: HolidayCalendar): boolean {
  const { date, time } = epochToUkLocal(ms);
  const hours = hoursOn(date, holidays);
  if (!hours) return false;
  const minute = minutesOf(time);
  return minute >= minutesOf(hours.open) && minute < minutesOf(hours.close);
}

/** Far more than any run of closed days (Christmas to a Monday is four): a loop bound, never reached. */
const SEARCH_DAYS = 14;

/** `ms` itself when the office is open then, else the next opening after it. */
export function nextOpening(ms: number, holidays: HolidayCalendar): number {
  if (isOpenAt(ms, holidays)) return ms;
  let date = epochToUkLocal(ms).date;
  for (let i = 0; i < SEARCH_DAYS; i++, date = nextDate(date)) {
    const hours = hoursOn(date, holidays);
    if (!hours) continue;
    const opens = ukLocalToEpoch(date, hours.open);
    if (opens > ms) return opens;
  }
  throw new RangeError(`No opening within ${SEARCH_DAYS} days of ${new Date(ms).toISOString()}`);
}

/** `ms` itself when the office is open then, else the closing time of the last opening before it. */
export function lastClosingBefore(ms: number, holidays: HolidayCalendar): number {
  if (isOpenAt(ms, holidays)) return ms;
  let date = epochToUkLocal(ms).date;
  for (let i = 0; i < SEARCH_DAYS; i++, date = previousDate(date)) {
    const hours = hoursOn(date, holidays);
    if (!hours) continue;
    const closes = ukLocalToEpoch(date, hours.close);
    if (closes <= ms) return closes;
  }
  throw new RangeError(`No opening within ${SEARCH_DAYS} days before ${new Date(ms).toISOString()}`);
}

/** The closing time of the open day `ms` falls in (the office is open at `ms`). */
function closingOf(ms: number, holidays: HolidayCalendar): number {
  const { date } = epochToUkLocal(ms);
  const hours = hoursOn(date, holidays);
  if (!hours) throw new RangeError(`The office is shut on ${date}`);
  return ukLocalToEpoch(date, hours.close);
}

/** The closing time of the day the office is next open (today's, when it is open at `ms`). */
export function nextClosing(ms: number, holidays: HolidayCalendar): number {
  return closingOf(nextOpening(ms, holidays), holidays);
}

/**
 * `durationMs` of opening time counted from `ms` (from the next opening when shut then): what is left at a closing
 * time carries on from the next opening. Ending exactly at a closing time counts as within that day.
 */
export function addOpeningTime(ms: number, durationMs: number, holidays: HolidayCalendar): number {
  let at = nextOpening(ms, holidays);
  let left = durationMs;
  for (let i = 0; i < SEARCH_DAYS; i++) {
    const closes = closingOf(at, holidays);
    if (at + left <= closes) return at + left;
    left -= closes - at;
    at = nextOpening(closes, holidays);
  }
  throw new RangeError(`${durationMs} ms of opening time from ${new Date(ms).toISOString()} is more than ${SEARCH_DAYS} days away`);
}

/** The step between the callback times offered: every half hour. */
export const CALLBACK_SLOT_MINUTES = 30;

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A UK date (YYYY-MM-DD) as its weekday, day and month in words: how the callback form names each day. */
export function ukDayText(ukDate: string): string {
  const [, m, d] = ukDate.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[weekdayOf(ukDate)]} ${d} ${MONTH_NAMES[m - 1]}`;
}

/**
 * The callback times the form offers (docs/product.md#callback-requests): every half hour the office is open, from
 * the first one after `fromMs` over the next `days` days, by UK date; the last a half hour before closing.
 */
export function openSlots(fromMs: number, days: number, holidays: HolidayCalendar): { date: string; times: string[] }[] {
  const out: { date: string; times: string[] }[] = [];
  let date = epochToUkLocal(fromMs).date;
  for (let i = 0; i < days; i++, date = nextDate(date)) {
    const hours = hoursOn(date, holidays);
    if (!hours) continue;
    const times: string[] = [];
    for (let minute = minutesOf(hours.open); minute + CALLBACK_SLOT_MINUTES <= minutesOf(hours.close); minute += CALLBACK_SLOT_MINUTES) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      if (ukLocalToEpoch(date, time) > fromMs) times.push(time);
    }
    if (times.length > 0) out.push({ date, times });
  }
  return out;
}

/**
 * A due time moved into opening hours (docs/product.md#staff-queues): kept when the office is open then; else the
 * closing time of the last opening before it, so the work is done before the office shuts, when that is still after
 * the request came in; else (the office has not opened since) the next opening. A target before `receivedAt` (cover
 * starting within the hour) counts from `receivedAt`: due now.
 */
export function moveIntoOpeningHours(targetMs: number, receivedAt: number, holidays: HolidayCalendar): number {
  const target = Math.max(targetMs, receivedAt);
  if (isOpenAt(target, holidays)) return target;
  const before = lastClosingBefore(target, holidays);
  return before > receivedAt ? before : nextOpening(target, holidays);
}
