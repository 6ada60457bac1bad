// Where to go after signing in (docs/product.md#login). Only a path on this origin ('/x', never '//host' or '/\host',
// which browsers read as another site), so a crafted link cannot send someone elsewhere after they typed their password.
const MAX_LENGTH = 300;

export function returnPathOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // No control characters (a tab or newline inside '/\t/host' is dropped by URL parsers).
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return undefined;
  }
  return value;
}

/**
 * /login's search parameters. `next` is always named, undefined when refused: TanStack Router lays the validated
 * values over the raw ones, so a key left out would keep the raw (unsafe) value.
 */
export function validateLoginSearch(search: Record<string, unknown>): { next?: string | undefined } {
  return { next: returnPathOf(search['next']) };
}
