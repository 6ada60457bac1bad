// The frame every list tab of the console shares (docs/product.md#admin-console): heading, table, pager, loading and error.
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, type ReactNode } from 'react';
import { ADMIN_PAGE_SIZE } from '@server/contract/limits';
import { Button } from '../../components/button';
import { ErrorBanner, loadFailure } from '../../components/notices';
import type { PageSearch, TermSearch } from './search';

/**
 * A row's actions never hide (docs/product.md#admin-console): from 1024 px the Actions column stays at the table's
 * right edge while wider columns scroll beneath it, so a long e-mail or name never pushes a button out of view. A
 * row sets its own background (white, or its state's tint) for the pinned cell to carry over what scrolls beneath.
 * Narrower, the table scrolls as a whole: a pinned column would cover most of a phone's width.
 */
const PINNED = 'lg:sticky lg:right-0 lg:shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.35)]';

/** The cell that holds a row's actions, always last in its row. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return <td className={`bg-inherit p-2 ${PINNED}`}>{children}</td>;
}

export function TableSection({ title, aside, columns, children, footer }: { title: string; aside: ReactNode; columns: readonly string[]; children: ReactNode; footer?: ReactNode }) {
  return (
    <div>
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-xl font-bold text-ink">{title}</h2>
        {aside}
      </div>
      {/* Relative: the containing block of the cells' screen-reader-only text (absolutely placed), which would
          otherwise sit out past the window and make the whole page scroll sideways. */}
      <div className="relative overflow-x-auto">
        <table className="w-full text-left">
          <thead>
            <tr className="border-b border-slate-300">
              {columns.map((c, i) => (
                <th key={c} scope="col" className={i === columns.length - 1 && c === 'Actions' ? `bg-white p-2 ${PINNED}` : 'p-2'}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {footer}
    </div>
  );
}

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));

/** A list's count: '1,234', or '200+' for a lower-bound total (docs/api.md#lists). */
export const totalText = (total: number, lowerBound = false) => `${total.toLocaleString('en-GB')}${lowerBound ? '+' : ''}`;

/** 'Page X of Y', or 'Page X of Y+' for a lower-bound total, whose Next stays: a match lies past this page. */
export function Pager({ page, total, totalIsLowerBound = false, onPage }: { page: number; total: number; totalIsLowerBound?: boolean; onPage: (page: number) => void }) {
  const pages = pagesOf(total);
  if (pages <= 1 && !totalIsLowerBound) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p aria-live="polite">
        {totalIsLowerBound ? `Page ${page} of ${totalText(pages, true)}` : `Page ${Math.min(page, pages)} of ${pages}`}
      </p>
      <Button variant="secondary" disabled={!totalIsLowerBound && page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** A page past the end (last row deleted, an old link) moves to the last page; a lower-bound total has none. */
export function useLastPageWithin(page: number, total: number | undefined, onPage: (page: number) => void, totalIsLowerBound = false): void {
  useEffect(() => {
    if (total === undefined || totalIsLowerBound) return;
    const last = pagesOf(total);
    if (page > last) onPage(last);
  }, [page, total, onPage, totalIsLowerBound]);
}

/**
 * A list tab's pager. The page number lives in the URL (?page=2), and moving page keeps the search term. Past 1,000
 * matches the server counts no further (docs/api.md#lists): the pager shows a lower bound ('of 100+').
 */
export function useListPager(page: number, data: { total: number; totalIsLowerBound?: boolean } | undefined): ReactNode {
  const navigate = useNavigate();
  const setPage = useCallback(
    (next: number) => void navigate({ to: '.', search: (prev: PageSearch & TermSearch) => ({ ...prev, page: next > 1 ? next : undefined }) }),
    [navigate],
  );
  const lowerBound = data?.totalIsLowerBound ?? false;
  useLastPageWithin(page, data?.total, setPage, lowerBound);
  return <Pager page={page} total={data?.total ?? 0} totalIsLowerBound={lowerBound} onPage={setPage} />;
}

/** A tab's list query: an error with Try again, the skeleton until its first answer, then the tab. */
export function ListQueryFrame({ query, children }: { query: UseQueryResult<unknown, unknown>; children: ReactNode }) {
  return (
    <>
      {query.isError ? <ErrorBanner failure={loadFailure(query.error)} onRetry={() => void query.refetch()} /> : null}
      {query.data !== undefined ? children : query.isError ? null : <ListSkeleton />}
    </>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-busy="true" className="animate-pulse space-y-3" data-testid="admin-list-skeleton">
      <span className="sr-only">Loading...</span>
      <div className="h-8 w-48 rounded bg-slate-200" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="h-10 rounded bg-slate-200" />
      ))}
    </div>
  );
}
