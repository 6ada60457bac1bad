// @vitest-environment jsdom
// A list's count and pager when the server counted only so far (a log search's totalIsLowerBound, docs/api.md#lists,
// docs/product.md#statistics-and-search): '1,000+', 'Page X of Y+' with Next still available, and no move to a
// 'last page' that is not known; the logs tab showing them. An exact total keeps 'Page X of Y' and its last page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type * as ReactRouter from '@tanstack/react-router';
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogPage } from '@server/contract/views';
import { Pager, totalText, useLastPageWithin } from '../../src-client/features/admin/table-section';

/** The logs tab's URL (?q=login&page=3) and its list's answer, stood in for the router and the tRPC client. */
const state = vi.hoisted(() => ({ page: undefined as unknown, navigate: vi.fn() }));
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactRouter>()),
  getRouteApi: () => ({ useSearch: () => ({ q: 'login', page: 3 }) }),
  useNavigate: () => state.navigate,
}));
vi.mock('../../src-client/features/admin/queries', () => ({
  logsQuery: (deps: unknown) => ({ queryKey: ['logs', deps], queryFn: () => state.page }),
}));
const { LogsTab } = await import('../../src-client/features/admin/logs-tab');

afterEach(cleanup);

const entry = (id: number) => ({ id, action: `Login failed ${id}`, level: 'warning' as const, username: 'sam', timestamp: '2026-07-01T12:00:00.000Z', count: 1, lastTimestamp: '2026-07-01T12:00:00.000Z' });

async function renderLogs(page: LogPage) {
  state.page = page;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LogsTab />
    </QueryClientProvider>,
  );
  await screen.findByText('Login failed 1');
}

describe('LogsTab', () => {
  it('a lower-bound total reads 1,000+ total entries, page 3 of 100+, Next available', async () => {
    await renderLogs({ items: [entry(1)], total: 1000, totalIsLowerBound: true });
    expect(screen.getByText('1,000+ total entries')).toBeTruthy();
    expect(screen.getByText('Page 3 of 100+')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
    expect(state.navigate).not.toHaveBeenCalled();
  });

  it('an exact total reads in full, Page X of Y', async () => {
    await renderLogs({ items: [entry(1)], total: 25, totalIsLowerBound: false });
    expect(screen.getByText('25 total entries')).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('totalText', () => {
  it('writes an exact total in full and a lower bound with a +', () => {
    expect(totalText(1234)).toBe('1,234');
    expect(totalText(1000, true)).toBe('1,000+');
    expect(totalText(7, false)).toBe('7');
  });
});

describe('Pager', () => {
  it('an exact total: Page X of Y, Next off on the last page', () => {
    render(<Pager page={3} total={30} onPage={() => {}} />);
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a lower bound: no made-up last page, and Next goes on past the pages the bound fills', async () => {
    const onPage = vi.fn();
    render(<Pager page={100} total={1000} totalIsLowerBound onPage={onPage} />);
    expect(screen.getByText('Page 100 of 100+')).toBeTruthy();
    expect(screen.queryByText('Page 100 of 100')).toBeNull();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    await userEvent.click(next);
    expect(onPage).toHaveBeenCalledWith(101);
  });

  it('a page past the bound reads as far as the server counted (the end of that page)', () => {
    render(<Pager page={150} total={1500} totalIsLowerBound onPage={() => {}} />);
    expect(screen.getByText('Page 150 of 150+')).toBeTruthy();
  });
});

describe('useLastPageWithin', () => {
  it('moves a page past an exact end back to the last page, never with a lower bound', () => {
    const onPage = vi.fn();
    renderHook(() => useLastPageWithin(120, 1000, onPage, true));
    expect(onPage).not.toHaveBeenCalled();
    renderHook(() => useLastPageWithin(120, 1000, onPage));
    expect(onPage).toHaveBeenCalledWith(100);
  });
});
