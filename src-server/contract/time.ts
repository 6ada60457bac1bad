// The one place that does UK-time arithmetic: policy times are UK local (GMT/BST); all else passes epoch millis.
import { TZDate } from '@date-fns/tz';
import { UK_TIME_ZONE } from './uk-time-zone';

export { UK_TIME_ZONE };

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_24_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const TIME_12_RE = /^(0?[1-9]|1[0-2]):([0-5]\d)\s*([AaPp])\.?[Mm]\.?$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Reads '14:30', '09:00 AM' or '9:00 pm' (the admin form's 12-hour values) as 'HH:MM', or null. */
export function normaliseTime(value: string): string | null {
  const v = value.trim();
  const m24 = TIME_24_RE.exec(v);
  if (m24) return `${m24[1]}:${m24[2]}`;
  const m12 = TIME_12_RE.exec(v);
  if (!m12) return null;
  let hours = Number(m12[1]) % 12;
  if (m12[3]!.toLowerCase() === 'p') hours += 12;
  return `${String(hours).padStart(2, '0')}:${m12[2]}`;
}

/** '14:30' -> '02:30 PM' (the admin form's display style). */
export function toTwelveHour(time24: string): string {
  const [h, m] = time24.split(':').map(Number) as [number, number];
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(h12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** UK local date + time -> epoch ms; a skipped hour moves forward by the hour, an ambiguous one is the later (GMT). */
export function ukLocalToEpoch(date: string, time: string): number {
  const dm = DATE_RE.exec(date);
  const tm = TIME_24_RE.exec(time);
  if (!dm || !tm) throw new RangeError(`Not a UK local date-time: ${date} ${time}`);
  return new TZDate(Number(dm[1]), Number(dm[2]) - 1, Number(dm[3]), Number(tm[1]), Number(tm[2]), UK_TIME_ZONE).getTime();
}

/** Epoch millis -> UK local { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function epochToUkLocal(ms: number): { date: string; time: string } {
  const d = new TZDate(ms, UK_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/** The months' short names, January first, as every date written for people gives them ('Sep', never ICU's 'Sept'). */
export const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

// Numeric parts only: ICU versions disagree on names ('Sep' or 'Sept', 'BST' or 'GMT+1'), never on numbers.
const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** A UK wall-clock date (YYYY-MM-DD) and time (HH:MM) as staff read them: day, short month, year and time. */
export function ukLocalText(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${SHORT_MONTHS[(month ?? 1) - 1]} ${year} ${time}`;
}

/**
 * Epoch millis -> 'Wed 1 Jul 2026, 09:00 BST', naming the clock so the repeated hour is clear (docs/product.md#certificates).
 * Staff read the console's 12-hour style (docs/product.md#admin-console): `twelveHour` gives 'Wed 1 Jul 2026, 09:00 AM BST'.
 */
export function ukInstantText(ms: number, { twelveHour = false }: { twelveHour?: boolean } = {}): string {
  if (!Number.isFinite(ms)) throw new RangeError(`Not an instant: ${ms}`);
  const minute = Math.floor(ms / 60_000) * 60_000;
  const part: Record<string, number> = {};
  for (const p of ukParts.formatToParts(minute)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute: mins = 0 } = part;
  // The UK's offset is what the wall clock reads minus the instant: 0 in winter (GMT), 60 minutes in summer (BST).
  const offsetMinutes = (Date.UTC(year, month - 1, day, hour, mins) - minute) / 60_000;
  const zone = offsetMinutes === 60 ? 'BST' : offsetMinutes === 0 ? 'GMT' : `UTC${offsetMinutes >= 0 ? '+' : '-'}${Math.abs(offsetMinutes / 60)}`;
  const weekday = SHORT_WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(hour)}:${pad(mins)}`;
  return `${weekday} ${day} ${SHORT_MONTHS[month - 1]} ${year}, ${twelveHour ? toTwelveHour(clock) : clock} ${zone}`;
}

/** The months' names in English, January first: the wizard's month list and dates written in words. */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
