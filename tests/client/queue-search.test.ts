// A queue's status filter in the URL (docs/product.md#staff-queues): a known filter is kept beside the page, and
// anything else (a typo, a number, an old link) is no filter rather than an error page.
import { describe, expect, it } from 'vitest';
import { validateQueueSearch } from '../../src-client/features/admin/search';

describe('validateQueueSearch', () => {
  it.each(['open', 'overdue', 'new', 'contacted', 'quoted', 'closed'] as const)('keeps ?status=%s', (status) => {
    expect(validateQueueSearch({ status })).toEqual({ status });
    expect(validateQueueSearch({ status, page: '3' })).toEqual({ status, page: 3 });
  });

  it.each([['archived'], ['OPEN'], [''], [3], [null], [['new']]])('drops ?status=%j', (status) => {
    expect(validateQueueSearch({ status, page: 2 })).toEqual({ page: 2 });
  });
});
