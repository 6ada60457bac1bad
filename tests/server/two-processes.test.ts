// Two real server processes on one embedded database file (WAL), behind a round-robin proxy (tests/process/round-robin.ts)
// (docs/operations.md#several-server-processes): what must be shared lives in the database, so sign-in throttles,
// a logout, cover-ending reminders and the mail outbox hold across the two; 200 writes at once through the proxy
// are all kept, once each; and while one process takes a heavy write load, neither stops answering for long (the
// longest gap between health answers is printed). In the slow project: it bundles and starts the real server.
import { Agent, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Libsql from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochToUkLocal } from '../../src-server/contract/time';
import { integrityOf } from '../../src-server/platform/db/backup';
import { buildServer, OWNER_PASSWORD, startServer, type ServerProcess } from '../process/real-server';
import { mailLineReader, parse, roundRobinProxy, send, waitFor, type MailLine } from '../process/round-robin';
import { expectSignInThrottleAcross } from './across-processes';
import { createHarness, PASSWORD, validPolicy, type Harness } from './harness';
import { onServer } from './test-database';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REMINDERS = 12;
const RESETS = 8;
const WRITES = 200;
/** How long process A takes the heavy write load while both are polled. */
const LOAD_MS = 4_000;
const NAMES = ['A', 'B'] as const;
type Name = (typeof NAMES)[number];

let h: Harness;
let dbPath: string;
let proxy: { port: number; server: Server };
const servers: Partial<Record<Name, ServerProcess>> = {};
/** Each process's log lines for the mail it delivered (no SMTP_URL: a delivery is one log line). */
const delivered: Record<Name, MailLine[]> = { A: [], B: [] };
let reader: Libsql.Database;
const reminderNumbers: string[] = [];
const resetEmails: string[] = [];

const rows = <T>(sql: string, ...args: unknown[]): T[] => reader.prepare(sql).all(...args) as T[];
const deliveriesOf = (mailId: number) => [...delivered.A, ...delivered.B].filter((m) => m.mailId === mailId).length;
const port = (name: Name) => servers[name]!.port;

/**
 * Delivered, and its log line read here: the row can say 'logged' before the process's output reaches this one
 * through its pipe, so a count of deliveries waits for both.
 */
const isLoggedAndRead = (m: { id: number; status: string }) => m.status === 'logged' && deliveriesOf(m.id) > 0;
const collectMailLines = (name: Name) => mailLineReader((mail) => delivered[name].push(mail));

beforeAll(async () => {
  const bundle = buildServer();
  // The database before either process starts: the owner, accounts, and cover whose reminder is already due, so
  // both processes' start-up housekeeping finds the same reminders owed and races for them.
  h = await createHarness(Date.now());
  dbPath = join(h.dir, 'test.db');
  await h.addUser({ username: 'owner', email: 'owner@example.test', password: OWNER_PASSWORD, isOwner: true });
  const customerId = await h.addUser({ username: 'remind-me', email: 'remind-me@example.test' });
  await h.addUser({ username: 'throttled', email: 'throttled@example.test' });
  await h.addUser({ username: 'revoke-me', email: 'revoke-me@example.test' });
  for (let i = 0; i < RESETS; i++) {
    resetEmails.push(`reset-${i}@example.test`);
    await h.addUser({ username: `reset-${i}`, email: resetEmails[i] });
  }
  const ownerToken = await h.tokenFor('owner', OWNER_PASSWORD);
  const now = h.clock.now();
  for (let i = 0; i < REMINDERS; i++) {
    const start = epochToUkLocal(now - DAY);
    const end = epochToUkLocal(now + 6 * HOUR + i * 60_000);
    const res = await h.request('POST', '/api/admin/policies', {
      token: ownerToken,
      body: { ...validPolicy, userId: customerId, startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    reminderNumbers.push(((await res.json()) as { policyNumber: string }).policyNumber);
  }
  h.database.close();

  proxy = await roundRobinProxy(() => NAMES.map(port), NAMES);
  const env = {
    DATABASE_URL: `file:${dbPath}`,
    TRUST_PROXY: '1',
    PUBLIC_URL: `http://127.0.0.1:${proxy.port}`,
    // Info: each delivery of a message is one log line, counted per process.
    LOG_LEVEL: 'info',
  };
  const file = await bundle;
  // Started together: both run migrations, the first-owner check and housekeeping at start-up on the same file.
  // Each kept as soon as it is up, so afterAll stops it even when the other fails to start.
  await Promise.all(
    NAMES.map(async (name) => {
      servers[name] = await startServer(file, h.dir, env, { onStdout: collectMailLines(name) });
    }),
  );
  reader = new Libsql(dbPath, { readonly: true });
}, 60_000);

afterAll(async () => {
  if (reader?.open) reader.close();
  await Promise.all(
    Object.values(servers).map(async (s) => {
      if (s.child.exitCode !== null) return;
      s.child.kill('SIGTERM');
      const stopped = await Promise.race([s.exited.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 12_000))]);
      if (!stopped) s.child.kill('SIGKILL');
    }),
  );
  proxy?.server.closeAllConnections();
  proxy?.server.close();
  if (h) rmSync(h.dir, { recursive: true, force: true });
}, 30_000);

// About the embedded file shared by two processes: its write lock, which the stall figures measure, and a native
// reader on the file; processes sharing a libSQL server are another test's.
describe.skipIf(onServer)('two server processes on one database file behind a round-robin proxy (embedded file only)', () => {
  it('queues and delivers each cover-ending reminder due at start-up once between the two start-up runs', async () => {
    const reminderMails = () =>
      rows<{ id: number; subject: string; status: string }>(`select id, subject, status from mail_outbox where subject like '%your cover ends%'`);
    await waitFor('every reminder delivered', () => {
      const mails = reminderMails();
      return mails.length >= REMINDERS && mails.every(isLoggedAndRead);
    }, reminderMails);
    const mails = reminderMails();
    expect(mails).toHaveLength(REMINDERS);
    for (const n of reminderNumbers) {
      const forPolicy = mails.filter((m) => m.subject.endsWith(`(${n})`));
      expect(forPolicy, n).toHaveLength(1);
      expect(deliveriesOf(forPolicy[0]!.id), n).toBe(1);
      expect(rows(`select id from audit_logs where action = ?`, `Cover-ending reminder sent: ${n}`), n).toHaveLength(1);
    }
    const by = (name: Name) => delivered[name].filter((m) => m.subject.includes('your cover ends')).length;
    console.log(`reminders at start-up: ${REMINDERS} due, delivered by A ${by('A')}, by B ${by('B')}`);
  });

  it('counts failed sign-ins across both processes: the sixth from one address is refused by either, another address is not', async () => {
    await expectSignInThrottleAcross(proxy.port, NAMES, 'throttled', PASSWORD);
  });

  it('refuses a token signed out on one process at once on the other, though the other had accepted it before', async () => {
    for (const [out, other] of [
      ['A', 'B'],
      ['B', 'A'],
    ] as const) {
      const { token } = parse<{ token: string }>(
        await send(proxy.port, 'POST', '/api/login', { body: { username: 'revoke-me', password: PASSWORD }, from: '127.0.0.5' }),
      );
      // Both processes accept it first (and keep it among the tokens they verified: auth/tokens.ts).
      for (const name of NAMES) {
        expect((await send(port(name), 'GET', '/api/me', { token })).status, name).toBe(200);
        expect((await send(port(name), 'GET', '/api/user/policies', { token })).status, name).toBe(200);
      }
      expect((await send(port(out), 'POST', '/api/logout', { token })).status).toBe(200);
      // Both kinds of caller check: the plain one and GET /api/user/policies' combined read.
      expect((await send(port(other), 'GET', '/api/me', { token })).status, `${other} after logout on ${out}`).toBe(401);
      expect((await send(port(other), 'GET', '/api/user/policies', { token })).status, `${other} after logout on ${out}`).toBe(401);
      expect((await send(port(out), 'GET', '/api/me', { token })).status).toBe(401);
    }
  });

  it('queues each password reset e-mail once and delivers it once, requests alternating between the processes', async () => {
    const answers = await Promise.all(
      resetEmails.map((email) => send(proxy.port, 'POST', '/api/password-reset/request', { body: { email }, from: '127.0.0.6' })),
    );
    expect(answers.map((a) => a.status)).toEqual(resetEmails.map(() => 200));
    expect(answers.filter((a) => a.upstream === 'A')).toHaveLength(RESETS / 2);

    const resetMails = () =>
      rows<{ id: number; to_address: string; status: string }>(`select id, to_address, status from mail_outbox where subject like 'Reset your%'`);
    // Each link is made 1-5 s after its request (RESET_LINK_DELAY_MS), then delivered: ~5 s, more on a busy machine.
    await waitFor('every reset e-mail delivered', () => {
      const mails = resetMails();
      return mails.length >= RESETS && mails.every(isLoggedAndRead);
    }, () => rows(`select id, to_address, status, claimed_at from mail_outbox where subject like 'Reset your%'`), 30_000);
    const mails = resetMails();
    expect(mails.map((m) => m.to_address).sort()).toEqual([...resetEmails].sort());
    for (const m of mails) expect(deliveriesOf(m.id), m.to_address).toBe(1);
    const by = (name: Name) => delivered[name].filter((m) => m.subject.startsWith('Reset your')).length;
    console.log(`password reset e-mails: ${RESETS} requested, delivered by A ${by('A')}, by B ${by('B')}`);
  }, 60_000);

  it(`keeps every one of ${WRITES} policies created at once through the proxy, once each`, async () => {
    const { token } = parse<{ token: string }>(
      await send(proxy.port, 'POST', '/api/login', { body: { username: 'owner', password: OWNER_PASSWORD }, from: '127.0.0.7' }),
    );
    const holders = Array.from({ length: WRITES }, (_, i) => `Nothing Lost ${String(i).padStart(3, '0')}`);
    const answers = await Promise.all(
      holders.map((holderName) =>
        send(proxy.port, 'POST', '/api/admin/policies', {
          token,
          from: '127.0.0.7',
          body: { ...validPolicy, holderName, startDate: '2027-03-01', endDate: '2027-03-08' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    expect(answers.filter((a) => a.upstream === 'A')).toHaveLength(WRITES / 2);
    const numbers = answers.map((a) => parse<{ policyNumber: string }>(a).policyNumber);
    expect(new Set(numbers).size).toBe(WRITES);

    const stored = rows<{ policy_number: string; holder_name: string }>(`select policy_number, holder_name from policies where holder_name like 'Nothing Lost %'`);
    expect(stored).toHaveLength(WRITES);
    expect(new Set(stored.map((r) => r.policy_number))).toEqual(new Set(numbers));
    expect(new Set(stored.map((r) => r.holder_name))).toEqual(new Set(holders));
  }, 60_000);

  it('keeps answering on both while A takes a heavy write load and B writes too: the longest stall is well under a second', async () => {
    const { token } = parse<{ token: string }>(
      await send(proxy.port, 'POST', '/api/login', { body: { username: 'owner', password: OWNER_PASSWORD }, from: '127.0.0.8' }),
    );
    const end = Date.now() + LOAD_MS;
    let running = true;
    const failures: string[] = [];
    const created: Record<Name, number> = { A: 0, B: 0 };
    const slowestWrite: Record<Name, number> = { A: 0, B: 0 };

    // Writers straight to one process's port: 16 at a time on A, 2 on B.
    const writer = async (name: Name, agent: Agent) => {
      for (let i = 0; Date.now() < end; i++) {
        const asked = performance.now();
        const a = await send(port(name), 'POST', '/api/admin/policies', {
          token,
          agent,
          body: { ...validPolicy, holderName: `Stall Load ${name}`, startDate: '2027-04-01', endDate: '2027-04-08' },
        });
        slowestWrite[name] = Math.max(slowestWrite[name], performance.now() - asked);
        if (a.status === 201) created[name]++;
        else failures.push(`${name} ${a.status} ${a.text}`);
      }
    };
    // Health every ~10 ms on each process; the longest time between two answers is the stall.
    const stall: Record<Name, { longest: number; polls: number }> = { A: { longest: 0, polls: 0 }, B: { longest: 0, polls: 0 } };
    const poller = async (name: Name) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      let last = performance.now();
      while (running) {
        const asked = performance.now();
        const a = await send(port(name), 'GET', '/api/health', { agent });
        if (a.status !== 200) failures.push(`${name} health ${a.status} ${a.text}`);
        const now = performance.now();
        stall[name] = { longest: Math.max(stall[name].longest, now - last), polls: stall[name].polls + 1 };
        last = now;
        await new Promise((r) => setTimeout(r, Math.max(0, 10 - (now - asked))));
      }
      agent.destroy();
    };
    // This process's own event loop, which sends all of it: a long delay here would show in both figures.
    const ownDelay = monitorEventLoopDelay({ resolution: 10 });
    ownDelay.enable();
    const polling = Promise.all(NAMES.map(poller));
    const heavy = new Agent({ keepAlive: true, maxSockets: 16 });
    const light = new Agent({ keepAlive: true, maxSockets: 2 });
    await Promise.all([
      ...Array.from({ length: 16 }, () => writer('A', heavy)),
      ...Array.from({ length: 2 }, () => writer('B', light)),
    ]);
    running = false;
    await polling;
    ownDelay.disable();
    heavy.destroy();
    light.destroy();

    const ms = (n: number) => `${Math.round(n)} ms`;
    console.log(
      `longest stall: A ${ms(stall.A.longest)}, B ${ms(stall.B.longest)} over ${stall.A.polls} and ${stall.B.polls} polls ` +
        `in ${LOAD_MS / 1000} s while A wrote ${created.A} policies (16 connections, slowest ${ms(slowestWrite.A)}) ` +
        `and B ${created.B} (2 connections, slowest ${ms(slowestWrite.B)}); ` +
        `the test process's own longest event-loop delay ${ms(ownDelay.max / 1e6)}`,
    );
    expect(failures).toEqual([]);
    expect(created.A).toBeGreaterThan(100);
    expect(created.B).toBeGreaterThan(5);
    expect(stall.A.longest).toBeLessThan(1000);
    expect(stall.B.longest).toBeLessThan(1000);
    for (const name of NAMES) {
      expect(rows(`select id from policies where holder_name = ?`, `Stall Load ${name}`), name).toHaveLength(created[name]);
    }
  }, 60_000);

  it('leaves a sound database once both processes stop', async () => {
    await Promise.all(
      NAMES.map(async (name) => {
        servers[name]!.child.kill('SIGTERM');
        expect(await servers[name]!.exited, name).toBe(0);
      }),
    );
    reader.close();
    expect(integrityOf(dbPath)).toBe('ok');
  }, 30_000);
});
