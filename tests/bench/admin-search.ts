// `npm run bench:admin` (or BENCH_ADMIN=1 npm run bench): the admin search and list totals at 10k, 100k and
// 1M policies (issue item 6), and the audit log's search at as many log entries. Seeds are built once with
// scripts/seed-large.ts into the temp directory and reused while their counts match. Every figure goes through
// the real services of a real app (createApp). The log's last figures are what its search does to everyone
// else: the longest the main thread is held by a 1-2 character search (a LIKE run off it), and /api/health's
// answer time while four log searches are in flight (before its index: ~480 ms a search, health 1.7 s).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, desc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { createApp, type CreatedApp } from '../../src-server/app';
import { openDatabase, type Database } from '../../src-server/db/client';
import { migrateDatabase } from '../../src-server/db/migrate';
import { optimizeSearchIndexes } from '../../src-server/db/search-index';
import { counters, policies, users } from '../../src-server/db/schema/index';
import type { Caller, Deps } from '../../src-server/deps';
import { anyColumnContains } from '../../src-server/features/list';
import { listLogs } from '../../src-server/features/logs/service';
import { listPolicies } from '../../src-server/features/policies/service';
import { listUsers } from '../../src-server/features/users/service';
import { seedLarge, seedLogs } from '../../scripts/seed-large';

export const SIZES = [10_000, 100_000, 1_000_000] as const;
const ITERATIONS = 200;
const TARGET_P95_MS = 20;

/**
 * The timed operations, each one admin page (limit 10). "fletch" is part of a surname the seed gives ~2.6%
 * of policies (holder or driver): a broad term whose exact total has to count ~37.5k matches at 1M (holder, driver and username); "KX42 " is
 * a registration fragment, the narrow kind of search an admin types to find one policy. A product's name lists
 * that product's policies (a quarter or a seventh of them); its total is a trigger-kept counter.
 */
/** The services assert admin rights on the caller; the bench reads as an admin. */
const ADMIN: Caller = { id: 0, username: 'bench', isAdmin: true, isOwner: false, jti: 'bench', exp: 0 };

export const CASES = {
  'policy search "fletch"': (d: Deps) => listPolicies(d, ADMIN, { limit: 10, offset: 0, search: 'fletch' }),
  'policy search "KX42 "': (d: Deps) => listPolicies(d, ADMIN, { limit: 10, offset: 0, search: 'KX42 ' }),
  'user search "kowals"': (d: Deps) => listUsers(d, ADMIN, { limit: 10, offset: 0, search: 'kowals' }),
  'search matching nothing': (d: Deps) => listPolicies(d, ADMIN, { limit: 10, offset: 0, search: 'zzqxjv' }),
  // A product's name: a quarter (learner) or a seventh (business) of all policies, paged newest first.
  'product search "learner"': (d: Deps) => listPolicies(d, ADMIN, { limit: 10, offset: 0, search: 'learner' }),
  'product "Business use cover", page 50': (d: Deps) => listPolicies(d, ADMIN, { limit: 10, offset: 490, search: 'Business use cover' }),
  'unfiltered page + total': (d: Deps) => listPolicies(d, ADMIN, { limit: 10, offset: 0, search: '' }),
  // The audit log, with as many entries as policies (scripts/seed-large.ts seedLogs): a surname in usernames
  // (~2% of entries), a policy-number fragment (a few hundred), a level's name (a tenth: the level's counter), a
  // broad phrase ('Login failed': ~8%), nothing, and the plain first page. A searched log total is counted only up
  // to LOG_SEARCH_EXACT_TOTAL (docs/api.md#lists): past it the report shows the bound with a '+'.
  'log search "kowals"': (d: Deps) => listLogs(d, ADMIN, { limit: 10, offset: 0, search: 'kowals' }),
  'log search "policy: KC-7"': (d: Deps) => listLogs(d, ADMIN, { limit: 10, offset: 0, search: 'policy: KC-7' }),
  'log level "warning", page 50': (d: Deps) => listLogs(d, ADMIN, { limit: 10, offset: 490, search: 'warning' }),
  'log search "Login failed"': (d: Deps) => listLogs(d, ADMIN, { limit: 10, offset: 0, search: 'Login failed' }),
  'log search matching nothing': (d: Deps) => listLogs(d, ADMIN, { limit: 10, offset: 0, search: 'zzqxjv' }),
  'log unfiltered page + total': (d: Deps) => listLogs(d, ADMIN, { limit: 10, offset: 0, search: '' }),
} as const satisfies Record<string, (d: Deps) => Promise<{ total: number; totalIsLowerBound?: boolean }>>;
type CaseName = keyof typeof CASES;

/** What the log's search does to other requests (see the file's head). */
export interface LogStallResult {
  /** A 1-2 character log search: its own time and the longest the main thread was held meanwhile. */
  shortTerm: { ms: number; longestStallMs: number; total: number; lowerBound: boolean };
  /** /api/health answer times while four log searches ('Login failed' x2, 'qx' x2) are in flight. */
  health: { p50: number; p95: number };
}

export interface SizeResult {
  policies: number;
  cases: Record<CaseName, { p50: number; p95: number; total: number; lowerBound?: boolean }>;
  logStall: LogStallResult;
}

export interface AdminSearchResult {
  sizes: SizeResult[];
  /** The pre-FTS LIKE '%…%' policy search at the largest size, for contrast. */
  like: { p50: number; p95: number; total: number };
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function timed<T>(iterations: number, fn: () => Promise<T>): Promise<{ p50: number; p95: number; last: T }> {
  for (let i = 0; i < 10; i++) await fn(); // warm the page cache and the statement cache
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    last = await fn();
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), last };
}

async function counts(database: Database): Promise<Record<string, number>> {
  const rows = await database.db.select().from(counters);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** A migrated seed with `n` policies and n/10 users, reused when the file already holds exactly that. */
export async function seedFile(n: number, log: (l: string) => void = () => {}): Promise<string> {
  const dir = join(tmpdir(), 'kerbside-bench-admin');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `policies-${n}.db`);
  if (existsSync(path)) {
    const database = await openDatabase({ url: `file:${path}` });
    try {
      await migrateDatabase(database.db);
      const c = await counts(database);
      // Seeds made before policies had products hold temporary cover only: rebuilt below.
      if (c['policies'] === n && c['users'] === n / 10 && (c['policies_product_learner'] ?? 0) > 0) {
        const logs = c['audit_logs'] ?? 0;
        // Seeds made before the log had its index hold no log entries: they are added (seedLogs optimizes).
        if (logs === 0) await seedLogs(database.client, { count: n, log });
        if (logs === 0 || logs === n) {
          await optimizeSearchIndexes(database.client); // seeds made before the seed script optimized; quick when done
          return path;
        }
      }
    } catch {
      // unreadable or half-built: rebuilt below
    } finally {
      database.close();
    }
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  }
  const started = Date.now();
  const database = await openDatabase({ url: `file:${path}` });
  try {
    await migrateDatabase(database.db);
    await seedLarge(database.client, { users: n / 10, policies: n, log });
    await seedLogs(database.client, { count: n, log });
  } finally {
    database.close();
  }
  log(`seeded ${n.toLocaleString('en-GB')} policies and log entries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return path;
}

async function withApp<T>(path: string, fn: (deps: Deps, database: Database, app: CreatedApp['app']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ url: `file:${path}` });
  try {
    const { deps, app } = await createApp({
      database,
      jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      logger: pino({ level: 'silent' }),
      trustProxy: false,
      staticRoot: null,
    });
    return await fn(deps, database, app);
  } finally {
    database.close();
  }
}

export async function benchAdminSearch(log: (l: string) => void = () => {}): Promise<AdminSearchResult> {
  const sizes: SizeResult[] = [];
  let like: AdminSearchResult['like'] | undefined;
  // BENCH_ADMIN_MAX=100000 skips the larger seeds (a quick look); the figures need all three.
  const sizesToRun = SIZES.filter((n) => n <= Number(process.env.BENCH_ADMIN_MAX ?? Infinity));
  for (const n of sizesToRun) {
    const path = await seedFile(n, log);
    const result = await withApp(path, async (deps, database, app) => {
      const cases = {} as SizeResult['cases'];
      for (const [name, run] of Object.entries(CASES) as [CaseName, (d: Deps) => Promise<{ total: number; totalIsLowerBound?: boolean }>][]) {
        const r = await timed(ITERATIONS, () => run(deps));
        cases[name] = { p50: r.p50, p95: r.p95, total: r.last.total, lowerBound: r.last.totalIsLowerBound === true };
      }
      if (n === sizesToRun[sizesToRun.length - 1]) {
        // The old path (features/list.ts anyColumnContains, as listPolicies ran before FTS), for contrast.
        const where = anyColumnContains(
          [policies.policyNumber, policies.holderName, policies.driverName, policies.carModel, policies.registration, users.username],
          'fletch',
        );
        const r = await timed(5, async () => {
          const [rows, total] = await Promise.all([
            database.db.select({ id: policies.id }).from(policies).leftJoin(users, eq(users.id, policies.userId)).where(where).orderBy(desc(policies.id)).limit(10),
            database.db.select({ total: count() }).from(policies).leftJoin(users, eq(users.id, policies.userId)).where(where).then(([t]) => t?.total ?? 0),
          ]);
          return { rows, total };
        });
        like = { p50: r.p50, p95: r.p95, total: r.last.total };
      }
      return { policies: n, cases, logStall: await logStall(deps, app) };
    });
    sizes.push(result);
  }
  return { sizes, like: like! };
}

/** Runs `fn` while a setImmediate chain measures the longest gap between turns of the event loop. */
async function withStallMeter<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; longestStallMs: number }> {
  let running = true;
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const t = performance.now();
    longest = Math.max(longest, t - last);
    last = t;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const started = performance.now();
  const value = await fn();
  const ms = performance.now() - started;
  running = false;
  return { value, ms, longestStallMs: Math.max(longest, performance.now() - last) };
}

async function logStall(deps: Deps, app: CreatedApp['app']): Promise<LogStallResult> {
  const search = (term: string) => listLogs(deps, ADMIN, { limit: 10, offset: 0, search: term });
  await search('qx'); // warm
  const shortRuns = [];
  for (let i = 0; i < 5; i++) shortRuns.push(await withStallMeter(() => search('qx')));
  const worst = shortRuns.reduce((a, b) => (b.longestStallMs > a.longestStallMs ? b : a));
  const health: number[] = [];
  for (let i = 0; i < 40; i++) {
    const searches = Promise.all([search('Login failed'), search('qx'), search('Login failed'), search('qx')]);
    // The health check arrives from the network, on a later turn of the event loop, while the four are running.
    await new Promise((r) => setImmediate(r));
    const t = performance.now();
    const res = await app.request('/api/health');
    health.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    await searches;
  }
  return {
    shortTerm: { ms: worst.ms, longestStallMs: worst.longestStallMs, total: worst.value.total, lowerBound: worst.value.totalIsLowerBound },
    health: { p50: percentile(health, 50), p95: percentile(health, 95) },
  };
}

export function report(r: AdminSearchResult): string[] {
  const fmt = (x: number) => x.toFixed(2).padStart(7);
  const lines: string[] = [`admin search, ${ITERATIONS} iterations per figure, one page of 10 through the real services:`];
  for (const s of r.sizes) {
    lines.push(`  ${s.policies.toLocaleString('en-GB')} policies / ${(s.policies / 10).toLocaleString('en-GB')} users`);
    for (const [name, c] of Object.entries(s.cases)) {
      lines.push(`    ${name.padEnd(36)} p50 ${fmt(c.p50)} ms  p95 ${fmt(c.p95)} ms  (total ${c.total.toLocaleString('en-GB')}${c.lowerBound ? '+' : ''})  [target p95 < ${TARGET_P95_MS} ms: ${c.p95 < TARGET_P95_MS ? 'ok' : 'MISSED'}]`);
    }
    const { shortTerm, health } = s.logStall;
    lines.push(`    ${'log search "qx" (1-2 chars, LIKE)'.padEnd(36)} ${fmt(shortTerm.ms)} ms in all, longest hold of the main thread ${fmt(shortTerm.longestStallMs)} ms (total ${shortTerm.total.toLocaleString('en-GB')}${shortTerm.lowerBound ? '+' : ''})  [target hold < ${TARGET_P95_MS} ms: ${shortTerm.longestStallMs < TARGET_P95_MS ? 'ok' : 'MISSED'}]`);
    lines.push(`    ${'/api/health, 4 log searches in flight'.padEnd(36)} p50 ${fmt(health.p50)} ms  p95 ${fmt(health.p95)} ms  [target p95 < ${TARGET_P95_MS} ms: ${health.p95 < TARGET_P95_MS ? 'ok' : 'MISSED'}]`);
  }
  const first = r.sizes[0]!;
  const last = r.sizes[r.sizes.length - 1]!;
  const growth = (Object.keys(first.cases) as CaseName[])
    .map((k) => `${k} x${(last.cases[k].p50 / first.cases[k].p50).toFixed(1)}`)
    .join(', ');
  lines.push(`  growth of p50 from ${first.policies.toLocaleString('en-GB')} to ${last.policies.toLocaleString('en-GB')} rows (x${last.policies / first.policies} rows): ${growth}`);
  lines.push(`  contrast: old LIKE '%fletch%' page + count(*) at ${last.policies.toLocaleString('en-GB')}: p50 ${r.like.p50.toFixed(1)} ms, p95 ${r.like.p95.toFixed(1)} ms (total ${r.like.total.toLocaleString('en-GB')})`);
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await benchAdminSearch((l) => console.log(l));
  for (const line of report(result)) console.log(line);
}
