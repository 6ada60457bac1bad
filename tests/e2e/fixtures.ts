// Shared by the browser tests: the server's database (for the mail outbox and stored requests), sign-in
// through the API and through the page, and accounts made by the first owner.
import { createClient, type Client } from '@libsql/client';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const OWNER = { username: 'owner', password: 'e2e-owner-password' };

let client: Client | undefined;
/** The e2e server's own database file (read-mostly: tests check what the app stored). */
export function db(): Client {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  client ??= createClient({ url: `file:${dir}/e2e.db` });
  return client;
}

/** The newest message queued for `to`, waiting briefly for it to arrive. */
export async function latestMailTo(to: string): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 50; i++) {
    const rs = await db().execute({ sql: 'select subject, text_body from mail_outbox where to_address = ? order by id desc limit 1', args: [to] });
    const row = rs.rows[0];
    if (row) return { subject: String(row['subject']), text: String(row['text_body']) };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to}`);
}

let counter = 0;
/** A fresh, unique name for this run (tests share one database). */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Creates an account through the owner's admin API; answers its id. */
export async function createAccount(
  request: APIRequestContext,
  account: { username: string; password: string; email?: string; isAdmin?: boolean },
): Promise<number> {
  const owner = await apiToken(request, OWNER.username, OWNER.password);
  const res = await request.post('/api/admin/users', {
    headers: { authorization: `Bearer ${owner}` },
    data: { email: `${account.username.toLowerCase()}@example.test`, isAdmin: false, isOwner: false, ...account },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Signs in through the login page. */
export async function signIn(page: Page, username: string, password: string, opts: { remember?: boolean } = {}): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  if (opts.remember) await page.locator('input[name="remember"]').check();
  await page.getByRole('button', { name: 'Login' }).click();
}
