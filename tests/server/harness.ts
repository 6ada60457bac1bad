// A real app on a real, migrated database per test file, with a clock the test moves: a file, or with
// TEST_DATABASE=sqld a libSQL server of its own (test-database.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createApp, type AppOptions, type CreatedApp } from '../../src-server/app';
import { manualClock } from '../../src-server/platform/clock';
import { openDatabase, type Database } from '../../src-server/platform/db/client';
import { migrateDatabase } from '../../src-server/platform/db/migrate';
import { hashPassword } from '../../src-server/platform/auth/password';
import { users } from '../../src-server/platform/db/schema/index';
import { createTrpcContext } from '../../src-server/api/trpc-procedures';
import { createCaller } from '../../src-server/api/trpc';
import { freshDatabase } from './test-database';
import type { LoginAnswer } from '../../src-server/contract/second-factor';
import type { LoginResult } from '../../src-server/contract/views';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
/** 2026-07-01 12:00 UTC: summer, BST. */
export const T0 = Date.UTC(2026, 6, 1, 12, 0, 0);

/** One line the app logged, as pino wrote it. */
export interface LogEntry {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

export interface Harness extends CreatedApp {
  database: Database;
  clock: ReturnType<typeof manualClock>;
  /** A temporary folder of the test's own, removed by close(): the database file (or the server's data) is in it. */
  dir: string;
  /** The URL the app's database was opened with: another connection (a second process) opens the same database. */
  databaseUrl: string;
  /**
   * What the app logged at info and above, oldest first. The app runs without SMTP_URL and with MAIL_LOG_LINKS on,
   * so every e-mail it delivers is a line here with its links whole (mail-links.ts reads them).
   */
  logs: LogEntry[];
  request(method: string, path: string, opts?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<Response>;
  /**
   * Inserts an account directly (no throttle, no log) and answers its id. It has confirmed its e-mail address unless
   * `emailVerified: false` (docs/product.md#e-mail-confirmation).
   */
  addUser(u: { username: string; password?: string; email?: string; isAdmin?: boolean; isOwner?: boolean; emailVerified?: boolean }): Promise<number>;
  /** Signs in through the API and answers the token. */
  tokenFor(username: string, password?: string, address?: string): Promise<string>;
  trpc(token?: string, address?: string): ReturnType<typeof createCaller>;
  close(): Promise<void>;
}

export const PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

/** App options a test may set; the rest are the harness's own. */
export type HarnessOptions = Pick<AppOptions, 'smtpUrl' | 'mailFrom' | 'metricsToken' | 'mailLogLinks' | 'payments'> & {
  /** The database to open instead of a fresh one (the test owns it and stops it). */
  databaseUrl?: string;
};

export async function createHarness(start = T0, { databaseUrl, ...options }: HarnessOptions = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'kerbside-test-'));
  const fresh = databaseUrl === undefined ? await freshDatabase(dir) : undefined;
  const url = databaseUrl ?? fresh!.url;
  const database = await openDatabase({ url });
  await migrateDatabase(database.db);
  const clock = manualClock(start);
  const logs: LogEntry[] = [];
  const created = await createApp({
    database,
    jwtSecret: TEST_SECRET,
    clock,
    logger: pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as LogEntry) }),
    // The e-mails' links are read from the log, as a developer reads them (the outbox keeps none once delivered).
    mailLogLinks: true,
    trustProxy: true,
    staticRoot: null,
    ...options,
  });
  let addressCounter = 0;

  const h: Harness = {
    ...created,
    database,
    clock,
    dir,
    databaseUrl: url,
    logs,
    request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      return Promise.resolve(created.app.request(path, { method, headers, body }));
    },
    async addUser(u) {
      passwordHash ??= hashPassword(PASSWORD);
      const hash = u.password ? await hashPassword(u.password) : await passwordHash;
      const now = clock.now();
      // In the app's write queue, as the app's own writes are: written beside it on the connection, it would wait in
      // SQLite's busy handler, which sleeps on the main thread, for a write transaction of the app's (a mail delivery
      // run started by the last request) that needs that thread to finish: 5 s, then SQLITE_BUSY (seen once in CI).
      const [row] = await created.deps.write((tx) =>
        tx
          .insert(users)
          .values({
            username: u.username,
            email: u.email ?? `${u.username.toLowerCase()}@example.test`,
            passwordHash: hash,
            isAdmin: u.isAdmin ?? u.isOwner ?? false,
            isOwner: u.isOwner ?? false,
            emailVerifiedAt: u.emailVerified === false ? null : now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: users.id }),
      );
      return row!.id;
    },
    async tokenFor(username, password = PASSWORD, address) {
      // A fresh address per sign-in keeps the per-address throttle out of tests that are not about it.
      const res = await h.request('POST', '/api/login', {
        body: { username, password },
        headers: { 'x-forwarded-for': address ?? `10.0.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}` },
      });
      if (res.status !== 200) throw new Error(`login failed for ${username}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    },
    trpc(token, address = '127.0.0.1') {
      return createCaller(
        createTrpcContext({
          deps: created.deps,
          resolveCaller: created.resolveCaller,
          authorization: token ? `Bearer ${token}` : undefined,
          clientAddress: address,
          requestId: 'test',
        }),
      );
    },
    async close() {
      // What the app counted in memory is written before the database closes, as a graceful stop does.
      await created.deps.refusals.log.flush();
      database.close();
      await fresh?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}

export const validPolicy = {
  holderName: 'Ann Smith',
  carModel: 'Ford Fiesta 1.0 Zetec',
  driverName: 'Ann Smith',
  licenseNumber: 'SMITH701015A99AA',
  registration: 'AB12 CDE',
  startDate: '2026-07-01',
  startTime: '09:00',
  endDate: '2026-07-08',
  endTime: '23:59',
  status: 'active' as const,
};

/**
 * The reason a save moving a policy to cancelled must give (docs/product.md#cancelling-and-voiding), spread into a
 * body: nothing for any other status.
 */
export const cancelReason = (status: unknown): { reason?: string } => (status === 'cancelled' ? { reason: 'At the customer\'s request' } : {});

/** The error answer every REST route gives (docs/api.md#errors). */
export interface ErrorBody {
  error: string;
  message?: string;
  details?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] };
}

export async function json<T = unknown>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A sign-in's session; fails the test when the answer is a second factor's challenge instead (docs/api.md#second-factor). */
export function sessionOf(answer: LoginAnswer): LoginResult {
  if ('secondFactorRequired' in answer) throw new Error('the sign-in asked for a second factor');
  return answer;
}
