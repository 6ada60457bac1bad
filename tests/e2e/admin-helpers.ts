// Shared by the console's browser tests: opening /admin, its tab links, waiting for a list's answer and UK dates
// relative to today (the owner's header and the accessibility scan are the fixtures', named here too).
import { expect, type Page, type Response } from '@playwright/test';
import { OWNER, signIn, trpcCallsOf } from './fixtures';

export { axeViolations, ownerHeaders } from './fixtures';

/** Signs in and waits for the console's frame. */
export async function openAdmin(page: Page, username = OWNER.username, password = OWNER.password): Promise<void> {
  await signIn(page, username, password);
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeVisible();
  await expect(tabStrip(page)).toBeVisible();
}

export const tabStrip = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** A tab of the console: a link in the tab strip. */
export const tab = (page: Page, name: 'Overview' | 'Users' | 'Policies' | 'Logs' | 'Quote requests' | 'Callback requests' | 'Claims') =>
  tabStrip(page).getByRole('link', { name, exact: true });

export const searchBox = (page: Page) => page.getByPlaceholder('Search users, policies, or logs...');

const searchOf = (input: unknown) => (input as { search?: unknown } | undefined)?.search;

/** Waits for the answer to `procedure` (a list) asked with this search term. */
export function listAnswered(page: Page, procedure: string, search: string): Promise<Response> {
  return page.waitForResponse((r) => trpcCallsOf(r.url()).some((c) => c.path === procedure && searchOf(c.input) === search));
}

/** Types a search into the console's box and waits for the debounced list request to be answered. */
export async function search(page: Page, procedure: string, text: string): Promise<void> {
  const answered = listAnswered(page, procedure, text);
  await searchBox(page).fill(text);
  await answered;
}

const ukDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The UK date `days` from today as a policy carries it, YYYY-MM-DD (the sweep expires active policies that ended). */
export function ukDate(days: number): string {
  return ukDay.format(Date.now() + days * 86_400_000);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-07-10' as the console writes it: '10 Jul 2026'. */
export function ukDateText(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}
