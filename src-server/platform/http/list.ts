import type { Context } from 'hono';
import type { Page } from '../../contract/views';

/**
 * A REST list answer: the total in X-Total-Count and, as the body, the page's items, or what `body` makes of
 * the page (GET /api/admin/users answers `{ users, total, totalIsLowerBound }`). See
 * docs/product.md#statistics-and-search. A page whose total may be a lower bound (a searched list:
 * docs/api.md#lists) says which in X-Total-Is-Lower-Bound.
 */
export function listResponse<T, P extends Page<T> = Page<T>, B = T[]>(c: Context, page: P, body?: (page: P) => B): Response {
  c.header('X-Total-Count', String(page.total));
  if ('totalIsLowerBound' in page) c.header('X-Total-Is-Lower-Bound', String(page.totalIsLowerBound));
  return c.json(body ? body(page) : page.items);
}
