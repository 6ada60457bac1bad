// Shared by the browser tests: the server's database (for the mail outbox and stored requests), the links it
// e-mailed, sign-in through the API and through the page, accounts and policies made by the first owner, form
// filling, the service worker and the accessibility scan.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { createClient, type Client } from '@libsql/client';
import { expect, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { epochToUkLocal as ukLocal } from '../../src-server/contract/time';

export const OWNER = { username: 'owner', password: 'e2e-owner-password' };

let client: Client | undefined;
/** The e2e server's own database file (read-mostly: tests check what the app stored). */
let addresses = 0;
/**
 * A client address of its own for a request a test makes through the API to set the scene (the e2e server trusts
 * X-Forwarded-For: playwright.config.ts), so the scene-setting never spends the per-address limits of quote and
 * callback requests (docs/product.md#e-mails) that the browser's own submissions from 127.0.0.1 are held to.
 */
export function sceneAddress(): Record<string, string> {
  addresses += 1;
  return { 'x-forwarded-for': `198.51.${100 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}` };
}

export function db(): Client {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  // The server writes to the same file (the mail outbox, the reminder loop): a test's own write waits its
  // turn, as the server's connections do, instead of failing at once with SQLITE_BUSY.
  client ??= createClient({ url: `file:${dir}/e2e.db`, timeout: 5000 });
  return client;
}

/**
 * The newest message queued for `to`, waiting for it to arrive: up to 10 s, since a reset link is made 1-5 s after
 * its request (docs/product.md#password-reset). Its links have no token once delivered: latestLinkTo.
 */
export async function latestMailTo(to: string): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 100; i++) {
    const rs = await db().execute({ sql: 'select subject, text_body from mail_outbox where to_address = ? order by id desc limit 1', args: [to] });
    const row = rs.rows[0];
    if (row) return { subject: String(row['subject']), text: String(row['text_body']) };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to}`);
}

/**
 * The newest link to `path` (such as '/reset-password') with a `token=` e-mailed to `to`, waiting up to 10 s for it
 * (a reset link is made 1-5 s after its request: docs/product.md#password-reset). The outbox keeps no token once a message is delivered (docs/operations.md#mail): the links are read from the
 * server's mail log lines, which scripts/e2e-server.mjs writes to E2E_DATA_DIR/mail-log.jsonl.
 */
export async function latestLinkTo(to: string, path: string): Promise<URL> {
  return newestInMailLog(to, `${path} link`, (text) =>
    [...text.matchAll(/https?:\/\/\S+/g)].map(([found]) => new URL(found)).filter((url) => url.pathname === path && url.searchParams.get('token')),
  );
}

/**
 * The newest six-digit code of a confirmation e-mail to `to` (docs/product.md#e-mail-confirmation), read where the
 * links are (the delivered copy in the outbox keeps no code), waiting up to 10 s for it.
 */
export async function latestCodeTo(to: string): Promise<string> {
  return newestInMailLog(to, 'confirmation code', (text) => [...text.matchAll(/Your 6-digit code: (\d{6})/g)].map((m) => m[1]!));
}

/** The last of what `find` reads from the messages to `to` in the server's mail log, waiting up to 10 s for one. */
async function newestInMailLog<T>(to: string, what: string, find: (text: string) => T[]): Promise<T> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  for (let i = 0; i < 100; i++) {
    let lines: string[] = [];
    try {
      lines = readFileSync(join(dir, 'mail-log.jsonl'), 'utf8').split('\n');
    } catch {
      // No e-mail logged yet.
    }
    const found: T[] = [];
    for (const line of lines) {
      let entry: { to?: string; text?: string };
      try {
        entry = JSON.parse(line) as { to?: string; text?: string };
      } catch {
        continue; // the end of the file, or a line still being written
      }
      if (entry.to?.toLowerCase() === to.toLowerCase()) found.push(...find(entry.text ?? ''));
    }
    const last = found.at(-1);
    if (last !== undefined) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${what} e-mailed to ${to}`);
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

/** The first owner's Authorization header, signed in afresh. */
export async function ownerHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await apiToken(request, OWNER.username, OWNER.password)}` };
}

/** A policy added through POST /api/admin/policies (201), by the first owner unless `headers` say who. */
export async function adminPolicy(request: APIRequestContext, data: Record<string, unknown>, headers?: Record<string, string>): Promise<{ id: number; policyNumber: string }> {
  const res = await request.post('/api/admin/policies', { headers: headers ?? (await ownerHeaders(request)), data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; policyNumber: string };
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

/**
 * Signs in through the login page. Remember-me is left as the page offers it (ticked: the session is kept in
 * localStorage) unless `remember` says otherwise; `remember: false` unticks it, as on a shared computer
 * (sessionStorage, gone with the tab). The page must be signed out: /login sends a signed-in person home.
 */
export async function signIn(page: Page, username: string, password: string, opts: { remember?: boolean } = {}): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  if (opts.remember !== undefined) await page.locator('input[name="remember"]').setChecked(opts.remember);
  await page.getByRole('button', { name: 'Login' }).click();
}

// ---- tRPC calls as the browser makes them -------------------------------------------------------------
// A batch names its procedures in the path: /trpc/admin.stats,admin.users.list?batch=1&input={"0":…,"1":…}.

export interface TrpcCall {
  path: string;
  input: unknown;
}

/** The procedures (and, for a query, the inputs) one request to /trpc carries; none for anything else. */
export function trpcCallsOf(url: string): TrpcCall[] {
  const u = new URL(url);
  if (!u.pathname.startsWith('/trpc/')) return [];
  const paths = decodeURIComponent(u.pathname.slice('/trpc/'.length)).split(',');
  const raw = u.searchParams.get('input');
  const inputs = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
  return paths.map((path, i) => ({ path, input: inputs[String(i)] }));
}

export interface InjectedError {
  message: string;
  code?: string;
  httpStatus?: number;
  details?: unknown;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
}

const JSON_RPC_CODES: Record<string, number> = { BAD_REQUEST: -32600, INTERNAL_SERVER_ERROR: -32603, TOO_MANY_REQUESTS: -32029, CONFLICT: -32009 };

/**
 * Answers `procedure` with a tRPC error in the server's own shape, the next `times` times it is called,
 * whether it travels alone or in a batch (the other calls of a batch get the server's real answers).
 */
export async function failProcedure(page: Page, procedure: string, error: InjectedError, times = 1): Promise<void> {
  let left = times;
  const code = error.code ?? 'INTERNAL_SERVER_ERROR';
  const httpStatus = error.httpStatus ?? 500;
  const entry = {
    error: { message: error.message, code: JSON_RPC_CODES[code] ?? -32603, data: { code, httpStatus, path: procedure, details: error.details } },
  };
  const headers: Record<string, string> = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {};
  const handler = async (route: Route) => {
    const calls = trpcCallsOf(route.request().url());
    const at = calls.findIndex((c) => c.path === procedure);
    if (at < 0 || left <= 0) return route.fallback();
    // Spent handlers stay and pass requests on (unrouting from inside a handler races its own fulfil).
    left -= 1;
    if (calls.length === 1) return route.fulfill({ status: httpStatus, headers, contentType: 'application/json', body: JSON.stringify([entry]) });
    const real = await route.fetch();
    const answers = (await real.json()) as unknown[];
    answers[at] = entry;
    return route.fulfill({ status: 207, headers, contentType: 'application/json', body: JSON.stringify(answers) });
  };
  await page.route('**/trpc/**', handler);
}

/**
 * Starts the app as a visitor does and waits until it is live on the page (hydrated or drawn: the root layout sets
 * html[data-app-live]). A prerendered public page shows and works as plain HTML before its scripts run, and loads
 * the app once somebody starts to use it (src-client/boot/main.ts): a key press (Shift, which changes nothing) is that
 * start. Checks of the whole page, such as an accessibility scan, wait for this first.
 */
export async function appLive(page: Page): Promise<void> {
  await page.locator('#root').waitFor({ state: 'attached' });
  await page.keyboard.press('Shift');
  await page.locator('html[data-app-live]').waitFor({ state: 'attached' });
}

/**
 * Confirms an account's e-mail address as its owner would (docs/product.md#e-mail-confirmation): signed in to the
 * account, the link e-mailed to the address is spent. Nothing reaches an account by its address before this.
 */
export async function confirmAddress(request: APIRequestContext, account: { username: string; password: string; email: string }): Promise<void> {
  const token = await apiToken(request, account.username, account.password);
  // An account staff made is sent an invitation, not a confirmation link: its owner asks for one, as the app offers.
  const asked = await request.post('/api/account/verify-email/request', { headers: { authorization: `Bearer ${token}` } });
  expect(asked.status(), await asked.text()).toBe(200);
  const link = await latestLinkTo(account.email, '/verify-email');
  const res = await request.post('/api/account/verify-email/confirm', { headers: { authorization: `Bearer ${token}` }, data: { token: link.searchParams.get('token') } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A policy the first owner adds for an account, active from `startAt` to `endAt` (epoch ms, written as the UK times
 * the form takes): a customer's cover, as the roadside and claims tests need it.
 */
export async function coverFor(
  request: APIRequestContext,
  userId: number,
  { startAt, endAt, product = 'temporary', premium }: { startAt: number; endAt: number; product?: 'temporary' | 'learner' | 'business'; premium?: string },
): Promise<{ id: number; policyNumber: string }> {
  const [s, e] = [ukLocal(startAt), ukLocal(endAt)];
  return adminPolicy(
    request,
    {
      userId,
      product,
      holderName: 'Rhian Morgan',
      driverName: 'Rhian Ann Morgan',
      licenseNumber: 'MORGA801015R99AB',
      status: 'active',
      carModel: 'Ford Fiesta',
      registration: 'RM26 ABC',
      startDate: s.date,
      startTime: s.time,
      endDate: e.date,
      endTime: e.time,
      ...(premium === undefined ? {} : { premium }),
    },
    { ...(await ownerHeaders(request)), ...sceneAddress() },
  );
}

/**
 * A customer account of its own, made by the first owner: `prefix` and a unique ending, its address at example.test;
 * with `confirmed`, that address confirmed by its owner (confirmAddress).
 */
export async function newCustomer(
  request: APIRequestContext,
  prefix: string,
  password: string,
  { confirmed = false }: { confirmed?: boolean } = {},
): Promise<{ id: number; username: string; email: string; password: string }> {
  const username = unique(prefix);
  const account = { username, password, email: `${username.toLowerCase()}@example.test` };
  const id = await createAccount(request, account);
  if (confirmed) await confirmAddress(request, account);
  return { id, ...account };
}

/** A new customer (newCustomer) holding one policy from coverFor, added once the account is made (and confirmed). */
export async function customerWithCover(
  request: APIRequestContext,
  { prefix, password, confirmed, ...cover }: { prefix: string; password: string; confirmed?: boolean } & Parameters<typeof coverFor>[2],
): Promise<{ id: number; username: string; email: string; policy: { id: number; policyNumber: string } }> {
  const { id, username, email } = await newCustomer(request, prefix, password, { confirmed });
  return { id, username, email, policy: await coverFor(request, id, cover) };
}

/** Fills the named controls of a form, choosing the option of a select and typing into anything else. */
export async function fillFields(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const control = page.locator(`[name="${name}"]`);
    if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
}

/** The service worker controls the page (it claims the first visit's page once active). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 15_000 }).catch(async () => {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 15_000 });
  });
}

const wcag22aa = (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  return (include ? builder.include(include) : builder).analyze();
};
type Violations = Awaited<ReturnType<typeof wcag22aa>>['violations'];
const described = (violations: Violations) => violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** Every WCAG 2.2 A/AA violation on the page, or inside `include` only, as `id: targets`. */
export async function a11yViolations(page: Page, include?: string): Promise<string[]> {
  return described((await wcag22aa(page, include)).violations);
}

/** Serious and critical WCAG 2.2 A/AA violations on the page, or inside `include` only. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  return described((await wcag22aa(page, include)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}
