// A customer's policies as the dashboard asks them (tRPC policies.mine, a batch of one), against (a) a bare Hono
// hello-world and (b) one indexed libSQL read behind no framework, each server alone in its own process, 50
// connections; the same operation through its REST door (GET /api/user/policies), which the app does not call, for
// reference.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTokenService } from '../../src-server/platform/auth/tokens';
import { openDatabase } from '../../src-server/platform/db/client';
import { migrateDatabase } from '../../src-server/platform/db/migrate';
import { policies, users } from '../../src-server/platform/db/schema/index';
import { ukLocalToEpoch } from '../../src-server/contract/time';
import type { ChildProcess } from 'node:child_process';
import { load, startServer, stopServer, type LoadResult } from './http';

export const SECRET = 'bench-secret-bench-secret-bench-secret-bench';
const CONNECTIONS = 50;

export async function seed(url: string): Promise<number> {
  const database = await openDatabase({ url });
  await migrateDatabase(database.db);
  const now = Date.now();
  // Other customers' rows too, so the read is an index seek, not a whole-table read.
  const ids: number[] = [];
  for (let u = 0; u < 200; u++) {
    const [row] = await database.db
      .insert(users)
      .values({ username: `bench${u}`, email: `bench${u}@example.test`, passwordHash: 'x', createdAt: now, updatedAt: now })
      .returning({ id: users.id });
    ids.push(row!.id);
  }
  const rows = ids.flatMap((userId, u) =>
    Array.from({ length: 5 }, (_, i) => ({
      policyNumber: `KC-B${String(u).padStart(4, '0')}${i}`,
      userId,
      holderName: 'Bench Holder',
      carModel: 'Ford Fiesta 1.0',
      driverName: 'Bench Driver',
      licenseNumber: 'BENCH701015A99AA',
      registration: 'AB12 CDE',
      startDate: '2026-07-01',
      startTime: '09:00',
      endDate: '2026-07-08',
      endTime: '23:59',
      startAt: ukLocalToEpoch('2026-07-01', '09:00') + i,
      endAt: ukLocalToEpoch('2026-07-08', '23:59'),
      status: 'active' as const,
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (let i = 0; i < rows.length; i += 100) await database.db.insert(policies).values(rows.slice(i, i + 100));
  database.close();
  return ids[100]!;
}

export interface ApiBenchResult {
  rounds: number;
  hello: LoadResult;
  /** (b) with a cached native prepared statement: the fastest libSQL read of rows. */
  raw: LoadResult;
  /** (b) through @libsql/client's execute, for reference. */
  rawClient: LoadResult;
  /** (b) running the app's own read of the stored list, for reference. */
  rawJson: LoadResult;
  /** tRPC policies.mine, as the dashboard asks it. */
  app: LoadResult;
  /** The same operation through REST, for reference. */
  rest: LoadResult;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** The median of each figure over the rounds. */
function medianOf(runs: LoadResult[]): LoadResult {
  return {
    name: runs[0]!.name,
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    mean: median(runs.map((r) => r.mean)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}

/**
 * Every server runs in its own process, started up front; the load visits them in turn, round after
 * round, so each sees the same machine conditions (this VM's CPU steal varies minute to minute), and
 * each figure is the median over the rounds.
 */
export async function benchUserPolicies(seconds = 5, rounds = 3): Promise<ApiBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'kerbside-bench-'));
  const url = `file:${join(dir, 'bench.db')}`;
  const children: ChildProcess[] = [];
  try {
    const userId = await seed(url);
    const tokens = await createTokenService(SECRET);
    const { token } = await tokens.sign({ id: userId, username: `bench${userId - 1}`, isAdmin: false, isOwner: false, sessionVersion: 0 }, true, Date.now());
    const env = { DATABASE_URL: url, JWT_SECRET: SECRET, BENCH_USER_ID: String(userId) };
    const targets = [
      { key: 'hello', name: 'bare Hono hello-world', file: './servers/hello.ts', path: '/', env: {} },
      { key: 'raw', name: 'one indexed libSQL read (native), no framework', file: './servers/raw-libsql.ts', path: '/', env: {} },
      { key: 'rawClient', name: 'one indexed libSQL read (@libsql/client)', file: './servers/raw-libsql.ts', path: '/', env: { BENCH_RAW_MODE: 'client' } },
      { key: 'rawJson', name: 'the app’s stored-list read, no framework', file: './servers/raw-libsql.ts', path: '/', env: { BENCH_RAW_MODE: 'json' } },
      { key: 'app', name: 'tRPC policies.mine (authenticated)', file: './servers/app.ts', path: `/trpc/policies.mine?batch=1&input=${encodeURIComponent('{}')}`, env: {}, headers: { authorization: `Bearer ${token}` } },
      { key: 'rest', name: 'GET /api/user/policies (the REST door)', file: './servers/app.ts', path: '/api/user/policies', env: {}, headers: { authorization: `Bearer ${token}` } },
    ] as const;
    const ports = targets.map((_, i) => 4401 + i);
    for (const [i, t] of targets.entries()) children.push(await startServer(t.file, { ...env, ...t.env, PORT: String(ports[i]) }));
    const runs = new Map<string, LoadResult[]>(targets.map((t) => [t.key, []]));
    for (let round = 0; round < rounds; round++) {
      for (const [i, t] of targets.entries()) {
        const headers = 'headers' in t ? t.headers : undefined;
        runs.get(t.key)!.push(await load(t.name, `http://127.0.0.1:${ports[i]}${t.path}`, { connections: CONNECTIONS, seconds, headers }));
      }
    }
    const result = Object.fromEntries([...runs].map(([k, r]) => [k, medianOf(r)])) as unknown as Omit<ApiBenchResult, 'rounds'>;
    for (const r of Object.values(result)) {
      if (r.errors || r.non2xx) throw new Error(`${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
    }
    return { rounds, ...result };
  } finally {
    await Promise.all(children.map(stopServer));
    rmSync(dir, { recursive: true, force: true });
  }
}
