// England and Wales bank holidays, when the office is shut (docs/product.md#opening-hours): from the maintained
// date-holidays package, on the server only (its data is too large for the browser's bundle).
import Holidays from 'date-holidays';
import type { HolidayCalendar } from '../contract/opening-hours';

const england = new Holidays('GB', 'ENG');

/** Each year's bank holidays as UK dates, worked out once per year asked about. */
const byYear = new Map<number, ReadonlySet<string>>();

function bankHolidaysOf(year: number): ReadonlySet<string> {
  let dates = byYear.get(year);
  if (!dates) {
    // 'public' are the bank holidays (substitute days included); 'observance' (Mother's Day and the like) is not a day off.
    dates = new Set(england.getHolidays(year).filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)));
    byYear.set(year, dates);
  }
  return dates;
}

/** England and Wales bank holidays, as the opening-hours rules take them. */
export const bankHolidays: HolidayCalendar = (ukDate) => bankHolidaysOf(Number(ukDate.slice(0, 4))).has(ukDate);
