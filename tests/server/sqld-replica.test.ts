// Several machines, simulated (docs/operations.md#on-several-machines-a-libsql-server): a sqld primary and a replica
// of it, app process A on the primary and B on the replica, behind a round-robin proxy (tests/process/round-robin.ts).
// What the processes must agree on lives in the database, so a customer's day (register, confirm, sign in, a quote
// request issued as a policy, the dashboard over tRPC, the certificate, sign out), sign-in throttles, a logout, the
// cover-ending reminders and the mail outbox hold across the two, each reminder and e-mail sent once. The replica
// applies the primary's writes asynchronously: this measures how far behind it is, and checks what the product
// promises (docs/operations.md#replicas-and-what-they-show): a process reads its own writes, on the replica too; the
// primary has at once what was written through the replica; the replica has what was written on the primary a few
// milliseconds later. Last, B is killed (SIGKILL) during a burst of quote requests: every one acknowledged is stored.
// In the slow project: two sqld processes and two real server processes.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src-server/app';
import { hashPassword } from '../../src-server/platform/auth/password';
import { systemClock } from '../../src-server/platform/clock';
import { epochToUkLocal } from '../../src-server/contract/time';
import { openDatabase } from '../../src-server/platform/db/client';
import { migrateDatabase } from '../../src-server/platform/db/migrate';
import { users } from '../../src-server/platform/db/schema/index';
import { validQuote } from '../fixtures/quote';
import { buildServer, OWNER_PASSWORD, startServer, type ServerProcess } from '../process/real-server';
import { mailLineReader, parse, roundRobinProxy, send, waitFor, type MailLine } from '../process/round-robin';
import { killSqld, startSqld, type SqldNode } from '../process/sqld-nodes';
import { expectSignInThrottleAcross } from './across-processes';
import { PASSWORD, validPolicy } from './harness';

/** Ports of this file (the tests' range is 4810-4899). */
const PORTS = { primary: 4811, primaryGrpc: 4812, replica: 4813, A: 4814, B: 4815, proxy: 4816 } as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REMINDERS = 12;
const RESETS = 8;
/** Writes per direction in the read-after-write measurement. */
const ROUNDS = 20;
/** Quote requests acknowledged before B is killed, and again by A alone after it. */
const BURST = 20;
const NAMES = ['A', 'B'] as const;
type Name = (typeof NAMES)[number];

let dir: string;
let primary: SqldNode;
let replica: SqldNode;
let primaryClient: Client;
let replicaClient: Client;
let proxy: { port: number; server: Server };
const servers: Partial<Record<Name, ServerProcess>> = {};
const delivered: Record<Name, MailLine[]> = { A: [], B: [] };
const reminderNumbers: string[] = [];
const resetEmails: string[] = [];
let readerId = 0;

const port = (name: Name) => servers[name]!.port;
const deliveriesOf = (mailId: number) => [...delivered.A, ...delivered.B].filter((m) => m.mailId === mailId).length;
async function rows<T>(sql: string, ...args: (string | number)[]): Promise<T[]> {
  return (await primaryClient.execute({ sql, args })).rows as unknown as T[];
}

/**
 * Waits until the replica has everything the primary has now, and answers how long that took. Every write the
 * product makes on a server commits a receipt (db/server.ts), so the newest receipt on the primary is the mark.
 */
async function replicaCaughtUp(): Promise<number> {
  const started = performance.now();
  const mark = async (c: Client) => Number((await c.execute('select coalesce(max(rowid), 0) from write_receipts')).rows[0]![0]);
  const target = await mark(primaryClient);
  await waitFor('the replica to catch up with the primary', async () => (await mark(replicaClient)) >= target, () => target, 10_000);
  return performance.now() - started;
}

/** The database both processes start on: the owner, accounts, and cover whose reminder is already due. */
async function seed(): Promise<void> {
  const database = await openDatabase({ url: primary.url });
  try {
    await migrateDatabase(database.db);
    const { app, deps } = await createApp({
      database,
      jwtSecret: 'seed-secret-seed-secret-seed-secret-0123456789',
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      trustProxy: true,
      staticRoot: null,
    });
    const hash = await hashPassword(PASSWORD);
    const now = Date.now();
    const addUser = async (username: string, password = hash, isOwner = false) => {
      const [row] = await deps.write((tx) =>
        tx
          .insert(users)
          .values({ username, email: `${username}@example.test`, passwordHash: password, isAdmin: isOwner, isOwner, emailVerifiedAt: now, createdAt: now, updatedAt: now })
          .returning({ id: users.id }),
      );
      return row!.id;
    };
    await addUser('owner', await hashPassword(OWNER_PASSWORD), true);
    const customerId = await addUser('remind-me');
    await addUser('throttled');
    await addUser('revoke-me');
    readerId = await addUser('reader');
    for (let i = 0; i < RESETS; i++) {
      resetEmails.push(`reset-${i}@example.test`);
      await addUser(`reset-${i}`);
    }
    const login = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify({ username: 'owner', password: OWNER_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    for (let i = 0; i < REMINDERS; i++) {
      const start = epochToUkLocal(now - DAY);
      const end = epochToUkLocal(now + 6 * HOUR + i * 60_000);
      const res = await app.request('/api/admin/policies', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...validPolicy, userId: customerId, startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      reminderNumbers.push(((await res.json()) as { policyNumber: string }).policyNumber);
    }
  } finally {
    database.close();
  }
}

beforeAll(async () => {
  const bundle = buildServer();
  dir = mkdtempSync(join(tmpdir(), 'kerbside-replica-'));
  primary = await startSqld({ dbPath: join(dir, 'primary'), httpPort: PORTS.primary, grpcPort: PORTS.primaryGrpc });
  replica = await startSqld({ dbPath: join(dir, 'replica'), httpPort: PORTS.replica, primaryGrpcPort: PORTS.primaryGrpc });
  primaryClient = createClient({ url: primary.url });
  replicaClient = createClient({ url: replica.url });
  await seed();
  // B's start reads the replica (which migrations are applied, whether an owner exists): it starts on the seed.
  await replicaCaughtUp();

  proxy = await roundRobinProxy(() => NAMES.map(port), NAMES, PORTS.proxy);
  const env = {
    TRUST_PROXY: '1',
    PUBLIC_URL: `http://127.0.0.1:${proxy.port}`,
    // Info: each delivery is one log line, its links whole (the confirmation link is read from it).
    LOG_LEVEL: 'info',
    MAIL_LOG_LINKS: '1',
    // One housekeeping run each, at start-up, together: they race for the reminders due.
    HOUSEKEEPING: 'startup-only',
  };
  const file = await bundle;
  const urls: Record<Name, string> = { A: primary.url, B: replica.url };
  await Promise.all(
    NAMES.map(async (name) => {
      servers[name] = await startServer(file, join(dir, name), { ...env, DATABASE_URL: urls[name] }, {
        port: PORTS[name],
        onStdout: mailLineReader((mail) => delivered[name].push(mail)),
      });
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(
    Object.values(servers).map(async (s) => {
      if (s.child.exitCode !== null || s.child.signalCode !== null) return;
      s.child.kill('SIGKILL');
      await s.exited;
    }),
  );
  proxy?.server.closeAllConnections();
  proxy?.server.close();
  primaryClient?.close();
  replicaClient?.close();
  await Promise.all([replica, primary].filter(Boolean).map((n) => killSqld(n)));
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('app process A on a sqld primary and B on its replica, behind a round-robin proxy', () => {
  it('queues and delivers each cover-ending reminder due at start-up once between the two start-up runs', async () => {
    const reminderMails = () => rows<{ id: number; subject: string; status: string }>(`select id, subject, status from mail_outbox where subject like '%your cover ends%'`);
    await waitFor('every reminder delivered', async () => {
      const mails = await reminderMails();
      return mails.length >= REMINDERS && mails.every((m) => m.status === 'logged');
    }, reminderMails);
    const mails = await reminderMails();
    expect(mails).toHaveLength(REMINDERS);
    for (const n of reminderNumbers) {
      const forPolicy = mails.filter((m) => m.subject.endsWith(`(${n})`));
      expect(forPolicy, n).toHaveLength(1);
      expect(deliveriesOf(Number(forPolicy[0]!.id)), n).toBe(1);
      expect(await rows(`select id from audit_logs where action = ?`, `Cover-ending reminder sent: ${n}`), n).toHaveLength(1);
    }
    const by = (name: Name) => delivered[name].filter((m) => m.subject.includes('your cover ends')).length;
    console.log(`reminders at start-up: ${REMINDERS} due, delivered by A ${by('A')}, by B ${by('B')}`);
  });

  it("carries a customer's day across both: register, confirm, sign in, a quote request issued as a policy, dashboard, certificate, sign out", async () => {
    const answeredBy: string[] = [];
    const lags: number[] = [];
    /**
     * One request through the proxy. After an answer from A (on the primary), the next request, which goes to B, is
     * sent once the replica has caught up: as a person's next click comes after those few milliseconds (the
     * replica's lag is measured on its own below).
     */
    const step = async (method: string, path: string, opts: { body?: unknown; token?: string } = {}) => {
      const answer = await send(proxy.port, method, path, { ...opts, from: '127.0.0.20' });
      answeredBy.push(answer.upstream ?? '?');
      if (answer.upstream === 'A') lags.push(await replicaCaughtUp());
      return answer;
    };
    const email = 'journey@example.test';
    const registered = await step('POST', '/api/register', { body: { username: 'journey', email, password: PASSWORD } });
    expect(registered.status, registered.text).toBe(201);

    // The confirmation e-mail, delivered by one of the two, read from its log line (MAIL_LOG_LINKS=1).
    const confirmation = () => [...delivered.A, ...delivered.B].find((m) => m.to === email && /token=/.test(m.text));
    await waitFor('the confirmation e-mail', () => confirmation() !== undefined, () => delivered);
    const token = new URL(/https?:\/\/\S+/.exec(confirmation()!.text)![0]).searchParams.get('token')!;

    const signIn = await step('POST', '/api/login', { body: { username: 'journey', password: PASSWORD } });
    expect(signIn.status, signIn.text).toBe(200);
    const customer = parse<{ token: string }>(signIn).token;
    const confirmed = await step('POST', '/api/account/verify-email/confirm', { token: customer, body: { token } });
    expect(confirmed.status, confirmed.text).toBe(200);

    const quote = await step('POST', '/api/quotes', { body: { ...validQuote, email, policyStartYear: String(new Date().getUTCFullYear() + 1) } });
    expect(quote.status, quote.text).toBe(201);
    const { reference } = parse<{ reference: string }>(quote);
    const [request] = await rows<{ id: number }>(`select id from quote_requests where reference = ?`, reference);

    const ownerIn = await step('POST', '/api/login', { body: { username: 'owner', password: OWNER_PASSWORD } });
    expect(ownerIn.status, ownerIn.text).toBe(200);
    const owner = parse<{ token: string }>(ownerIn).token;
    const offered = await step('POST', `/api/admin/quotes/${request!.id}/offer`, { token: owner, body: { premium: '64.50' } });
    expect(offered.status, offered.text).toBe(200);
    const accepted = await step('POST', `/api/user/quotes/${reference}/accept`, { token: customer, body: { confirm: true } });
    expect(accepted.status, accepted.text).toBe(200);
    const issued = await step('POST', `/api/admin/quotes/${request!.id}/policy`, { token: owner, body: { licenseNumber: 'FLETC905175A99AA' } });
    expect(issued.status, issued.text).toBe(201);
    const issuedView = parse<{ policy: { id: number; policyNumber: string }; user: { email: string }; awaitingConfirmation: boolean }>(issued);
    expect(issuedView.user.email).toBe(email);
    expect(issuedView.awaitingConfirmation).toBe(false);
    const policyNumber = issuedView.policy.policyNumber;
    // Paid by phone: in force, so the certificate opens (docs/product.md#payments).
    const paid = await step('POST', `/api/admin/policies/${issuedView.policy.id}/payments`, { token: owner, body: { amount: '64.50', method: 'card-by-phone' } });
    expect(paid.status, paid.text).toBe(201);

    const mine = await step('GET', '/trpc/policies.mine', { token: customer });
    expect(mine.status, mine.text).toBe(200);
    expect(parse<{ result: { data: { policyNumber: string }[] } }>(mine).result.data.map((p) => p.policyNumber)).toEqual([policyNumber]);
    const certificate = await step('GET', `/api/policies/${policyNumber}/certificate`, { token: customer });
    expect(certificate.status).toBe(200);
    expect(certificate.headers['content-type']).toBe('application/pdf');

    expect((await step('POST', '/api/logout', { token: customer })).status).toBe(200);
    for (const name of NAMES) {
      expect((await send(port(name), 'GET', '/api/me', { token: customer })).status, name).toBe(401);
      expect((await send(port(name), 'GET', '/trpc/policies.mine', { token: customer })).status, name).toBe(401);
    }
    expect(new Set(answeredBy)).toEqual(new Set(NAMES));
    console.log(`customer's day: answered by ${answeredBy.join(' ')}; the replica caught up after A's answers in at most ${Math.round(Math.max(...lags))} ms`);
  }, 60_000);

  it('counts failed sign-ins across both processes: the sixth from one address is refused by either, another address is not', async () => {
    // Counted in write transactions, which the replica hands to the primary: exact whichever process counts.
    await expectSignInThrottleAcross(proxy.port, NAMES, 'throttled', PASSWORD);
  });

  it('refuses a token signed out on one process on the other: at once on A, on B once the replica has the sign-out', async () => {
    const stale: string[] = [];
    for (const [out, other] of [
      ['B', 'A'],
      ['A', 'B'],
    ] as const) {
      const { token } = parse<{ token: string }>(await send(port(out), 'POST', '/api/login', { body: { username: 'revoke-me', password: PASSWORD }, from: '127.0.0.5' }));
      await replicaCaughtUp();
      for (const name of NAMES) expect((await send(port(name), 'GET', '/api/me', { token })).status, name).toBe(200);
      expect((await send(port(out), 'POST', '/api/logout', { token })).status).toBe(200);
      const signedOutAt = performance.now();
      // The process that signed it out reads its own write, on the replica too.
      expect((await send(port(out), 'GET', '/api/me', { token })).status, `${out} after its own logout`).toBe(401);
      expect((await send(port(out), 'GET', '/api/user/policies', { token })).status, `${out} after its own logout`).toBe(401);
      let first: number | undefined;
      await waitFor(`${other} to refuse the token`, async () => {
        const status = (await send(port(other), 'GET', '/api/me', { token })).status;
        first ??= status;
        return status === 401;
      });
      const after = performance.now() - signedOutAt;
      if (other === 'A') expect(first, 'the primary has a write made through the replica at once').toBe(401);
      else expect(after, 'the replica has the sign-out within a second').toBeLessThan(1_000);
      if (first !== 401) stale.push(`${other} accepted it for ${Math.round(after)} ms`);
      expect((await send(port(other), 'GET', '/api/user/policies', { token })).status).toBe(401);
    }
    console.log(`sign-out across processes: ${stale.length === 0 ? 'refused at once by both' : stale.join('; ')}`);
  });

  it('queues each password reset e-mail once and delivers it once, requests alternating between the processes', async () => {
    const answers = await Promise.all(resetEmails.map((email) => send(proxy.port, 'POST', '/api/password-reset/request', { body: { email }, from: '127.0.0.6' })));
    expect(answers.map((a) => a.status)).toEqual(resetEmails.map(() => 200));
    expect(answers.filter((a) => a.upstream === 'A')).toHaveLength(RESETS / 2);
    const resetMails = () => rows<{ id: number; to_address: string; status: string }>(`select id, to_address, status from mail_outbox where subject like 'Reset your%'`);
    // Each link is made 1-5 s after its request (RESET_LINK_DELAY_MS), then delivered: ~5 s, more on a busy machine.
    await waitFor('every reset e-mail delivered', async () => {
      const mails = await resetMails();
      return mails.length >= RESETS && mails.every((m) => m.status === 'logged');
    }, resetMails, 30_000);
    const mails = await resetMails();
    expect(mails.map((m) => m.to_address).sort()).toEqual([...resetEmails].sort());
    for (const m of mails) expect(deliveriesOf(Number(m.id)), m.to_address).toBe(1);
    const by = (name: Name) => delivered[name].filter((m) => m.subject.startsWith('Reset your')).length;
    console.log(`password reset e-mails: ${RESETS} requested, delivered by A ${by('A')}, by B ${by('B')}`);
  }, 60_000);

  it('reads its own writes on the replica, shows on A at once what B wrote, and on B what A wrote after the replica lag', async () => {
    const tokenOf = async (username: string, password: string, from: string) =>
      parse<{ token: string }>(await send(port('A'), 'POST', '/api/login', { body: { username, password }, from })).token;
    const owner = await tokenOf('owner', OWNER_PASSWORD, '127.0.0.7');
    const reader = await tokenOf('reader', PASSWORD, '127.0.0.8');
    await replicaCaughtUp();
    let serial = 0;
    /** A policy for `reader` written through `writer`, then their dashboard read on `readerOn` at once. */
    const round = async (writer: Name, readerOn: Name) => {
      const created = await send(port(writer), 'POST', '/api/admin/policies', {
        token: owner,
        body: { ...validPolicy, userId: readerId, holderName: `Read After ${writer}${readerOn} ${++serial}`, startDate: '2027-05-01', endDate: '2027-05-08' },
      });
      expect(created.status, created.text).toBe(201);
      const { policyNumber } = parse<{ policyNumber: string }>(created);
      const shows = async () => parse<{ policyNumber: string }[]>(await send(port(readerOn), 'GET', '/api/user/policies', { token: reader })).some((p) => p.policyNumber === policyNumber);
      const writtenAt = performance.now();
      if (await shows()) return 0;
      await waitFor(`${readerOn} to show ${policyNumber}`, shows);
      return performance.now() - writtenAt;
    };
    const lagsOf = async (writer: Name, readerOn: Name) => {
      const lags: number[] = [];
      for (let i = 0; i < ROUNDS; i++) lags.push(await round(writer, readerOn));
      return lags;
    };
    const ownOnReplica = await lagsOf('B', 'B');
    const replicaToPrimary = await lagsOf('B', 'A');
    const primaryToReplica = await lagsOf('A', 'B');
    const summary = (lags: number[]) => {
      const late = lags.filter((l) => l > 0);
      return `${ROUNDS - late.length}/${ROUNDS} at once${late.length ? `, the rest after ${Math.round(Math.min(...late))}-${Math.round(Math.max(...late))} ms` : ''}`;
    };
    console.log(
      `read after write: B then B ${summary(ownOnReplica)}; B then A ${summary(replicaToPrimary)}; A then B ${summary(primaryToReplica)}`,
    );
    expect(ownOnReplica.filter((l) => l > 0), 'a process on the replica reads its own writes').toEqual([]);
    expect(replicaToPrimary.filter((l) => l > 0), 'the primary has what was written through the replica').toEqual([]);
    expect(Math.max(...primaryToReplica), 'the replica has the primary’s writes within a second').toBeLessThan(1_000);
  }, 60_000);

  it('loses no acknowledged write when B is killed (SIGKILL) during a burst of quote requests through the proxy', async () => {
    const acknowledged = new Map<string, string>(); // email -> reference
    const statuses: Record<number, number> = {};
    let serial = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        const n = ++serial;
        const email = `burst${n}@example.test`;
        const answer = await send(proxy.port, 'POST', '/api/quotes', {
          // An address of its own per request: the hourly limit per address stays out of the way.
          from: `127.30.${(n >> 8) & 255}.${n & 255}`,
          body: { ...validQuote, lastName: `Burst${n}`, email, policyStartYear: String(new Date().getUTCFullYear() + 1) },
        });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 201) acknowledged.set(email, parse<{ reference: string }>(answer).reference);
      }
    };
    const burst = Promise.all(Array.from({ length: 6 }, worker));
    let killedWith = 0;
    // Bounded by work: BURST acknowledged before the kill and as many after it (each wait long enough for a busy
    // machine, where every statement is an HTTP round trip to sqld).
    try {
      await waitFor(`${BURST} quote requests acknowledged`, () => acknowledged.size >= BURST, () => acknowledged.size, 25_000);
      servers.B!.child.kill('SIGKILL');
      killedWith = acknowledged.size;
      await servers.B!.exited;
      await waitFor(`${BURST} more acknowledged by A alone`, () => acknowledged.size >= killedWith + BURST, () => acknowledged.size, 25_000);
    } finally {
      running = false;
      await burst;
    }
    const stored = await rows<{ email: string; reference: string }>(`select email, reference from quote_requests where email like 'burst%'`);
    const storedRefs = new Map(stored.map((r) => [String(r.email), String(r.reference)]));
    const missing = [...acknowledged].filter(([email, reference]) => storedRefs.get(email) !== reference);
    expect(missing).toEqual([]);
    // Whole: each stored request has its audit entry and its confirmation e-mail.
    const logged = new Set((await rows<{ action: string }>(`select action from audit_logs where action like 'Quote requested: %'`)).map((r) => String(r.action)));
    const mailed = new Set((await rows<{ to_address: string }>(`select to_address from mail_outbox where to_address like 'burst%'`)).map((r) => String(r.to_address)));
    for (const [email, reference] of storedRefs) {
      expect(logged.has(`Quote requested: ${reference}`), reference).toBe(true);
      expect(mailed.has(email), email).toBe(true);
    }
    expect(statuses[500]).toBeUndefined();
    console.log(
      `SIGKILL of B after ${killedWith} acknowledged: ${serial} quote requests sent, answers ${JSON.stringify(statuses)} ` +
        `(502: the proxy finding B gone); ${acknowledged.size} acknowledged, all stored; ${stored.length} stored`,
    );
  }, 60_000);
});
