// The staff queues' "due in" / "overdue by" wording (docs/product.md#staff-queues): two largest units, rounded
// down, short for the table and spelt out for screen readers; overdue from the very minute the promise falls
// due; nothing for a closed request.
import { describe, expect, it } from 'vitest';
import { dueState, spanText } from '../../src-client/features/admin/due';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const due = (at: number) => ({ dueAt: new Date(at).toISOString(), status: 'new' as const });

describe('spanText', () => {
  it.each([
    [0, 'less than 1 min', 'less than a minute'],
    [59_999, 'less than 1 min', 'less than a minute'],
    [MIN, '1 min', '1 minute'],
    [59 * MIN + 59_000, '59 min', '59 minutes'],
    [HOUR, '1 h', '1 hour'],
    [3 * HOUR + 20 * MIN + 30_000, '3 h 20 min', '3 hours 20 minutes'],
    [23 * HOUR + 59 * MIN, '23 h 59 min', '23 hours 59 minutes'],
    [DAY, '1 d', '1 day'],
    [DAY + 2 * HOUR + 59 * MIN, '1 d 2 h', '1 day 2 hours'],
    [12 * DAY + HOUR, '12 d 1 h', '12 days 1 hour'],
  ])('%i ms is %s', (ms, text, spoken) => {
    expect(spanText(ms)).toEqual({ text, spoken });
    expect(spanText(-ms)).toEqual({ text, spoken });
  });
});

describe('dueState', () => {
  const now = Date.UTC(2026, 6, 1, 12, 0);

  it('says how long is left until the promise falls due', () => {
    expect(dueState(due(now + 3 * HOUR + 20 * MIN), now, 'quotes')).toEqual({ overdue: false, answered: false, text: 'Due in 3 h 20 min', spoken: 'Due in 3 hours 20 minutes' });
    expect(dueState(due(now + 30_000), now, 'callbacks')).toEqual({ overdue: false, answered: false, text: 'Due in less than 1 min', spoken: 'Due in less than a minute' });
  });

  it('is overdue from the moment it falls due, and says by how much', () => {
    expect(dueState(due(now), now, 'quotes')).toEqual({ overdue: true, answered: false, text: 'Overdue by less than 1 min', spoken: 'Overdue by less than a minute' });
    expect(dueState(due(now - DAY - 2 * HOUR), now, 'callbacks')).toEqual({ overdue: true, answered: false, text: 'Overdue by 1 d 2 h', spoken: 'Overdue by 1 day 2 hours' });
  });

  it('owes nothing on a closed request, whatever its due time', () => {
    expect(dueState({ ...due(now - DAY), status: 'closed' }, now, 'quotes')).toBeNull();
  });

  it('is owed a quote until one is sent, a call until it is made; answered, nothing is due', () => {
    const late = (status: 'new' | 'contacted' | 'quoted') => ({ ...due(now - DAY), status });
    expect(dueState(late('contacted'), now, 'quotes')?.overdue).toBe(true);
    expect(dueState(late('quoted'), now, 'quotes')).toEqual({ overdue: false, answered: true, text: 'Quote sent', spoken: 'Quote sent' });
    expect(dueState(late('new'), now, 'callbacks')?.overdue).toBe(true);
    expect(dueState(late('contacted'), now, 'callbacks')).toEqual({ overdue: false, answered: true, text: 'Called', spoken: 'Called' });
    expect(dueState(late('quoted'), now, 'callbacks')?.answered).toBe(true);
  });

  it('owes a claim its first contact while it is new; contacted or with the insurer, nothing is due', () => {
    const late = (status: 'new' | 'contacted' | 'passed-to-insurer' | 'closed') => ({ ...due(now - HOUR), status });
    expect(dueState(late('new'), now, 'claims')).toEqual({ overdue: true, answered: false, text: 'Overdue by 1 h', spoken: 'Overdue by 1 hour' });
    expect(dueState(late('contacted'), now, 'claims')).toEqual({ overdue: false, answered: true, text: 'Contacted', spoken: 'Contacted' });
    expect(dueState(late('passed-to-insurer'), now, 'claims')?.answered).toBe(true);
    expect(dueState(late('closed'), now, 'claims')).toBeNull();
  });
});

describe('a quoted request: the time left on its price', () => {
  const now = Date.UTC(2026, 6, 1, 12, 0);
  const quoted = (validUntil: number, acceptance: unknown = null) => ({ dueAt: new Date(validUntil - 2 * HOUR).toISOString(), status: 'quoted' as const, offer: { validUntil: new Date(validUntil).toISOString(), acceptance } });

  it('says how long the price stands, marked once it lapses within two hours, and lapsed after', () => {
    expect(dueState(quoted(now + 5 * HOUR + 20 * MIN), now, 'quotes')).toEqual({ overdue: false, answered: false, text: 'Price valid 5 h 20 min', spoken: 'Price valid for 5 hours 20 minutes' });
    expect(dueState(quoted(now + 2 * HOUR), now, 'quotes')?.overdue).toBe(true);
    expect(dueState(quoted(now + 2 * HOUR + MIN), now, 'quotes')?.overdue).toBe(false);
    expect(dueState(quoted(now), now, 'quotes')).toEqual({ overdue: true, answered: false, text: 'Lapsed', spoken: 'Price lapsed' });
  });

  it('is answered once the customer took the price', () => {
    expect(dueState(quoted(now - HOUR, { at: new Date(now - 2 * HOUR).toISOString(), via: 'phone', by: 'adam' }), now, 'quotes')).toEqual({ overdue: false, answered: true, text: 'Price accepted', spoken: 'Price accepted' });
  });
});
