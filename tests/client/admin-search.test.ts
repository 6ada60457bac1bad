// The console's URL (docs/product.md#admin-console): the search term and page read from the address by hand
// (the route files run in the main chunk), the list input built from them, and old ?tab= links.
import { describe, expect, it } from 'vitest';
import { legacyTabOf, listDepsOf, listInputOf, validatePageSearch, validateTermSearch } from '../../src-client/features/admin/search';

describe('validateTermSearch', () => {
  it('keeps a trimmed term and drops an empty one', () => {
    expect(validateTermSearch({ q: '  smith ' })).toEqual({ q: 'smith' });
    expect(validateTermSearch({ q: '   ' })).toEqual({});
    expect(validateTermSearch({})).toEqual({});
    expect(validateTermSearch({ q: { nested: 1 } })).toEqual({});
  });
  it('reads a hand-typed number or boolean as its text', () => {
    expect(validateTermSearch({ q: 123 })).toEqual({ q: '123' });
    expect(validateTermSearch({ q: true })).toEqual({ q: 'true' });
  });
  it('cuts a term to what the server accepts', () => {
    expect(validateTermSearch({ q: 'x'.repeat(150) }).q).toHaveLength(100);
  });
});

describe('validatePageSearch', () => {
  it('keeps whole pages from 2 up; page 1 is the bare URL', () => {
    expect(validatePageSearch({ page: 2 })).toEqual({ page: 2 });
    expect(validatePageSearch({ page: '3' })).toEqual({ page: 3 });
    for (const page of [1, 0, -2, 1.5, 'x', null, 1e9]) expect(validatePageSearch({ page })).toEqual({});
  });
});

describe('listInputOf', () => {
  it('asks for 10 rows from the page start', () => {
    expect(listInputOf(listDepsOf({}))).toEqual({ limit: 10, offset: 0, search: '' });
    expect(listInputOf(listDepsOf({ page: 3, q: 'ab' }))).toEqual({ limit: 10, offset: 20, search: 'ab' });
  });
});

describe('legacyTabOf', () => {
  it('maps ?tab= of a list to its route, keeping page and term', () => {
    expect(legacyTabOf({ tab: 'users', page: 2, q: 'zz' })).toEqual({ tab: 'users', search: { page: 2, q: 'zz' } });
    expect(legacyTabOf({ tab: 'callbacks' })).toEqual({ tab: 'callbacks', search: {} });
  });
  it('ignores the overview, unknown tabs and no tab', () => {
    for (const tab of ['overview', 'nope', 3, undefined]) expect(legacyTabOf({ tab })).toBeNull();
  });
});
