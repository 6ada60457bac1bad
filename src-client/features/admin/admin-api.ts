// Admin console calls (SPEC.md §7, DECISIONS.md "Admin console"): lists are searched and paged on the server.
// Users answer { users, total }; policies and logs answer arrays with their total in X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../src-server/features/stats/service';
import type { LogEntryView } from '../../../src-server/features/logs/service';
import type { PolicyView } from '../../../src-server/features/policies/service';
import type { UserView } from '../../../src-server/features/users/service';
import type { CallbackRequestView, QuoteRequestDetailView, QuoteRequestView } from '../../../src-server/features/requests/service';
import { ApiError, apiFetch } from '../../lib/api';

export const PAGE_SIZE = 10;
export const adminKey = ['admin'] as const;

export interface ListPage<T> {
  items: T[];
  total: number;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

async function getList<T>(path: string, page: number, search: string, key?: string): Promise<ListPage<T>> {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) });
  if (search) q.set('search', search);
  const res = await apiFetch(`${path}?${q.toString()}`);
  const body = await readJson(res);
  if (!res.ok) {
    const b = (body ?? {}) as { error?: string; details?: unknown };
    throw new ApiError(res.status, b.error ?? `Request failed (${res.status})`, b);
  }
  const items = (Array.isArray(body) ? body : key && body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : []) as T[];
  const header = Number(res.headers.get('X-Total-Count'));
  const total = Number.isFinite(header) && res.headers.has('X-Total-Count') ? header : Number((body as { total?: number } | undefined)?.total ?? items.length);
  return { items: Array.isArray(items) ? items : [], total };
}

const common = { retry: false, placeholderData: keepPreviousData, staleTime: 0 } as const;

export function useAdminStats() {
  return useQuery({ queryKey: [...adminKey, 'stats'], queryFn: () => apiJsonStats(), retry: false, staleTime: 0 });
}

async function apiJsonStats(): Promise<AdminStats> {
  const res = await apiFetch('/admin/stats');
  const body = await readJson(res);
  if (!res.ok) {
    const b = (body ?? {}) as { error?: string; details?: unknown };
    throw new ApiError(res.status, b.error ?? `Request failed (${res.status})`, b);
  }
  return body as AdminStats;
}

export function useAdminUsers(page: number, search: string) {
  return useQuery({ queryKey: [...adminKey, 'users', page, search], queryFn: () => getList<UserView>('/admin/users', page, search, 'users'), ...common });
}

export function useAdminPolicies(page: number, search: string) {
  return useQuery({ queryKey: [...adminKey, 'policies', page, search], queryFn: () => getList<PolicyView>('/admin/policies', page, search, 'policies'), ...common });
}

export function useAdminLogs(page: number, search: string) {
  return useQuery({ queryKey: [...adminKey, 'logs', page, search], queryFn: () => getList<LogEntryView>('/admin/logs', page, search, 'logs'), ...common });
}

export type QueueKind = 'quotes' | 'callbacks';

export function useAdminQuotes(page: number, search: string) {
  return useQuery({ queryKey: [...adminKey, 'quotes', page, search], queryFn: () => getList<QuoteRequestView>('/admin/quotes', page, search), ...common });
}

export function useAdminCallbacks(page: number, search: string) {
  return useQuery({ queryKey: [...adminKey, 'callbacks', page, search], queryFn: () => getList<CallbackRequestView>('/admin/callbacks', page, search), ...common });
}

export type QueueItem = { kind: 'quotes'; item: QuoteRequestDetailView } | { kind: 'callbacks'; item: CallbackRequestView };

/** One quote or callback request, opened from its queue. */
export function useQueueItem(kind: QueueKind, id: number) {
  return useQuery({
    queryKey: [...adminKey, kind, 'item', id],
    retry: false,
    staleTime: 0,
    queryFn: async (): Promise<QueueItem> => {
      const res = await apiFetch(`/admin/${kind}/${id}`);
      const body = await readJson(res);
      if (!res.ok) {
        const b = (body ?? {}) as { error?: string; details?: unknown };
        throw new ApiError(res.status, b.error ?? `Request failed (${res.status})`, b);
      }
      return kind === 'quotes' ? { kind, item: body as QuoteRequestDetailView } : { kind, item: body as CallbackRequestView };
    },
  });
}

/** The first 100 users, for the policy form's owner select. */
export function useUserChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...adminKey, 'user-choices'],
    enabled,
    retry: false,
    queryFn: async () => {
      const res = await apiFetch('/admin/users?limit=100&offset=0');
      const body = (await readJson(res)) as { users?: UserView[] } | UserView[] | undefined;
      if (!res.ok) throw new ApiError(res.status, 'Could not load users');
      return Array.isArray(body) ? body : (body?.users ?? []);
    },
  });
}

/** A change (create, update, delete); throws ApiError with the server's error and details. */
export async function adminChange(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<unknown> {
  const res = await apiFetch(path, { method, body });
  const parsed = await readJson(res);
  if (!res.ok) {
    const b = (parsed ?? {}) as { error?: string; message?: string; details?: unknown };
    throw new ApiError(res.status, b.error ?? b.message ?? `Request failed (${res.status})`, b);
  }
  return parsed;
}

/** GET /api/admin/report.csv with the bearer token, saved as a file. */
export async function downloadReport(): Promise<void> {
  const res = await apiFetch('/admin/report.csv');
  if (!res.ok) {
    const b = ((await readJson(res)) ?? {}) as { error?: string; details?: unknown };
    throw new ApiError(res.status, b.error ?? `Request failed (${res.status})`, b);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `kerbside-report-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** SPEC.md §8: the server's error field, else the exception message, else the fallback. */
export function failureParts(err: unknown): { message: string; details?: string } {
  if (err instanceof ApiError) {
    const details = err.body.details;
    return {
      message: err.body.error ?? err.message ?? 'An unexpected error occurred',
      ...(details !== undefined ? { details: typeof details === 'string' ? details : JSON.stringify(details) } : {}),
    };
  }
  if (err instanceof Error && err.message) return { message: err.message };
  return { message: 'An unexpected error occurred' };
}
