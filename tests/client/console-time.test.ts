// One time style per audience (docs/product.md#admin-console): the console writes every time in its forms' 12-hour
// style, in UK time across both clock changes; what customers read keeps 24-hour time.
import { describe, expect, it } from 'vitest';
import { ukInstantText } from '@server/contract/time';
import { formatInstant, formatTimestamp } from '../../src-client/features/admin/format';

describe('the console’s times', () => {
  it('are 12-hour in UK time, summer (BST) and winter (GMT)', () => {
    expect(formatTimestamp('2026-07-01T12:05:30.000Z')).toBe('1 Jul 2026, 01:05 PM');
    expect(formatTimestamp('2026-12-01T00:30:00.000Z')).toBe('1 Dec 2026, 12:30 AM');
    expect(formatInstant(Date.UTC(2026, 6, 10, 8, 0))).toBe('Fri 10 Jul 2026, 09:00 AM BST');
    expect(formatInstant(Date.UTC(2026, 11, 1, 23, 59))).toBe('Tue 1 Dec 2026, 11:59 PM GMT');
  });

  it('name the clock in the repeated hour of October', () => {
    expect(formatInstant(Date.UTC(2026, 9, 25, 0, 30))).toBe('Sun 25 Oct 2026, 01:30 AM BST');
    expect(formatInstant(Date.UTC(2026, 9, 25, 1, 30))).toBe('Sun 25 Oct 2026, 01:30 AM GMT');
  });

  it('leave what customers read in 24-hour time', () => {
    expect(ukInstantText(Date.UTC(2026, 6, 10, 12, 0))).toBe('Fri 10 Jul 2026, 13:00 BST');
  });

  it('keep a value that is not an instant as it came', () => {
    expect(formatTimestamp('not a time')).toBe('not a time');
  });
});
