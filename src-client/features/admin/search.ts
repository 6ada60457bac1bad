// The /admin URL search params (tab and page), checked without a schema library: this runs in the main chunk.
export const ADMIN_TABS = ['overview', 'users', 'policies', 'logs', 'quotes', 'callbacks'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export interface AdminSearch {
  tab?: AdminTab;
  page?: number;
}

export function validateAdminSearch(raw: Record<string, unknown>): AdminSearch {
  const out: AdminSearch = {};
  const tab = raw['tab'];
  if (typeof tab === 'string' && tab !== 'overview' && (ADMIN_TABS as readonly string[]).includes(tab)) out.tab = tab as AdminTab;
  const page = Number(raw['page']);
  if (Number.isInteger(page) && page > 1 && page < 1_000_000) out.page = page;
  return out;
}
