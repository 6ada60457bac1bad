// When a claim is due (docs/product.md#staff-queues): someone hurt, within one hour of opening time; otherwise the
// same working day. Fixed instants in UK time (BST in summer, GMT in winter), with the real bank holidays.
import { describe, expect, it } from 'vitest';
import { claimDueAt } from '../../src-server/contract/queues';
import { ukLocalToEpoch } from '../../src-server/contract/time';
import { bankHolidays } from '../../src-server/platform/bank-holidays';

const uk = (date: string, time: string) => ukLocalToEpoch(date, time);
const due = (date: string, time: string, injuries: boolean) => new Date(claimDueAt(uk(date, time), injuries, bankHolidays)).toISOString();
const at = (date: string, time: string) => new Date(uk(date, time)).toISOString();

describe('a claim where someone is hurt', () => {
  it('is due an hour later on a weekday while the office is open', () => {
    // Wednesday 1 July 2026.
    expect(due('2026-07-01', '13:00', true)).toBe(at('2026-07-01', '14:00'));
  });

  it('carries what is left of the hour past closing into the next opening', () => {
    // Wednesday 19:30: half an hour before closing, half an hour after Thursday's opening.
    expect(due('2026-07-01', '19:30', true)).toBe(at('2026-07-02', '08:30'));
    // Saturday closes at 17:00 (20 minutes used), Sunday is shut: Monday 08:40.
    expect(due('2026-07-04', '16:40', true)).toBe(at('2026-07-06', '08:40'));
  });

  it('is due an hour after the next opening when the office is shut', () => {
    // Wednesday before opening.
    expect(due('2026-07-01', '06:15', true)).toBe(at('2026-07-01', '09:00'));
    // Saturday opens at 09:00.
    expect(due('2026-07-04', '07:00', true)).toBe(at('2026-07-04', '10:00'));
    // Sunday: Monday 09:00.
    expect(due('2026-07-05', '11:00', true)).toBe(at('2026-07-06', '09:00'));
    // The summer bank holiday, Monday 31 August 2026: Tuesday 09:00.
    expect(due('2026-08-31', '12:00', true)).toBe(at('2026-09-01', '09:00'));
  });

  it('ends exactly at closing when the hour fits the day to the minute', () => {
    expect(due('2026-07-01', '19:00', true)).toBe(at('2026-07-01', '20:00'));
  });
});

describe('a claim where nobody is hurt', () => {
  it('is due at closing the same working day while the office is open', () => {
    expect(due('2026-07-01', '13:00', false)).toBe(at('2026-07-01', '20:00'));
    expect(due('2026-07-04', '16:59', false)).toBe(at('2026-07-04', '17:00'));
  });

  it('is due at the next working day’s closing when the office is shut', () => {
    // Wednesday after closing: Thursday's closing.
    expect(due('2026-07-01', '21:00', false)).toBe(at('2026-07-02', '20:00'));
    // Before Wednesday opens: that day's closing.
    expect(due('2026-07-01', '07:00', false)).toBe(at('2026-07-01', '20:00'));
    // Saturday after closing and Sunday: Monday's closing.
    expect(due('2026-07-04', '17:00', false)).toBe(at('2026-07-06', '20:00'));
    expect(due('2026-07-05', '10:00', false)).toBe(at('2026-07-06', '20:00'));
    // Christmas 2026: Friday 25 and Monday 28 (Boxing Day's substitute) are shut, Saturday 26 is Boxing Day.
    expect(due('2026-12-25', '10:00', false)).toBe(at('2026-12-29', '20:00'));
  });
});
