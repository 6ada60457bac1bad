// One time style per audience (docs/product.md#admin-console): the console writes every time in its forms' 12-hour
// style, in UK time across both clock changes; what customers read keeps 24-hour time.
import { describe, expect, it } from 'vitest';
import { ukInstantText } from '@server/contract/time';
import { formatInstant, formatTimestamp, inConsoleTime } from '../../src-client/features/admin/format';

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

  it('turn the 24-hour times the server wrote (history values, audit entries, e-mail subjects) into the console style', () => {
    expect(inConsoleTime('3 Jul 2026 10:00')).toBe('3 Jul 2026, 10:00 AM');
    expect(inConsoleTime('end 2 Dec 2026 23:59 -> 9 Dec 2026 00:30; status active -> cancelled')).toBe('end 2 Dec 2026, 11:59 PM -> 9 Dec 2026, 12:30 AM; status active -> cancelled');
    // An instant written for customers reads as the console's own instants do.
    const sent = `Quote request KQ-7: quote sent, £84.00 valid until ${ukInstantText(Date.UTC(2026, 6, 10, 12, 0))}`;
    expect(inConsoleTime(sent)).toBe(`Quote request KQ-7: quote sent, £84.00 valid until ${formatInstant(Date.UTC(2026, 6, 10, 12, 0))}`);
    expect(inConsoleTime('Kerbside Cover: your cover ends Tue 1 Dec 2026, 23:59 GMT (KC-00000001)')).toBe('Kerbside Cover: your cover ends Tue 1 Dec 2026, 11:59 PM GMT (KC-00000001)');
  });

  it('leave times already 12-hour, and times that follow no date, as they are', () => {
    expect(inConsoleTime('3 Jul 2026, 10:00 AM')).toBe('3 Jul 2026, 10:00 AM');
    expect(inConsoleTime('Fri 10 Jul 2026, 09:00 AM BST')).toBe('Fri 10 Jul 2026, 09:00 AM BST');
    expect(inConsoleTime('vehicle: Ford 10:00 Special -> Kia')).toBe('vehicle: Ford 10:00 Special -> Kia');
    expect(inConsoleTime('Login failed: owner')).toBe('Login failed: owner');
  });

  it('keep a value that is not an instant as it came', () => {
    expect(formatTimestamp('not a time')).toBe('not a time');
  });
});
