// The office's opening hours (docs/product.md#opening-hours): Mon-Fri 08:00-20:00, Sat 09:00-17:00 UK time, closed
// Sundays and England and Wales bank holidays; and how a due time is moved into them (docs/product.md#staff-queues).
import { describe, expect, it } from 'vitest';
import { brand } from '../../src-server/contract/brand';
import { isOpenAt, moveIntoOpeningHours, nextOpening, noHolidays, officeHoursFullText, officeHoursText } from '../../src-server/contract/opening-hours';
import { callbackDueAt, quoteDueAt } from '../../src-server/contract/queues';
import { ukLocalToEpoch } from '../../src-server/contract/time';
import { bankHolidays } from '../../src-server/platform/bank-holidays';

const uk = (date: string, time: string) => ukLocalToEpoch(date, time);
const HOUR = 3_600_000;

describe('bank holidays', () => {
  it('knows the coming year: Christmas 2026 with its substitute Boxing Day, and 2027 Easter', () => {
    for (const d of ['2026-12-25', '2026-12-26', '2026-12-28', '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-08-30', '2027-12-27', '2027-12-28']) {
      expect(bankHolidays(d), d).toBe(true);
    }
    // An ordinary weekday, and Mother's Day (an observance, not a day off).
    expect(bankHolidays('2026-12-29')).toBe(false);
    expect(bankHolidays('2027-03-07')).toBe(false);
  });
});

describe('isOpenAt', () => {
  it.each([
    ['2026-07-06', '07:59', false],
    ['2026-07-06', '08:00', true],
    ['2026-07-06', '19:59', true],
    ['2026-07-06', '20:00', false],
    ['2026-07-04', '08:59', false],
    ['2026-07-04', '09:00', true],
    ['2026-07-04', '16:59', true],
    ['2026-07-04', '17:00', false],
    ['2026-07-05', '12:00', false],
    ['2026-07-05', '03:00', false],
    // Winter (GMT) reads the same wall clock.
    ['2026-12-07', '08:00', true],
    ['2026-12-07', '07:59', false],
    // A bank holiday Monday.
    ['2026-08-31', '10:00', false],
  ] as const)('%s %s UK time: open %s', (date, time, open) => {
    expect(isOpenAt(uk(date, time), bankHolidays)).toBe(open);
  });

  it('opens on a bank holiday only for a calendar that does not know it (the browser): the server refuses it', () => {
    expect(isOpenAt(uk('2026-08-31', '10:00'), noHolidays)).toBe(true);
  });
});

describe('nextOpening', () => {
  it('keeps an open instant and moves a closed one to the next opening', () => {
    expect(nextOpening(uk('2026-07-06', '10:00'), bankHolidays)).toBe(uk('2026-07-06', '10:00'));
    expect(nextOpening(uk('2026-07-05', '03:00'), bankHolidays)).toBe(uk('2026-07-06', '08:00'));
    expect(nextOpening(uk('2026-07-06', '20:00'), bankHolidays)).toBe(uk('2026-07-07', '08:00'));
    expect(nextOpening(uk('2026-07-03', '21:00'), bankHolidays)).toBe(uk('2026-07-04', '09:00'));
  });

  it('skips Christmas, Boxing Day, the Sunday and the substitute day', () => {
    expect(nextOpening(uk('2026-12-24', '21:00'), bankHolidays)).toBe(uk('2026-12-29', '08:00'));
  });
});

describe('moving a due time into opening hours', () => {
  it('to the last closing before it when that is after the request came in, else to the next opening', () => {
    // Friday 21:00 + 24 h falls on Saturday evening: due when Saturday closes.
    expect(moveIntoOpeningHours(uk('2026-07-04', '21:00'), uk('2026-07-03', '21:00'), bankHolidays)).toBe(uk('2026-07-04', '17:00'));
    // Saturday 18:00 + 24 h falls on Sunday: the office has not opened since, so Monday's opening.
    expect(moveIntoOpeningHours(uk('2026-07-05', '18:00'), uk('2026-07-04', '18:00'), bankHolidays)).toBe(uk('2026-07-06', '08:00'));
    // A target before the request came in counts from then: due now when open.
    expect(moveIntoOpeningHours(uk('2026-07-06', '09:00'), uk('2026-07-06', '10:00'), bankHolidays)).toBe(uk('2026-07-06', '10:00'));
  });

  it('a quote request: the earlier of 24 h and an hour before its cover starts', () => {
    const received = uk('2026-07-01', '13:00');
    expect(quoteDueAt(received, uk('2026-07-01', '16:00'), bankHolidays)).toBe(uk('2026-07-01', '15:00'));
    expect(quoteDueAt(received, uk('2026-07-08', '09:00'), bankHolidays)).toBe(received + 24 * HOUR);
    expect(quoteDueAt(received, null, bankHolidays)).toBe(received + 24 * HOUR);
    // Cover from 07:00 next morning: an hour before is 06:00, closed; due when the office closes tonight.
    expect(quoteDueAt(received, uk('2026-07-02', '07:00'), bankHolidays)).toBe(uk('2026-07-01', '20:00'));
  });

  it('a callback: at its preferred time, else 24 h moved into opening hours', () => {
    const received = uk('2026-07-04', '18:00');
    expect(callbackDueAt(received, uk('2026-07-06', '10:30'), bankHolidays)).toBe(uk('2026-07-06', '10:30'));
    expect(callbackDueAt(received, null, bankHolidays)).toBe(uk('2026-07-06', '08:00'));
  });
});

describe('the hours text', () => {
  it('is the brand\'s wording, built from the hours; the refusal names it', () => {
    expect(brand.openingHours).toBe(`${officeHoursText}; claims line 24 hours a day, 7 days a week`);
    expect(officeHoursText).toBe('Monday to Friday 8am to 8pm, Saturday 9am to 5pm');
    expect(officeHoursFullText).toBe('Monday to Friday 8am to 8pm, Saturday 9am to 5pm UK time; closed Sundays and bank holidays');
  });
});
