// Authenticated GET /api/user/policies against (a) a bare Hono hello-world and (b) one indexed libSQL
// read behind no framework, each server alone in its own process, 50 connections.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTokenService } from '../../src-server/auth/tokens';
import { openDatabase } from '../../src-server/db/client';
import { migrateDatabase } from '../../src-server/db/migrate';
import { policies, users } from '../../src-server/db/schema/index';
import { ukLocalToEpoch } from '../../src-server/contract/time';
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
  hello: LoadResult;
  /** (b) with a cached native prepared statement: the fastest libSQL read. */
  raw: LoadResult;
  /** (b) through @libsql/client's execute, for reference. */
  rawClient: LoadResult;
  app: LoadResult;
}

export async function benchUserPolicies(seconds = 10): Promise<ApiBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'kerbside-bench-'));
  const url = `file:${join(dir, 'bench.db')}`;
  try {
    const userId = await seed(url);
    const tokens = await createTokenService(SECRET);
    const { token } = await tokens.sign({ id: userId, username: `bench${userId - 1}`, isAdmin: false, isOwner: false, sessionVersion: 0 }, true, Date.now());
    const env = { DATABASE_URL: url, JWT_SECRET: SECRET, BENCH_USER_ID: String(userId) };

    const run = async (name: string, file: string, port: number, path: string, headers?: Record<string, string>, extraEnv: Record<string, string> = {}) => {
      const child = await startServer(file, { ...env, ...extraEnv, PORT: String(port) });
      try {
        return await load(name, `http://127.0.0.1:${port}${path}`, { connections: CONNECTIONS, seconds, headers });
      } finally {
        await stopServer(child);
      }
    };
    const hello = await run('bare Hono hello-world', './servers/hello.ts', 4401, '/');
    const raw = await run('one indexed libSQL read (native), no framework', './servers/raw-libsql.ts', 4402, '/');
    const rawClient = await run('one indexed libSQL read (@libsql/client)', './servers/raw-libsql.ts', 4404, '/', undefined, { BENCH_RAW_MODE: 'client' });
    const app = await run('GET /api/user/policies (authenticated)', './servers/app.ts', 4403, '/api/user/policies', { authorization: `Bearer ${token}` });
    for (const r of [hello, raw, rawClient, app]) {
      if (r.errors || r.non2xx) throw new Error(`${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
    }
    return { hello, raw, rawClient, app };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
