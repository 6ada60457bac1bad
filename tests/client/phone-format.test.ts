// Phone numbers as staff see them (docs/product.md#staff-queues): grouped as read aloud, whatever spacing was stored.
import { describe, expect, it } from 'vitest';
import { formatUkPhone } from '@server/contract/phone';

describe('formatUkPhone', () => {
  it.each([
    ['07700900456', '07700 900456'],
    ['07700 900456', '07700 900456'],
    ['020 79460018', '020 7946 0018'],
    ['02079460018', '020 7946 0018'],
    ['01134960000', '0113 496 0000'],
    ['01314960000', '0131 496 0000'],
    ['01632960000', '01632 960000'],
    ['03001234567', '0300 123 4567'],
    ['08001234567', '0800 123 4567'],
    ['0800123456', '0800 123456'],
    ['0169772345', '01697 72345'],
    ['(020) 7946-0018', '020 7946 0018'],
  ])('%s reads as %s', (stored, shown) => {
    expect(formatUkPhone(stored)).toBe(shown);
  });

  it('leaves what is not a UK national number as it was given', () => {
    expect(formatUkPhone('+33 1 23 45 67 89')).toBe('+33 1 23 45 67 89');
    expect(formatUkPhone('12345')).toBe('12345');
    expect(formatUkPhone('')).toBe('');
  });
});
