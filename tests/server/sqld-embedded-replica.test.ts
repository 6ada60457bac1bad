// Embedded replicas of a libSQL server (docs/operations.md#an-embedded-replica-of-a-libsql-server): two real server
// processes, A and B, each on a local file that libSQL keeps in step with one sqld and sends every write to. Each
// process reads its own writes at once; the other's show after its next pull (DATABASE_SYNC_INTERVAL_MS, 100 ms), and
// this measures how long that takes. A customer's day crosses the two: registered and signed in on A, the quote asked
// on B, the policy issued on A and its certificate read on B, signed out on A and refused on B. B's replica file is
// backed up while B serves (the server's database, copied through its replica). Reads on A while other requests write
// there all answer. Last, A is
// killed (SIGKILL) during a burst of quote requests: every one it acknowledged is on the server. In the slow project:
// one sqld and two real server processes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validQuote } from '../fixtures/quote';
import { buildServer, OWNER_PASSWORD, ROOT, startServer, type ServerProcess } from '../process/real-server';
import { parse, send, waitFor } from '../process/round-robin';
import { killSqld, startSqld, type SqldNode } from '../process/sqld-nodes';

/** Ports of this file (the tests' range is 4810-4899). */
const PORTS = { sqld: 4831, A: 4832, B: 4833 } as const;

let dir: string;
let sqld: SqldNode;
let server: Client;
const servers: { A?: ServerProcess; B?: ServerProcess } = {};
let bundle: string;

async function startApp(name: 'A' | 'B'): Promise<ServerProcess> {
  return startServer(
    bundle,
    join(dir, name),
    { DATABASE_URL: `file:${join(dir, name, 'replica.db')}`, DATABASE_SYNC_URL: sqld.url, HOUSEKEEPING: 'startup-only' },
    { port: PORTS[name] },
  );
}

/** Cover asked to start tomorrow at 09:00 UK time, for 3 days. */
function quote(email: string) {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(Date.now() + 86_400_000)
    .split('-');
  return { ...validQuote, email, policyStartDay: String(Number(day)), policyStartMonth: String(Number(month)), policyStartYear: year, policyStartTime: '09:00' };
}

/** How long `check` took to hold, polled; fails after 5 s. */
async function timeUntil(what: string, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  await waitFor(what, check, () => '', 5000);
  return performance.now() - started;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kerbside-embedded-replica-'));
  bundle = await buildServer();
  sqld = await startSqld({ dbPath: join(dir, 'sqld'), httpPort: PORTS.sqld });
  server = createClient({ url: sqld.url });
  // A migrates the server and makes the first owner; B then finds both there.
  servers.A = await startApp('A');
  servers.B = await startApp('B');
}, 60_000);

afterAll(async () => {
  for (const s of [servers.A, servers.B]) {
    if (s && s.child.exitCode === null) {
      s.child.kill('SIGKILL');
      await s.exited;
    }
  }
  server?.close();
  if (sqld) await killSqld(sqld);
  rmSync(dir, { recursive: true, force: true });
});

describe('two processes, each on an embedded replica of one sqld', () => {
  const lags: number[] = [];

  it("a customer's day crosses the two: each reads its own writes at once, the other's after its next pull", async () => {
    const A = PORTS.A;
    const B = PORTS.B;
    // Registered on A, signed in on A at once (its own write).
    const register = await send(A, 'POST', '/api/register', { body: { username: 'rita', email: 'rita@example.test', password: 'rita-password-1' }, from: '127.0.0.3' });
    expect(register.status, register.text).toBe(201);
    expect((await send(A, 'POST', '/api/login', { body: { username: 'rita', password: 'rita-password-1' }, from: '127.0.0.3' })).status).toBe(200);
    // On B once its replica has pulled the account.
    let token = '';
    lags.push(
      await timeUntil('B to know the account', async () => {
        const res = await send(B, 'POST', '/api/login', { body: { username: 'rita', password: 'rita-password-1' }, from: '127.0.0.3' });
        if (res.status === 200) token = parse<{ token: string }>(res).token;
        return res.status === 200;
      }),
    );

    // The quote asked on B is on the server at once; staff issue it on A once A has pulled it.
    const asked = await send(B, 'POST', '/api/quotes', { body: quote('rita.quote@example.test'), from: '127.0.0.4' });
    expect(asked.status, asked.text).toBe(201);
    const { reference } = parse<{ reference: string }>(asked);
    expect((await server.execute({ sql: 'select count(*) n from quote_requests where reference = ?', args: [reference] })).rows[0]!['n']).toBe(1);
    const owner = parse<{ token: string }>(await send(A, 'POST', '/api/login', { body: { username: 'owner', password: OWNER_PASSWORD }, from: '127.0.0.5' })).token;
    const id = Number((await server.execute({ sql: 'select id from quote_requests where reference = ?', args: [reference] })).rows[0]!['id']);
    let policyNumber = '';
    lags.push(
      await timeUntil('A to have the quote request', async () => {
        // Priced, accepted by phone, issued and paid (docs/product.md#payments): the certificate needs cover in force.
        if ((await send(A, 'POST', `/api/admin/quotes/${id}/offer`, { token: owner, body: { premium: '64.50' } })).status !== 200) return false;
        expect((await send(A, 'POST', `/api/admin/quotes/${id}/acceptance`, { token: owner, body: { confirm: true } })).status).toBe(200);
        const res = await send(A, 'POST', `/api/admin/quotes/${id}/policy`, { token: owner, body: { licenseNumber: 'RITAA905175A99AA' } });
        expect(res.status, res.text).toBe(201);
        const policy = parse<{ policy: { id: number; policyNumber: string } }>(res).policy;
        policyNumber = policy.policyNumber;
        const paid = await send(A, 'POST', `/api/admin/policies/${policy.id}/payments`, { token: owner, body: { amount: '64.50', method: 'card-by-phone' } });
        expect(paid.status, paid.text).toBe(201);
        return true;
      }),
    );

    // The certificate on B (staff may open any) once B has pulled the policy.
    lags.push(
      await timeUntil('B to have the policy', async () => (await send(B, 'GET', `/api/policies/${policyNumber}/certificate`, { token: owner })).status === 200),
    );
    expect((await send(B, 'GET', '/trpc/policies.mine', { token })).status).toBe(200);

    // Signed out on A: A refuses the token at once, B after its next pull.
    expect((await send(A, 'POST', '/api/logout', { token })).status).toBe(200);
    expect((await send(A, 'GET', '/api/me', { token })).status).toBe(401);
    lags.push(await timeUntil('B to refuse the signed-out token', async () => (await send(B, 'GET', '/api/me', { token })).status === 401));

    // The pulls run every 100 ms: nothing waited much longer than that.
    console.log(`another process's write seen after ${lags.map((l) => l.toFixed(0)).join(', ')} ms`);
    expect(Math.max(...lags)).toBeLessThan(2000);
  });

  it("backs the server's database up through a replica: npm run db:backup of B's file while B serves", async () => {
    const out = join(dir, 'backup.db');
    const printed = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'db-backup.ts'), '--out', out], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: `file:${join(dir, 'B', 'replica.db')}` },
      encoding: 'utf8',
    });
    expect(printed).toContain('integrity check: ok');
    const copy = createClient({ url: `file:${out}` });
    try {
      expect((await copy.execute("select count(*) n from users where username = 'rita'")).rows[0]!['n']).toBe(1);
    } finally {
      copy.close();
    }
  });

  it("reads while other requests write on the same replica all answer: none is refused by the write's open transaction", async () => {
    // One connection per replica: a read arriving while a write's transaction holds it waits for it (db/one-connection.ts).
    const owner = parse<{ token: string }>(await send(PORTS.A, 'POST', '/api/login', { body: { username: 'owner', password: OWNER_PASSWORD }, from: '127.0.0.6' })).token;
    const writes = Array.from({ length: 30 }, (_, i) => send(PORTS.A, 'POST', '/api/quotes', { body: quote(`overlap${i}@example.test`), from: `127.0.9.${i + 1}` }));
    const reads = Array.from({ length: 60 }, () => send(PORTS.A, 'GET', '/api/admin/quotes?limit=5', { token: owner }));
    const statuses = (await Promise.all([...writes, ...reads])).map((res) => res.status);
    expect(statuses.slice(0, writes.length).every((status) => status === 201), String(statuses)).toBe(true);
    expect(statuses.slice(writes.length).every((status) => status === 200), String(statuses)).toBe(true);
  });

  it('a process killed during a burst of writes loses none it acknowledged', async () => {
    const acknowledged: string[] = [];
    let sent = 0;
    const burst = (async () => {
      for (;;) {
        sent += 1;
        try {
          const res = await send(PORTS.A, 'POST', '/api/quotes', { body: quote(`burst${sent}@example.test`), from: `127.0.${Math.floor(sent / 250) + 10}.${sent % 250}` });
          if (res.status === 201) acknowledged.push(parse<{ reference: string }>(res).reference);
        } catch {
          return;
        }
      }
    })();
    await waitFor('some writes acknowledged', () => acknowledged.length >= 20, () => acknowledged.length, 20_000);
    servers.A!.child.kill('SIGKILL');
    await servers.A!.exited;
    await burst;
    const stored = await server.execute(`select reference from quote_requests where reference in (${acknowledged.map(() => '?').join(',')})`, acknowledged);
    expect(stored.rows.length).toBe(acknowledged.length);
    // A starts again on its replica file and carries on.
    servers.A = await startApp('A');
    expect((await send(PORTS.A, 'GET', '/api/health')).status).toBe(200);
  }, 60_000);
});
