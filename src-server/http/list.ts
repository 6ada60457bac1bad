import type { Context } from 'hono';
import type { Page } from '../contract/views';

/**
 * A REST list answer: the total in X-Total-Count and, as the body, the page's items, or what `body` makes of
 * the page (GET /api/admin/users answers `{ users, total }`). See docs/product.md#statistics-and-search.
 */
export function listResponse<T, B = T[]>(c: Context, page: Page<T>, body?: (page: Page<T>) => B): Response {
  c.header('X-Total-Count', String(page.total));
  return c.json(body ? body(page) : page.items);
}
