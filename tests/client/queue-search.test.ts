// A queue's status and "cover starts within" filters in the URL (docs/product.md#staff-queues): a known filter is kept beside the page, and
// anything else (a typo, a number, an old link) is no filter rather than an error page.
import { describe, expect, it } from 'vitest';
import { validateClaimSearch, validateQueueSearch } from '../../src-client/features/admin/search';

describe('validateQueueSearch', () => {
  it.each(['open', 'overdue', 'new', 'contacted', 'quoted', 'closed'] as const)('keeps ?status=%s', (status) => {
    expect(validateQueueSearch({ status })).toEqual({ status });
    expect(validateQueueSearch({ status, page: '3' })).toEqual({ status, page: 3 });
  });

  it.each([['archived'], ['OPEN'], [''], [3], [null], [['new']]])('drops ?status=%j', (status) => {
    expect(validateQueueSearch({ status, page: 2 })).toEqual({ page: 2 });
  });

  it.each([2, 6, 24, 48, 168, '24'])('keeps ?startsWithin=%j, the "cover starts within" choice, as hours', (startsWithin) => {
    expect(validateQueueSearch({ startsWithin, status: 'open' })).toEqual({ startsWithin: Number(startsWithin), status: 'open' });
  });

  it.each([0, -2, 5, 1.5, 'soon', '', null])('drops ?startsWithin=%j (not a choice the list offers)', (startsWithin) => {
    expect(validateQueueSearch({ startsWithin })).toEqual({});
  });
});

describe('validateClaimSearch', () => {
  it.each(['open', 'overdue', 'new', 'contacted', 'passed-to-insurer', 'closed'] as const)('keeps ?status=%s', (status) => {
    expect(validateClaimSearch({ status, page: '2' })).toEqual({ status, page: 2 });
  });

  it.each([['quoted'], ['archived'], [''], [3]])('drops ?status=%j (not a claim filter)', (status) => {
    expect(validateClaimSearch({ status })).toEqual({});
  });
});
