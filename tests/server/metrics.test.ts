// GET /metrics (docs/operations.md#metrics): off (404) without METRICS_TOKEN; with it, only that bearer token opens
// it (never a user's token); the Prometheus text it answers, read back with a small parser of the text format: the
// request histogram by route pattern, process metrics, the write queue, the mail outbox read from the database,
// throttle refusals and reminders. The real server's settings: metrics-process.test.ts (slow project).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { pino } from 'pino';
import { prometheusContentType } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterAnswer } from '../../src-server/platform/after-answer';
import { createApp, type CreatedApp } from '../../src-server/app';
import { manualClock } from '../../src-server/platform/clock';
import { openDatabase, type Database } from '../../src-server/platform/db/client';
import { migrateDatabase } from '../../src-server/platform/db/migrate';
import { EnvError, parseEnv } from '../../src-server/env';
import { claimReminder } from '../../src-server/modules/policies/reminders/service';
import { STATIC, TRPC_BATCH, UNMATCHED } from '../../src-server/platform/http/metrics';
import { outboxCountQuery } from '../../src-server/platform/metrics';
import { runMaintenance } from '../../src-server/maintenance';
import { appRouter } from '../../src-server/api/trpc';
import { addCheapUser as addCheapUserTo } from './cheap-user';
import { createHarness, json, T0, TEST_SECRET, validPolicy, type Harness } from './harness';
import { queryPlan } from './query-plan';
import { freshDatabase, type TestDatabase } from './test-database';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let on: Harness;
let off: Harness;
let customer: string;
let owner: string;
let customerId: number;

beforeAll(async () => {
  [on, off] = await Promise.all([createHarness(T0, { metricsToken: TOKEN }), createHarness()]);
  customerId = await on.addUser({ username: 'met-cust' });
  await on.addUser({ username: 'met-owner', isOwner: true });
  [customer, owner] = await Promise.all([on.tokenFor('met-cust'), on.tokenFor('met-owner')]);
  await off.addUser({ username: 'off-owner', isOwner: true });
});
afterAll(async () => {
  await Promise.all([settleAfterAnswer(on.deps), settleAfterAnswer(off.deps)]);
  await Promise.all([on.close(), off.close()]);
});

// ---- The Prometheus text format, read back -------------------------------------------------------------------

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Scrape {
  text: string;
  types: Map<string, string>;
  samples: Sample[];
}

function parsePrometheus(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    const raw = m[3]!;
    samples.push({ name: m[1]!, labels, value: raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw) });
  }
  return { text, types, samples };
}

/** The samples of `name` whose labels include `labels`. */
const samplesOf = (s: Scrape, name: string, labels: Record<string, string> = {}) =>
  s.samples.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));

/** The one sample of `name` with `labels` (0 when there is none: a counter not yet moved). */
function valueOf(s: Scrape, name: string, labels: Record<string, string> = {}): number {
  const found = samplesOf(s, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

async function scrape(h: Pick<CreatedApp, 'app'> = on): Promise<Scrape> {
  const res = await h.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return parsePrometheus(await res.text());
}

/** Waits for `condition`, yielding to the event loop, up to a deadline. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };
function expectSecurityHeaders(res: Response): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
  expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
}

// ---- Who may read it ----------------------------------------------------------------------------------------

describe('without METRICS_TOKEN', () => {
  it('GET /metrics answers 404, as a path the app does not have, whoever asks', async () => {
    const ownerToken = await off.tokenFor('off-owner');
    for (const authorization of [undefined, `Bearer ${TOKEN}`, `Bearer ${ownerToken}`]) {
      const res = await off.app.request('/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(404);
      expect(await res.text()).not.toContain('# TYPE');
    }
  });
});

describe('with METRICS_TOKEN', () => {
  const get = (authorization?: string) => Promise.resolve(on.app.request('/metrics', { headers: authorization ? { authorization } : {} }));

  it("answers 401 with a Bearer challenge without the token, with a wrong one, and with a customer's or the owner's token", async () => {
    const refused = [
      undefined,
      'Bearer',
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
      `Bearer ${customer}`,
      `Bearer ${owner}`,
    ];
    for (const authorization of refused) {
      const res = await get(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expectSecurityHeaders(res);
      expect(await res.text()).not.toContain('# TYPE');
    }
  });

  it('answers 401 to any other Authorization value, generated: near misses of the token and arbitrary text', async () => {
    // Header values as a client can send them: printable ASCII and tabs.
    const headerText = fc.stringMatching(/^[\x20-\x7e\t]{0,120}$/);
    const nearMiss = fc.oneof(
      fc.nat({ max: TOKEN.length - 1 }).map((n) => TOKEN.slice(0, n)),
      fc.tuple(fc.nat({ max: TOKEN.length - 1 }), fc.constantFrom('x', 'A', '0', ' ', '%')).map(([i, ch]) => TOKEN.slice(0, i) + ch + TOKEN.slice(i + 1)),
      headerText.filter((t) => t.length > 0).map((t) => TOKEN + t),
      fc.constant(TOKEN.toUpperCase()),
    );
    const authorization = fc.oneof(headerText, nearMiss.map((t) => `Bearer ${t}`), headerText.map((t) => `Bearer ${t}`));
    await fc.assert(
      fc.asyncProperty(authorization, async (value) => {
        // A replaced character may be the one already there: that value is the token itself, not a miss.
        fc.pre(value.trim().split(/[ \t]+/)[1] !== TOKEN);
        const res = await get(value);
        expect(res.status, value).toBe(401);
      }),
      { numRuns: 200 },
    );
  });

  it("answers 200 in prom-client's text format with the token (the scheme in any letter case)", async () => {
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
      const res = await get(authorization);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(prometheusContentType);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expectSecurityHeaders(res);
      const body = await res.text();
      expect(body).toContain('# TYPE http_request_duration_seconds histogram');
      expect(parsePrometheus(body).samples.length).toBeGreaterThan(50);
    }
  });

  it('carries process metrics', async () => {
    const s = await scrape();
    expect(s.types.get('process_cpu_seconds_total')).toBe('counter');
    expect(valueOf(s, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(s.types.get('nodejs_heap_size_used_bytes')).toBe('gauge');
    expect(valueOf(s, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

describe('METRICS_TOKEN as a setting', () => {
  it('is optional, and when set at least 32 printable characters with no spaces', () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: '   ' }).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: ` ${TOKEN} ` }).METRICS_TOKEN).toBe(TOKEN);
    expect(() => parseEnv({ METRICS_TOKEN: 'x'.repeat(31) })).toThrow(new EnvError('Invalid environment: METRICS_TOKEN must be at least 32 characters'));
    expect(() => parseEnv({ METRICS_TOKEN: `${'x'.repeat(20)} ${'y'.repeat(20)}` })).toThrow(/^Invalid environment: METRICS_TOKEN must be printable ASCII/);
  });
});

// ---- What it counts -----------------------------------------------------------------------------------------

describe('requests', () => {
  it('are counted and timed by method, route pattern and status, never by the raw path', async () => {
    const created = await json<{ id: number }>(
      await on.request('POST', '/api/admin/policies', { token: owner, body: { ...validPolicy, userId: customerId, holderName: 'Metric Holder' } }),
    );
    const labels = { method: 'PUT', route: '/api/admin/policies/:id', status: '200' };
    const before = await scrape();
    expect((await on.request('PUT', `/api/admin/policies/${created.id}`, { token: owner, body: { ...validPolicy, userId: customerId, holderName: 'Edited' } })).status).toBe(200);
    const after = await scrape();

    expect(after.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(valueOf(after, 'http_requests_total', labels) - valueOf(before, 'http_requests_total', labels)).toBe(1);
    expect(valueOf(after, 'http_request_duration_seconds_count', labels) - valueOf(before, 'http_request_duration_seconds_count', labels)).toBe(1);
    const buckets = samplesOf(after, 'http_request_duration_seconds_bucket', labels);
    expect(buckets.length).toBeGreaterThan(5);
    // Cumulative: each bucket holds the ones below it, and +Inf holds them all.
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
    expect(buckets.at(-1)!.labels['le']).toBe('+Inf');
    expect(buckets.at(-1)!.value).toBe(valueOf(after, 'http_request_duration_seconds_count', labels));
    expect(after.text).not.toContain(`/api/admin/policies/${created.id}"`);
  });

  it('a guard that answers for a route (401, 403) is counted under that route', async () => {
    const labels = (status: string) => ({ method: 'DELETE', route: '/api/admin/users/:id', status });
    const before = await scrape();
    expect((await on.request('DELETE', '/api/admin/users/424242')).status).toBe(401);
    expect((await on.request('DELETE', '/api/admin/users/424242', { token: customer })).status).toBe(403);
    const after = await scrape();
    for (const status of ['401', '403']) expect(valueOf(after, 'http_requests_total', labels(status)) - valueOf(before, 'http_requests_total', labels(status))).toBe(1);
  });

  it('tRPC calls are labelled by procedure, a batch of several under one label', async () => {
    const before = await scrape();
    expect((await on.request('GET', '/trpc/account.me', { token: customer })).status).toBe(200);
    expect((await on.request('GET', `/trpc/account.me,policies.mine?batch=1&input=${encodeURIComponent('{}')}`, { token: customer })).status).toBe(200);
    const after = await scrape();
    const moved = (route: string) =>
      valueOf(after, 'http_requests_total', { method: 'GET', route, status: '200' }) - valueOf(before, 'http_requests_total', { method: 'GET', route, status: '200' });
    expect(moved('/trpc/account.me')).toBe(1);
    expect(moved(TRPC_BATCH)).toBe(1);
  });

  it('paths no route matches share one label, and none of them appears in the text', async () => {
    const paths = ['/api/no-such-thing/123456', '/api/admin/policies/777777/nothing', '/trpc/no.such.procedure', '/nowhere/9876543'];
    const before = valueOf(await scrape(), 'http_requests_total', { method: 'GET', route: UNMATCHED, status: '404' });
    for (const path of paths) expect((await on.request('GET', path, { token: owner })).status).toBe(404);
    const after = await scrape();
    expect(valueOf(after, 'http_requests_total', { method: 'GET', route: UNMATCHED, status: '404' }) - before).toBe(paths.length);
    for (const marker of ['no-such-thing', '777777', 'no.such.procedure', 'nowhere']) expect(after.text).not.toContain(marker);
  });

  it("every route label is one of the app's route patterns, a procedure, or a fixed word", async () => {
    const patterns = new Set(on.app.routes.map((r) => r.path));
    const procedures = new Set(Object.keys(appRouter._def.procedures).map((p) => `/trpc/${p}`));
    const routes = new Set((await scrape()).samples.map((s) => s.labels['route']).filter((r) => r !== undefined));
    expect(routes.size).toBeGreaterThan(5);
    for (const route of routes) expect(patterns.has(route) || procedures.has(route) || [UNMATCHED, STATIC, TRPC_BATCH].includes(route), route).toBe(true);
  });
});

describe('a registry per app', () => {
  let dir: string;
  let store: TestDatabase;
  let database: Database;
  let other: CreatedApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kerbside-metrics-'));
    // A built client of the older kind (no prerendered pages): every path the router does not know gets the shell.
    mkdirSync(join(dir, 'client', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'client', 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(dir, 'client', 'assets', 'app-abc123.js'), 'console.log(1)');
    store = await freshDatabase(dir, 'other.db');
    database = await openDatabase({ url: store.url });
    await migrateDatabase(database.db);
    other = await createApp({
      database,
      jwtSecret: TEST_SECRET,
      clock: manualClock(T0),
      logger: pino({ level: 'silent' }),
      staticRoot: join(dir, 'client'),
      metricsToken: TOKEN,
    });
  });
  afterAll(async () => {
    database.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("counts only its own requests; the built client's files and pages share one label", async () => {
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const before = await scrape(on);
    for (const path of ['/api/health', '/api/health', '/assets/app-abc123.js', '/some/page/1', '/another/page/2']) {
      expect((await other.app.request(path)).status, path).toBe(200);
    }
    const mine = await scrape(other);
    expect(valueOf(mine, 'http_requests_total', health)).toBe(2);
    expect(valueOf(mine, 'http_requests_total', { method: 'GET', route: STATIC, status: '200' })).toBe(3);
    expect(mine.text).not.toContain('/some/page');
    expect(valueOf(await scrape(on), 'http_requests_total', health)).toBe(valueOf(before, 'http_requests_total', health));
  });
});

describe('the write queue', () => {
  it('shows the writes waiting for the turn, and how long each waited', async () => {
    await settleAfterAnswer(on.deps);
    const before = await scrape();
    expect(valueOf(before, 'write_queue_depth')).toBe(0);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const first = on.deps.write(async () => {
      holding = true;
      await held;
    });
    await until(() => holding, 'the first write to hold the turn');
    const second = on.deps.write(async () => undefined);
    const third = on.deps.write(async () => undefined);
    const during = await scrape();
    expect(valueOf(during, 'write_queue_depth')).toBe(2);

    release();
    await Promise.all([first, second, third]);
    const after = await scrape();
    expect(valueOf(after, 'write_queue_depth')).toBe(0);
    expect(valueOf(after, 'write_queue_wait_seconds_count') - valueOf(before, 'write_queue_wait_seconds_count')).toBe(3);
    // The two that waited behind the held one waited at least as long as the scrape in between took.
    expect(valueOf(after, 'write_queue_wait_seconds_sum')).toBeGreaterThan(valueOf(before, 'write_queue_wait_seconds_sum'));
    expect(after.types.get('write_queue_wait_seconds')).toBe('histogram');
  });
});

describe('the mail outbox', () => {
  it('shows the pending and failed messages, read from the database at scrape time', async () => {
    await settleAfterAnswer(on.deps);
    await on.deps.mailer.deliverPending();
    const start = await scrape();
    expect(valueOf(start, 'mail_outbox_messages', { status: 'pending' })).toBe(0);
    const failedBefore = valueOf(start, 'mail_outbox_messages', { status: 'failed' });

    const insert = (status: string) =>
      on.database.client.execute({
        sql: 'insert into mail_outbox (to_address, subject, text_body, status, attempts, created_at) values (?, ?, ?, ?, ?, ?)',
        args: ['someone@example.test', `Metrics ${status}`, 'body', status, status === 'failed' ? 5 : 0, on.clock.now()],
      });
    for (const status of ['pending', 'pending', 'failed', 'logged', 'sending']) await insert(status);
    const s = await scrape();
    expect(valueOf(s, 'mail_outbox_messages', { status: 'pending' })).toBe(2);
    expect(valueOf(s, 'mail_outbox_messages', { status: 'failed' })).toBe(failedBefore + 1);
    expect(samplesOf(s, 'mail_outbox_messages').map((x) => x.labels['status']).sort()).toEqual(['failed', 'pending']);

    // Delivered: no longer pending at the next scrape.
    await on.deps.mailer.deliverPending();
    expect(valueOf(await scrape(), 'mail_outbox_messages', { status: 'pending' })).toBe(0);
  });

  it("the scrape's count reads the status index, not the whole table", async () => {
    const { sql, params } = outboxCountQuery(on.deps.db).toSQL();
    const details = await queryPlan(on.database, sql, params);
    expect(details.join('\n')).toMatch(/SEARCH mail_outbox USING (COVERING )?INDEX \S+ \(status=\?\)/);
    expect(details.some((d) => d.startsWith('SCAN mail_outbox'))).toBe(false);
  });
});

describe('throttle refusals', () => {
  /** An account with a cheap scrypt cost (tests/server/cheap-user.ts): six failures cost little. */
  const addCheapUser = (username: string) => addCheapUserTo(on, username, 'the-right-password');


  it('a throttled sign-in counts under the limit that refused it', async () => {
    await addCheapUser('met-guessed');
    const refusals = async (limit: string) => valueOf(await scrape(), 'throttle_refusals_total', { limit });
    const before = await refusals('login_pair');
    const login = (password: string) =>
      on.request('POST', '/api/login', { body: { username: 'met-guessed', password }, headers: { 'x-forwarded-for': '10.99.0.1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login('a-wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await refusals('login_pair')) - before).toBe(1);
    // Refused before the check now: the right password too.
    expect((await login('the-right-password')).status).toBe(429);
    expect((await refusals('login_pair')) - before).toBe(2);
    const s = await scrape();
    expect(valueOf(s, 'throttle_refusals_total', { limit: 'login_user' })).toBe(0);
    expect(valueOf(s, 'throttle_refusals_total', { limit: 'login_address' })).toBe(0);
  });

  it('a password reset request over its limit counts too, though it is answered as any other', async () => {
    const before = valueOf(await scrape(), 'throttle_refusals_total', { limit: 'password_reset_email' });
    for (let i = 0; i < 4; i++) {
      expect((await on.request('POST', '/api/password-reset/request', { body: { email: 'met-reset@example.test' }, headers: { 'x-forwarded-for': `10.98.0.${i + 1}` } })).status).toBe(200);
    }
    await settleAfterAnswer(on.deps);
    expect(valueOf(await scrape(), 'throttle_refusals_total', { limit: 'password_reset_email' }) - before).toBe(1);
  });
});

// Last: it moves the clock days ahead.
describe('reminders', () => {
  it('each cover-ending reminder the housekeeping run sends is counted once', async () => {
    await settleAfterAnswer(on.deps);
    const start = T0 + HOUR;
    const ids: number[] = [];
    for (const holderName of ['Reminded One', 'Reminded Two']) {
      const res = await on.request('POST', '/api/admin/policies', {
        token: owner,
        body: { ...validPolicy, userId: customerId, holderName, startDate: '2026-07-01', startTime: '14:00', endDate: '2026-07-04', endTime: '14:00' },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      ids.push((await json<{ id: number }>(res)).id);
    }
    const sent = async () => valueOf(await scrape(), 'reminders_sent_total');
    const before = await sent();
    // 14:00 BST is 13:00 UTC (T0 + 1 h); three days of cover: the reminder falls due a day before the end.
    on.clock.set(start + 2 * DAY - 1);
    await runMaintenance(on.deps);
    expect(await sent()).toBe(before);
    on.clock.set(start + 2 * DAY);
    await runMaintenance(on.deps);
    expect((await sent()) - before).toBe(2);
    on.clock.set(start + 2 * DAY + 60_000);
    await runMaintenance(on.deps);
    expect((await sent()) - before).toBe(2);
    // A claim that finds the reminder gone (as when another process sent it) counts nothing.
    expect(await claimReminder(on.deps, ids[0]!, on.clock.now())).toBe(false);
    expect((await sent()) - before).toBe(2);
  });
});
