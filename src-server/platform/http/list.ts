import type { Context } from 'hono';
import type { Page } from '../../contract/views';

/**
 * A REST list answer (docs/api.md#lists, docs/product.md#statistics-and-search): the total in X-Total-Count (and
 * X-Total-Is-Lower-Bound), the body the page's items or what `body` makes of the page.
 */
export function listResponse<T, P extends Page<T> = Page<T>, B = T[]>(c: Context, page: P, body?: (page: P) => B): Response {
  c.header('X-Total-Count', String(page.total));
  if ('totalIsLowerBound' in page) c.header('X-Total-Is-Lower-Bound', String(page.totalIsLowerBound));
  return c.json(body ? body(page) : page.items);
}
