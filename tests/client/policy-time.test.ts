// The dashboard's policy clock (docs/product.md#dashboard, #time: UK local time, GMT in winter and BST in
// summer, never a fixed UTC+1): state, countdown and progress at each boundary, across both clock changes.
import { describe, expect, it } from 'vitest';
import {
  countdown,
  countdownSummary,
  formatDuration,
  formatDurationLong,
  formatUkDateTime,
  formatUkShortDateTime,
  policyState,
  policyWindow,
  progressPercent,
} from '../../src-client/features/policies/policy-time';

const at = (iso: string) => Date.parse(iso);

// Summer: 1 Jul 2026 09:00 BST (08:00Z) to 3 Jul 2026 09:00 BST (08:00Z), 48 hours.
const summer = { status: 'active' as const, startDate: '2026-07-01', startTime: '09:00', endDate: '2026-07-03', endTime: '09:00' };
const START = at('2026-07-01T08:00:00Z');
const END = at('2026-07-03T08:00:00Z');

describe('policyWindow', () => {
  it('reads the dates as UK local time: BST in summer, GMT in winter', () => {
    expect(policyWindow(summer)).toEqual({ startAt: START, endAt: END });
    expect(policyWindow({ startDate: '2026-07-01', startTime: '00:00', endDate: '2026-07-01', endTime: '23:59' }).endAt).toBe(at('2026-07-01T22:59:00Z'));
    expect(policyWindow({ startDate: '2026-12-01', startTime: '00:00', endDate: '2026-12-01', endTime: '23:59' }).endAt).toBe(at('2026-12-01T23:59:00Z'));
  });

  it('accepts the admin form’s 12-hour times', () => {
    expect(policyWindow({ startDate: '2026-07-01', startTime: '09:00 AM', endDate: '2026-07-01', endTime: '11:59 PM' })).toEqual({
      startAt: at('2026-07-01T08:00:00Z'),
      endAt: at('2026-07-01T22:59:00Z'),
    });
  });

  it('refuses dates and times it cannot read rather than guess', () => {
    expect(() => policyWindow(summer)).not.toThrow();
    expect(() => policyWindow({ ...summer, endDate: '2026-02-30' })).toThrow(RangeError);
    expect(() => policyWindow({ ...summer, endTime: 'noon' })).toThrow(RangeError);
  });
});

describe('state, countdown and progress at the boundaries', () => {
  it('before the start: active, counting down to the start, 0%', () => {
    const now = START - 90 * 60_000;
    expect(policyState(summer, now)).toBe('active');
    expect(countdown(summer, now)).toEqual({ label: 'Policy starts in', remaining: 90 * 60_000 });
    expect(progressPercent(summer, now)).toBe(0);
  });

  it('exactly at the start: counting down to the end, still 0%', () => {
    expect(policyState(summer, START)).toBe('active');
    expect(countdown(summer, START)).toEqual({ label: 'Policy ends in', remaining: 48 * 3_600_000 });
    expect(progressPercent(summer, START)).toBe(0);
  });

  it('mid-way: 50%, a day to go', () => {
    const now = START + 24 * 3_600_000;
    expect(policyState(summer, now)).toBe('active');
    expect(countdown(summer, now)).toEqual({ label: 'Policy ends in', remaining: 24 * 3_600_000 });
    expect(progressPercent(summer, now)).toBe(50);
  });

  it('rounds progress to one decimal place', () => {
    // 1/3 of the way: 33.333...%
    expect(progressPercent(summer, START + 16 * 3_600_000)).toBe(33.3);
    expect(progressPercent(summer, START + 1)).toBe(0);
  });

  it('1 ms before the end: still active, 1 s shown, never 100% while running', () => {
    const now = END - 1;
    expect(policyState(summer, now)).toBe('active');
    expect(countdown(summer, now)).toEqual({ label: 'Policy ends in', remaining: 1 });
    expect(formatDuration(1)).toBe('00h 00m 01s');
    expect(progressPercent(summer, now)).toBe(99.9);
  });

  it('exactly at the end: expired, 100%', () => {
    expect(policyState(summer, END)).toBe('expired');
    expect(countdown(summer, END)).toEqual({ label: 'Expired', remaining: null });
    expect(progressPercent(summer, END)).toBe(100);
  });

  it('after the end: expired, 100%', () => {
    const now = END + 86_400_000;
    expect(policyState(summer, now)).toBe('expired');
    expect(countdown(summer, now)).toEqual({ label: 'Expired', remaining: null });
    expect(progressPercent(summer, now)).toBe(100);
  });
});

describe('the clock changes (Europe/London)', () => {
  it('spring forward, 29 Mar 2026: 01:30 UK does not exist; the end is 01:30Z (02:30 BST)', () => {
    const p = { status: 'active' as const, startDate: '2026-03-28', startTime: '20:00', endDate: '2026-03-29', endTime: '01:30' };
    const endAt = at('2026-03-29T01:30:00Z');
    expect(policyWindow(p)).toEqual({ startAt: at('2026-03-28T20:00:00Z'), endAt });
    expect(policyState(p, endAt - 1)).toBe('active');
    expect(policyState(p, endAt)).toBe('expired');
    // A fixed UTC+1 would have ended it at 00:30Z, an hour early.
    expect(policyState(p, at('2026-03-29T00:30:00Z'))).toBe('active');
    // 20:00Z to 01:30Z is 5 h 30 min of real time, though the wall clock moved 6 h 30 min.
    expect(countdown(p, at('2026-03-28T20:00:00Z'))).toEqual({ label: 'Policy ends in', remaining: 5.5 * 3_600_000 });
    expect(progressPercent(p, at('2026-03-28T22:45:00Z'))).toBe(50);
  });

  it('spring forward: a policy ending at 00:30 UK (still GMT) ends at 00:30Z', () => {
    const p = { status: 'active' as const, startDate: '2026-03-28', startTime: '20:00', endDate: '2026-03-29', endTime: '00:30' };
    expect(policyWindow(p).endAt).toBe(at('2026-03-29T00:30:00Z'));
  });

  it('fall back, 25 Oct 2026: 01:30 UK happens twice; the end is the later, GMT one (01:30Z)', () => {
    const p = { status: 'active' as const, startDate: '2026-10-24', startTime: '23:30', endDate: '2026-10-25', endTime: '01:30' };
    const startAt = at('2026-10-24T22:30:00Z'); // 23:30 BST
    const endAt = at('2026-10-25T01:30:00Z'); // 01:30 GMT
    expect(policyWindow(p)).toEqual({ startAt, endAt });
    // At 01:30 BST (00:30Z) the cover still has an hour to run.
    expect(policyState(p, at('2026-10-25T00:30:00Z'))).toBe('active');
    expect(countdown(p, at('2026-10-25T00:30:00Z'))).toEqual({ label: 'Policy ends in', remaining: 3_600_000 });
    expect(policyState(p, endAt)).toBe('expired');
    // 3 hours of real time for 2 hours on the wall clock.
    expect(progressPercent(p, at('2026-10-24T23:30:00Z'))).toBe(33.3);
  });

  it('fall back: a day-long policy on 25 Oct lasts 25 hours', () => {
    const p = { status: 'active' as const, startDate: '2026-10-25', startTime: '00:00', endDate: '2026-10-26', endTime: '00:00' };
    const { startAt, endAt } = policyWindow(p);
    expect(startAt).toBe(at('2026-10-24T23:00:00Z'));
    expect(endAt).toBe(at('2026-10-26T00:00:00Z'));
    expect(countdown(p, startAt).remaining).toBe(25 * 3_600_000);
  });

  it('a summer end of 23:59 is 22:59Z; a winter one is 23:59Z', () => {
    const summerEnd = { status: 'active' as const, startDate: '2026-08-01', startTime: '09:00', endDate: '2026-08-01', endTime: '23:59' };
    expect(policyState(summerEnd, at('2026-08-01T22:58:59.999Z'))).toBe('active');
    expect(policyState(summerEnd, at('2026-08-01T22:59:00Z'))).toBe('expired');
    const winterEnd = { status: 'active' as const, startDate: '2026-12-01', startTime: '09:00', endDate: '2026-12-01', endTime: '23:59' };
    expect(policyState(winterEnd, at('2026-12-01T23:58:59.999Z'))).toBe('active');
    expect(policyState(winterEnd, at('2026-12-01T23:59:00Z'))).toBe('expired');
  });
});

describe('the stored status wins over the dates', () => {
  const mid = at('2026-07-02T08:00:00Z');
  it('pending cover is not cover: on the Active tab, awaiting confirmation, no countdown, no progress', () => {
    const p = { ...summer, status: 'pending' as const };
    expect(policyState(p, mid)).toBe('active');
    expect(countdown(p, mid)).toEqual({ label: 'Awaiting confirmation', remaining: null });
    expect(countdownSummary(countdown(p, mid))).toBe('Awaiting confirmation');
    expect(progressPercent(p, START - 1)).toBe(0);
    // Never confirmed and past its end: it has ended all the same.
    expect(policyState(p, END)).toBe('expired');
  });

  it('cancelled or expired by staff moves to Expired at once, whatever its end date', () => {
    for (const status of ['cancelled', 'expired'] as const) {
      const p = { ...summer, status };
      expect(policyState(p, START - 86_400_000)).toBe('expired');
      expect(policyState(p, mid)).toBe('expired');
      expect(progressPercent(p, mid)).toBe(100);
      expect(countdown(p, mid)).toEqual({ label: status === 'cancelled' ? 'Cancelled' : 'Expired', remaining: null });
    }
  });
});

describe('formatting', () => {
  it('formatDuration: days when there are any, then zero-padded hours, minutes, seconds', () => {
    expect(formatDuration(((2 * 24 + 3) * 3600 + 15 * 60 + 20) * 1000)).toBe('2d 03h 15m 20s');
    expect(formatDuration((3 * 3600 + 5) * 1000)).toBe('03h 00m 05s');
    expect(formatDuration(59_001)).toBe('00h 01m 00s');
    expect(formatDuration(0)).toBe('00h 00m 00s');
  });

  it('formatDurationLong and the spoken summary', () => {
    const ms = ((2 * 24 + 3) * 3600 + 15 * 60 + 20) * 1000;
    expect(formatDurationLong(ms)).toBe('2 days, 3 hours, 15 minutes');
    expect(formatDurationLong(61_000)).toBe('1 minute');
    expect(formatDurationLong(59_999)).toBe('less than a minute');
    expect(formatDurationLong(86_400_000)).toBe('1 day');
    // A day or more: to the hour (so a screen reader hears it at most hourly).
    expect(countdownSummary({ label: 'Policy ends in', remaining: ms })).toBe('Policy ends in 2 days, 3 hours');
    expect(countdownSummary({ label: 'Policy starts in', remaining: (3 * 3600 + 15 * 60 + 20) * 1000 })).toBe('Policy starts in 3 hours, 15 minutes');
    expect(countdownSummary({ label: 'Expired', remaining: null })).toBe('Expired');
  });

  it('UK wording, GMT or BST named', () => {
    expect(formatUkDateTime(at('2026-07-01T22:59:00Z'))).toMatch(/1 Jul 2026, 23:59 BST$/);
    expect(formatUkDateTime(at('2026-12-01T23:59:00Z'))).toMatch(/1 Dec 2026, 23:59 GMT$/);
    expect(formatUkShortDateTime(at('2026-11-22T14:05:00Z'))).toBe('22 Nov 2026, 14:05');
    expect(formatUkShortDateTime(at('2026-07-22T14:05:00Z'))).toBe('22 Jul 2026, 15:05');
  });
});
