// The audit log's searched total (docs/api.md#lists, docs/product.md#statistics-and-search): exact up to
// LOG_SEARCH_EXACT_TOTAL matches, past it the bound with totalIsLowerBound (REST: X-Total-Is-Lower-Bound), for a
// 3+ character term (the trigram index) and a 1-2 character one (LIKE) alike; paging past the bound moves the bound
// to the page's end. Unsearched and level totals are counters, always exact. (Users and policies: the same rule at
// ADMIN_SEARCH_EXACT_TOTAL, admin-search-total.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_SEARCH_EXACT_TOTAL } from '../../src-server/contract/limits';
import type { LogEntryView } from '../../src-server/contract/views';
import type { Caller } from '../../src-server/deps';
import { listLogs } from '../../src-server/modules/reporting/logs/service';
import { createHarness, json, type Harness } from './harness';

let h: Harness;
let token: string;
const ADMIN: Caller = { id: 0, username: 'auditor', isAdmin: true, isOwner: false, jti: 'test', exp: 0 };

/** `n` entries 'action 1'..'action n' written in one statement (the triggers keep the index and counters). */
async function bulkEntries(n: number, action: string, level = 'info'): Promise<void> {
  await h.database.client.execute({
    sql: `with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ?)
      insert into audit_logs(action, level, username, created_at) select ? || ' ' || i, ?, 'bulk', ? from seq`,
    args: [n, action, level, h.clock.now()],
  });
}

async function restSearch(term: string, query = '') {
  const res = await h.request('GET', `/api/admin/logs?search=${encodeURIComponent(term)}${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return { items: await json<LogEntryView[]>(res), total: res.headers.get('x-total-count'), lowerBound: res.headers.get('x-total-is-lower-bound') };
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'auditor', isAdmin: true });
  token = await h.tokenFor('auditor');
  await bulkEntries(LOG_SEARCH_EXACT_TOTAL + 5, 'Broadmatch entry');
  await bulkEntries(LOG_SEARCH_EXACT_TOTAL, 'Exactly bound entry');
  await bulkEntries(7, 'Narrowmatch entry', 'warning');
});
afterAll(() => h.close());

describe('the log search total at the real bound', () => {
  it('past the bound: the bound, flagged, at both doors; the page itself is the newest matches', async () => {
    const rest = await restSearch('broadMATCH', '&limit=3');
    expect(rest.total).toBe(String(LOG_SEARCH_EXACT_TOTAL));
    expect(rest.lowerBound).toBe('true');
    expect(rest.items.map((e) => e.action)).toEqual([0, 1, 2].map((i) => `Broadmatch entry ${LOG_SEARCH_EXACT_TOTAL + 5 - i}`));

    const trpc = await h.trpc(token).admin.logs.list({ limit: 3, offset: 0, search: 'broadmatch' });
    expect(trpc.total).toBe(LOG_SEARCH_EXACT_TOTAL);
    expect(trpc.totalIsLowerBound).toBe(true);
    expect(trpc.items).toHaveLength(3);
  });

  it('exactly at the bound and below it: exact, not flagged', async () => {
    const at = await restSearch('Exactly bound');
    expect([at.total, at.lowerBound]).toEqual([String(LOG_SEARCH_EXACT_TOTAL), 'false']);
    const below = await h.trpc(token).admin.logs.list({ limit: 10, offset: 0, search: 'narrowmatch' });
    expect([below.total, below.totalIsLowerBound]).toEqual([7, false]);
  });

  it('the unsearched and level totals are counters: exact past the bound', async () => {
    const all = await h.trpc(token).admin.logs.list({ limit: 10, offset: 0, search: '' });
    const rows = Number((await h.database.client.execute('select count(*) from audit_logs')).rows[0]![0]);
    expect(rows).toBeGreaterThan(2 * LOG_SEARCH_EXACT_TOTAL);
    expect([all.total, all.totalIsLowerBound]).toEqual([rows, false]);
    const info = await restSearch('INFO');
    expect(Number(info.total)).toBeGreaterThan(LOG_SEARCH_EXACT_TOTAL);
    expect(info.lowerBound).toBe('false');
  });
});

describe('the bound, made small (listLogs takes it)', () => {
  const search = (term: string, offset = 0, limit = 10, upTo = 20) => listLogs(h.deps, ADMIN, { limit, offset, search: term }, upTo);

  it('exact up to the bound, the bound and the flag past it', async () => {
    expect(await search('narrowmatch', 0, 5, 7)).toMatchObject({ total: 7, totalIsLowerBound: false });
    expect(await search('narrowmatch', 0, 5, 6)).toMatchObject({ total: 6, totalIsLowerBound: true });
    expect(await search('narrowmatch', 0, 5, 100)).toMatchObject({ total: 7, totalIsLowerBound: false });
  });

  it('a page past the bound moves it to the page’s end, flagged only while a match lies past that page', async () => {
    const deep = await search('broadmatch', 50, 10);
    expect([deep.total, deep.totalIsLowerBound]).toEqual([60, true]);
    expect(deep.items[0]!.action).toBe(`Broadmatch entry ${LOG_SEARCH_EXACT_TOTAL + 5 - 50}`);
    // The last page: its end is past the matches, so the total is exact.
    const last = await search('broadmatch', LOG_SEARCH_EXACT_TOTAL, 10);
    expect([last.total, last.totalIsLowerBound, last.items.length]).toEqual([LOG_SEARCH_EXACT_TOTAL + 5, false, 5]);
    // A page ending exactly on the last match: nothing past it, not flagged.
    const ending = await search('broadmatch', LOG_SEARCH_EXACT_TOTAL - 5, 10);
    expect([ending.total, ending.totalIsLowerBound]).toEqual([LOG_SEARCH_EXACT_TOTAL + 5, false]);
  });

  it('a 1-2 character term (LIKE, off the main thread) is bounded the same way', async () => {
    // 'oa' is in every 'Broadmatch entry' and nowhere else (usernames are 'bulk' and 'auditor').
    expect(await search('oA', 0, 10, 20)).toMatchObject({ total: 20, totalIsLowerBound: true });
    expect(await search('oa', 30, 10, 20)).toMatchObject({ total: 40, totalIsLowerBound: true });
    const exact = await search('oa', 0, 10, LOG_SEARCH_EXACT_TOTAL + 5);
    expect([exact.total, exact.totalIsLowerBound]).toEqual([LOG_SEARCH_EXACT_TOTAL + 5, false]);
    expect(exact.items.map((e) => e.action)).toEqual(Array.from({ length: 10 }, (_, i) => `Broadmatch entry ${LOG_SEARCH_EXACT_TOTAL + 5 - i}`));
  });
});
