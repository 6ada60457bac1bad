// Where /login may send someone after signing in (docs/product.md#login): a path on this site only.
import { describe, expect, it } from 'vitest';
import { returnPathOf, validateLoginSearch } from '../../src-client/lib/return-path';

describe('returnPathOf', () => {
  it.each(['/dashboard', '/request-quote-step1?renew=KC-000123', '/faq#claims'])('takes a path of this site: %s', (path) => {
    expect(returnPathOf(path)).toBe(path);
  });

  it.each([
    ['another site, scheme-relative', '//evil.example/x'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'dashboard'],
    ['a tab inside the host', '/\t/evil.example'],
    ['a newline', '/faq\n'],
    ['nothing', ''],
    ['too long', `/${'a'.repeat(400)}`],
  ])('refuses %s', (_, value) => {
    expect(returnPathOf(value)).toBeUndefined();
  });

  it('refuses what is not text', () => {
    expect(returnPathOf(['/dashboard'])).toBeUndefined();
    expect(returnPathOf(undefined)).toBeUndefined();
  });

  it("/login's search keeps only a safe next", () => {
    expect(validateLoginSearch({ next: '/claims', other: 'x' })).toEqual({ next: '/claims' });
    // Named and undefined, so the router's raw value underneath is overwritten.
    const refused = validateLoginSearch({ next: '//evil.example' });
    expect('next' in refused && refused.next === undefined).toBe(true);
  });
});
