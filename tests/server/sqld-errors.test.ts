// Errors a libSQL server gives and an embedded file never does (docs/operations.md#errors-from-a-libsql-server):
// - sqld ends a write transaction held ~5 s while another waits (TRANSACTION_TIMEOUT): the write queue runs the
//   whole transaction again, and it commits once, whole;
// - sqld killed and started again on the same port and data during a burst of quote requests to the real server:
//   every request is answered 201 (and is stored, whole) or 503 with Retry-After (and nothing of it is stored; sent
//   again it is stored once), never 500; health answers 200 or 503, never 500.
// In the slow project: sqld processes, a transaction held past sqld's 5 s, and the real server.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src-server/platform/db/client';
import { migrateDatabase } from '../../src-server/platform/db/migrate';
import { housekeeping } from '../../src-server/platform/db/schema/index';
import { serverFailureOf } from '../../src-server/platform/db/server';
import { createWriter } from '../../src-server/platform/db/writer';
import { validQuote } from '../fixtures/quote';
import { buildServer, startServer, type ServerProcess } from '../process/real-server';
import { killSqld, startSqld, type SqldNode } from '../process/sqld-nodes';

/** Ports of this file (the tests' range is 4810-4899). */
const PORTS = { restartSqld: 4821, app: 4822, timeoutSqld: 4823, commitSqld: 4824, commitProxy: 4825 } as const;

const dirs: string[] = [];
const nodes: SqldNode[] = [];
const databases: Database[] = [];
let app: ServerProcess | undefined;
afterAll(async () => {
  for (const d of databases) d.close();
  if (app && app.child.exitCode === null) {
    app.child.kill('SIGKILL');
    await app.exited;
  }
  await Promise.all(nodes.map((n) => killSqld(n)));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 30_000);

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Polls `check` until it answers true; fails with `what` after `ms`. */
async function waitFor(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a write transaction sqld ends after ~5 s while another waits (TRANSACTION_TIMEOUT)', () => {
  it('is run again whole by the write queue and committed once, after the waiting one', async () => {
    const node = await startSqld({ dbPath: join(tempDir('kerbside-sqld-timeout-'), 'db'), httpPort: PORTS.timeoutSqld });
    nodes.push(node);
    // Two processes' write queues on one server, as two app processes have.
    const [a, b] = await Promise.all([openDatabase({ url: node.url }), openDatabase({ url: node.url })]);
    databases.push(a!, b!);
    await migrateDatabase(a!.db);
    const writeA = createWriter(a!.writeDb);
    const writeB = createWriter(b!.writeDb);

    let holding!: () => void;
    const aHolds = new Promise<void>((resolve) => (holding = resolve));
    let bThrough!: () => void;
    const bDone = new Promise<void>((resolve) => (bThrough = resolve));
    const seen: unknown[] = [];
    let attempts = 0;
    const startedAt = performance.now();
    const resultA = writeA(async (tx) => {
      attempts += 1;
      await tx.insert(housekeeping).values({ task: `held-${attempts}`, doneAt: 1 });
      if (attempts === 1) {
        // The first attempt holds its transaction until B's write, which waits for it, is through: sqld ends this
        // one after ~5 s to let B in.
        holding();
        await bDone;
      }
      try {
        await tx.insert(housekeeping).values({ task: `held-${attempts}-second-row`, doneAt: 1 });
      } catch (err) {
        seen.push(err);
        throw err;
      }
      return attempts;
    });
    await aHolds;
    const waited = await writeB(async (tx) => {
      await tx.insert(housekeeping).values({ task: 'waited', doneAt: 1 });
      return performance.now() - startedAt;
    });
    bThrough();
    expect(await resultA).toBe(2);

    // What libsql threw at the first attempt: the server's own code, which the queue reads as rolled back.
    const codes: unknown[] = [];
    for (let e: unknown = seen[0]; e; e = (e as { cause?: unknown }).cause) codes.push((e as { code?: unknown }).code);
    expect(codes).toContain('TRANSACTION_TIMEOUT');
    expect(serverFailureOf(seen[0])).toBe('rolled-back');
    // B waited for sqld's 5 s, not for A's whole hold.
    expect(waited).toBeGreaterThan(4_500);
    expect(waited).toBeLessThan(9_000);

    // All or nothing: the first attempt left no row; the second committed both of its own.
    const rs = await a!.client.execute(`select task from housekeeping where task like 'held-%' or task = 'waited' order by task`);
    expect(rs.rows.map((r) => r['task'])).toEqual(['held-2', 'held-2-second-row', 'waited']);
    console.log(`TRANSACTION_TIMEOUT: B's write waited ${Math.round(waited)} ms; A's transaction ran twice, committed once`);
  }, 30_000);
});

/**
 * An HTTP proxy in front of sqld that, once armed, breaks the connection of the next request carrying a COMMIT:
 * before passing it on ('request': the COMMIT never reaches sqld) or after sqld has answered it ('answer': made, and
 * the answer lost).
 */
function commitBreakingProxy(port: number, target: string) {
  let armed: 'request' | 'answer' | null = null;
  let broken = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const breaking = armed !== null && body.includes('COMMIT') ? armed : null;
      if (breaking) armed = null;
      if (breaking === 'request') {
        broken += 1;
        req.socket.destroy();
        return;
      }
      const answer = await fetch(target + (req.url ?? '/'), { method: req.method, headers: { 'content-type': req.headers['content-type'] ?? 'application/json' }, body: req.method === 'GET' ? undefined : body });
      const text = Buffer.from(await answer.arrayBuffer());
      if (breaking === 'answer') {
        broken += 1;
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    listening: new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    arm: (how: 'request' | 'answer') => (armed = how),
    broken: () => broken,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('a COMMIT whose connection breaks', () => {
  it('is looked up by its receipt: made once, never twice, whether the COMMIT or its answer was lost', async () => {
    const node = await startSqld({ dbPath: join(tempDir('kerbside-sqld-commit-'), 'db'), httpPort: PORTS.commitSqld });
    nodes.push(node);
    const proxy = commitBreakingProxy(PORTS.commitProxy, node.url);
    await proxy.listening;
    try {
      const database = await openDatabase({ url: proxy.url });
      databases.push(database);
      await migrateDatabase(database.db);
      const write = createWriter(database.writeDb);
      const runs: Record<string, number> = {};
      const insert = (task: string) =>
        write(async (tx) => {
          runs[task] = (runs[task] ?? 0) + 1;
          await tx.insert(housekeeping).values({ task, doneAt: 1 });
          return task;
        });

      // The answer lost: the receipt shows it was made, so it is answered as made and not run again.
      proxy.arm('answer');
      expect(await insert('answer-lost')).toBe('answer-lost');
      // The COMMIT lost: no receipt, so the transaction is run again, once.
      proxy.arm('request');
      expect(await insert('commit-lost')).toBe('commit-lost');
      expect(proxy.broken()).toBe(2);
      expect(runs).toEqual({ 'answer-lost': 1, 'commit-lost': 2 });
      const rs = await database.client.execute(`select task from housekeeping where task like '%-lost' order by task`);
      expect(rs.rows.map((r) => r['task'])).toEqual(['answer-lost', 'commit-lost']);
    } finally {
      proxy.close();
    }
  }, 30_000);
});

interface Sent {
  email: string;
  address: string;
  body: Record<string, string>;
}

describe('sqld killed and started again during a burst of writes from the real server', () => {
  it('answers every write 201 (stored whole) or 503 with Retry-After (nothing stored), never 500', async () => {
    const dataDir = tempDir('kerbside-sqld-restart-');
    const sqldOptions = { dbPath: join(dataDir, 'sqld'), httpPort: PORTS.restartSqld };
    let node = await startSqld(sqldOptions);
    nodes.push(node);
    const bundle = await buildServer();
    const warnings: string[] = [];
    app = await startServer(
      bundle,
      dataDir,
      { DATABASE_URL: node.url, HOUSEKEEPING: 'startup-only', LOG_LEVEL: 'warn' },
      { port: PORTS.app, onStdout: (text) => warnings.push(...text.split('\n').filter((l) => l.includes('database server unavailable'))) },
    );
    const base = app.base;

    const acknowledged = new Map<string, string>(); // email -> reference
    const refused: Sent[] = [];
    const unexpected: string[] = [];
    const health: Record<number, number> = {};
    let serial = 0;
    let running = true;
    const send = (s: Sent) =>
      fetch(`${base}/api/quotes`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': s.address }, body: JSON.stringify(s.body) });
    const writer = async () => {
      while (running) {
        const n = ++serial;
        const email = `restart${n}@example.test`;
        const s: Sent = {
          email,
          address: `10.9.${(n >> 8) & 255}.${n & 255}`,
          body: { ...validQuote, lastName: `Restart${n}`, email, policyStartYear: String(new Date().getUTCFullYear() + 1) },
        };
        const res = await send(s);
        const text = await res.text();
        if (res.status === 201) acknowledged.set(email, (JSON.parse(text) as { reference: string }).reference);
        else if (res.status === 503 && Number(res.headers.get('retry-after')) > 0) refused.push(s);
        else unexpected.push(`${res.status} ${res.headers.get('retry-after')} ${text}`);
      }
    };
    const healthPoller = async () => {
      while (running) {
        const res = await fetch(`${base}/api/health`);
        health[res.status] = (health[res.status] ?? 0) + 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const traffic = Promise.all([...Array.from({ length: 6 }, writer), healthPoller()]);
    try {
      // 1. A restart the queue rides out: killed, started again at once (~0.4 s): writes wait and go through.
      await waitFor('30 quotes stored', () => acknowledged.size >= 30);
      const killedAt = performance.now();
      await killSqld(node);
      node = await startSqld(sqldOptions);
      nodes.push(node);
      const restartMs = performance.now() - killedAt;
      const before = acknowledged.size;
      await waitFor('30 more quotes stored after the restart', () => acknowledged.size >= before + 30);

      // 2. Down for longer than the tries (~1 s): writes are answered 503, then the server comes back.
      await killSqld(node);
      await waitFor('three writes answered 503 while sqld is down', () => refused.length >= 3);
      node = await startSqld(sqldOptions);
      nodes.push(node);
      const after = acknowledged.size;
      await waitFor('30 more quotes stored once sqld is back', () => acknowledged.size >= after + 30);
      running = false;
      await traffic;
      console.log(
        `sqld restarts: back in ${Math.round(restartMs)} ms the first time; ${serial} quote requests: ${acknowledged.size} answered 201, ` +
          `${refused.length} answered 503; health ${JSON.stringify(health)}; ${warnings.length} '503' warnings logged`,
      );
    } finally {
      running = false;
      await traffic.catch(() => undefined);
    }

    expect(unexpected).toEqual([]);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(health).sort()).toEqual(['200', '503']);
    expect(warnings.length).toBeGreaterThan(0);

    const client: Client = createClient({ url: node.url });
    try {
      const stored = await rowsByEmail(client);
      // Acknowledged: stored, once, whole (its audit entry and its confirmation e-mail in the same transaction).
      for (const [email, reference] of acknowledged) expect(stored.get(email), email).toEqual({ references: [reference], logged: 1, mailed: 1 });
      // Answered 503: nothing of it stored (no request, no audit entry, no e-mail)...
      for (const s of refused) expect(stored.get(s.email), s.email).toBeUndefined();
      expect(stored.size).toBe(acknowledged.size);
      // ...and sent again, stored once.
      for (const s of refused) expect((await send(s)).status, s.email).toBe(201);
      const again = await rowsByEmail(client);
      for (const s of refused) expect(again.get(s.email)?.references, s.email).toHaveLength(1);
      const integrity = await client.execute('pragma integrity_check');
      expect(integrity.rows[0]?.[0]).toBe('ok');
    } finally {
      client.close();
    }
  }, 60_000);
});

/** What the database holds per quote e-mail address: its requests' references, audit entries and confirmations. */
async function rowsByEmail(client: Client): Promise<Map<string, { references: string[]; logged: number; mailed: number }>> {
  const byEmail = new Map<string, { references: string[]; logged: number; mailed: number }>();
  const quotes = await client.execute(`select email, reference from quote_requests where email like 'restart%'`);
  const logs = new Set((await client.execute(`select action from audit_logs where action like 'Quote requested: %'`)).rows.map((r) => String(r['action'])));
  const mails = await client.execute(`select to_address, count(*) as n from mail_outbox where to_address like 'restart%' group by to_address`);
  const mailed = new Map(mails.rows.map((r) => [String(r['to_address']), Number(r['n'])]));
  for (const r of quotes.rows) {
    const email = String(r['email']);
    const entry = byEmail.get(email) ?? { references: [], logged: 0, mailed: mailed.get(email) ?? 0 };
    entry.references.push(String(r['reference']));
    if (logs.has(`Quote requested: ${String(r['reference'])}`)) entry.logged += 1;
    byEmail.set(email, entry);
  }
  // An e-mail or audit entry without its request would be half a write.
  for (const email of mailed.keys()) if (!byEmail.has(email)) byEmail.set(email, { references: [], logged: 0, mailed: mailed.get(email)! });
  return byEmail;
}
