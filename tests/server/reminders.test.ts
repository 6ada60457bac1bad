// Cover-ending reminders (docs/product.md#cover-ending-reminders) with the harness's manual clock: each timing
// rule at its edges, the statuses and accounts that get none, what an edit does, exactly once across a restart
// and between two app instances sharing one database, the index the minute query reads, and the minute
// scheduler's job. The same across real processes: reminders-processes.test.ts; croner's timing: scheduler.test.ts
// (both in the slow project).
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type CreatedApp } from '../../src-server/app';
import { manualClock } from '../../src-server/platform/clock';
import { epochToUkLocal, ukInstantText } from '../../src-server/contract/time';
import { openDatabase, type Database } from '../../src-server/platform/db/client';
import { claimReminder, dueReminderQuery, sendDueReminders } from '../../src-server/modules/policies/reminders/service';
import { reminderTimeOf } from '../../src-server/modules/policies/reminders/timing';
import { runMaintenance } from '../../src-server/maintenance';
import { cancelReason, createHarness, json, T0, TEST_SECRET, validPolicy, type Harness } from './harness';
import { addPolicy } from './answers';
import { queryPlan } from './query-plan';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let h: Harness;
let customerId: number;
/** The owner's token and the clock time it was signed at: the tests move the clock by months both ways. */
let owner = { token: '', at: Number.NaN };
const CUSTOMER_EMAIL = 'remy.reminded@example.test';

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'rem-owner', isOwner: true });
  customerId = await h.addUser({ username: 'remy', email: CUSTOMER_EMAIL });
});
afterAll(() => h.close());

interface Created {
  id: number;
  policyNumber: string;
}

/** The policy fields for cover from `startAt` to `endAt` (UK wall clock, as the API takes them). */
function times(startAt: number, endAt: number) {
  const s = epochToUkLocal(startAt);
  const e = epochToUkLocal(endAt);
  return { startDate: s.date, startTime: s.time, endDate: e.date, endTime: e.time };
}

/** The owner's token, signed again when the clock has moved since (a token from later, or expired, is refused). */
async function ownerToken(): Promise<string> {
  const now = h.clock.now();
  if (now < owner.at || now - owner.at > 60 * 60_000 || !owner.token) owner = { token: await h.tokenFor('rem-owner'), at: now };
  return owner.token;
}

/** A policy made by staff at the clock's now, the customer's by default. */
async function createPolicy(startAt: number, endAt: number, extra: Record<string, unknown> = {}): Promise<Created> {
  return addPolicy<Created>(h, await ownerToken(), { userId: customerId, ...times(startAt, endAt), ...cancelReason(extra['status']), ...extra });
}

async function editPolicy(p: Created, startAt: number, endAt: number, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await h.request('PUT', `/api/admin/policies/${p.id}`, {
    token: await ownerToken(),
    body: { ...validPolicy, userId: customerId, ...times(startAt, endAt), ...cancelReason(extra['status']), ...extra },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

interface Mail {
  to_address: string;
  subject: string;
  text_body: string;
  status: string;
  attempts: number;
}

/** The reminder e-mails in the outbox for a policy. */
async function remindersOf(policyNumber: string, db: Database = h.database): Promise<Mail[]> {
  const rs = await db.client.execute({
    sql: "select to_address, subject, text_body, status, attempts from mail_outbox where subject like '%your cover ends%' and subject like ? order by id",
    args: [`%(${policyNumber})`],
  });
  return rs.rows as unknown as Mail[];
}

/** One run of the minute job at `at`. */
async function tickAt(at: number, app: Pick<CreatedApp, 'deps'> & { clock?: ReturnType<typeof manualClock> } = h): Promise<void> {
  (app.clock ?? h.clock).set(at);
  await runMaintenance(app.deps);
}

async function dueAtOf(id: number): Promise<number | null> {
  const rs = await h.database.client.execute({ sql: 'select reminder_due_at from policies where id = ?', args: [id] });
  const v = rs.rows[0]!['reminder_due_at'];
  return v === null ? null : Number(v);
}

/** Asserts nothing goes at `due - 1 ms`, exactly one at `due`, and no second a minute later. */
async function expectEdge(p: Created, due: number): Promise<void> {
  await tickAt(due - 1);
  expect(await remindersOf(p.policyNumber), 'a millisecond early').toHaveLength(0);
  await tickAt(due);
  expect(await remindersOf(p.policyNumber), 'at its time').toHaveLength(1);
  await tickAt(due + MINUTE);
  expect(await remindersOf(p.policyNumber), 'a minute later').toHaveLength(1);
}

describe('when a reminder falls due', () => {
  it('cover of a day or more: exactly 24 hours before the end', async () => {
    h.clock.set(T0);
    const start = T0 + HOUR;
    const p = await createPolicy(start, start + 3 * DAY);
    expect(await dueAtOf(p.id)).toBe(start + 2 * DAY);
    await expectEdge(p, start + 2 * DAY);
  });

  it('cover of exactly 24 hours: at its start', async () => {
    h.clock.set(T0);
    const start = T0 + 2 * HOUR;
    const p = await createPolicy(start, start + DAY);
    await expectEdge(p, start);
  });

  it('shorter cover: when a fifth of it remains (10 hours: 2 hours before the end)', async () => {
    h.clock.set(T0);
    const start = T0 + HOUR;
    const end = start + 10 * HOUR;
    const p = await createPolicy(start, end);
    await expectEdge(p, end - 2 * HOUR);
  });

  it('23 hours of cover (a day of learner cover when the clocks go forward) is shorter than a day: a fifth', () => {
    const start = Date.UTC(2027, 2, 27, 9, 0); // Sat 27 Mar 2027 09:00 GMT
    const end = Date.UTC(2027, 2, 28, 8, 0); // Sun 28 Mar 2027 09:00 BST
    expect(end - start).toBe(23 * HOUR);
    expect(reminderTimeOf(start, end)).toBe(end - (23 * HOUR) / 5);
  });

  it('the 15-minute floor: an hour of cover is reminded 15 minutes before its end, not 12', async () => {
    h.clock.set(T0);
    const start = T0 + HOUR;
    const end = start + HOUR;
    const p = await createPolicy(start, end);
    await expectEdge(p, end - 15 * MINUTE);
  });

  it('75 minutes of cover: a fifth and the floor meet at 15 minutes; 80 minutes: a fifth, 16', () => {
    const start = T0;
    expect(reminderTimeOf(start, start + 75 * MINUTE)).toBe(start + 60 * MINUTE);
    expect(reminderTimeOf(start, start + 80 * MINUTE)).toBe(start + 64 * MINUTE);
    expect(reminderTimeOf(start, start + 74 * MINUTE)).toBe(start + 59 * MINUTE);
  });

  it('is reckoned to the minute: a fifth that falls mid-minute is due at the start of that minute', () => {
    const start = T0;
    // 3 h 1 min of cover: a fifth is 36 min 12 s, so 2 h 24 min 48 s after the start; due at 2 h 24 min.
    expect(reminderTimeOf(start, start + 181 * MINUTE)).toBe(start + 144 * MINUTE);
  });
});

describe('cover created after its reminder time', () => {
  it('with 15 minutes left, is reminded at the next run; with 14, never', async () => {
    h.clock.set(T0);
    const justInTime = await createPolicy(T0 - HOUR, T0 + 15 * MINUTE);
    const tooLate = await createPolicy(T0 - HOUR, T0 + 14 * MINUTE);
    expect(await dueAtOf(justInTime.id)).toBe(T0);
    expect(await dueAtOf(tooLate.id)).toBeNull();
    await tickAt(T0 + MINUTE);
    await tickAt(T0 + 2 * MINUTE);
    expect(await remindersOf(justInTime.policyNumber)).toHaveLength(1);
    expect(await remindersOf(tooLate.policyNumber)).toHaveLength(0);
  });

  it('done when: created active with two days of cover ending later today, exactly one e-mail within two minutes, with the link, and no second', async () => {
    // 2026-07-01 13:00 BST. Two days of cover from Mon 29 Jun 17:00 to Wed 1 Jul 17:00 BST: its 24-hour time
    // has passed, four hours are left.
    h.clock.set(T0);
    const start = T0 - 2 * DAY + 4 * HOUR;
    const end = T0 + 4 * HOUR;
    const p = await createPolicy(start, end);
    const [first, second, third] = [T0 + MINUTE, T0 + 2 * MINUTE, T0 + 3 * MINUTE];
    await tickAt(first);
    const mails = await remindersOf(p.policyNumber);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to_address).toBe(CUSTOMER_EMAIL);
    expect(mail!.status).toBe('logged');
    expect(mail!.subject).toBe(`Kerbside Cover: your cover ends Wed 1 Jul 2026, 17:00 BST (${p.policyNumber})`);
    expect(mail!.text_body).toContain(`Policy number: ${p.policyNumber}`);
    expect(mail!.text_body).toContain('Cover ends: Wed 1 Jul 2026, 17:00 BST');
    expect(mail!.text_body).toContain(`http://localhost:3000/request-quote-step1?renew=${p.policyNumber}`);
    // Nothing personal in the link: only the policy number.
    const link = /http:\/\/localhost:3000\/request-quote-step1\?\S+/.exec(mail!.text_body)![0];
    expect(new URL(link).searchParams.size).toBe(1);
    await tickAt(second);
    await tickAt(third);
    expect(await remindersOf(p.policyNumber)).toHaveLength(1);
    const log = await h.request('GET', `/api/admin/logs?search=${encodeURIComponent(`reminder sent: ${p.policyNumber}`)}`, { token: await ownerToken() });
    expect((await json<Array<{ action: string; username: string }>>(log)).map((l) => [l.action, l.username])).toEqual([
      [`Cover-ending reminder sent: ${p.policyNumber}`, 'system'],
    ]);
  });

  it('names the end in GMT in winter', async () => {
    const winter = Date.UTC(2026, 11, 1, 12, 0); // Tue 1 Dec 2026 12:00 GMT
    h.clock.set(winter);
    const p = await createPolicy(winter - DAY, winter + 3 * HOUR);
    await tickAt(winter + MINUTE);
    const [mail] = await remindersOf(p.policyNumber);
    expect(mail!.subject).toContain('Tue 1 Dec 2026, 15:00 GMT');
    expect(ukInstantText(winter + 3 * HOUR)).toBe('Tue 1 Dec 2026, 15:00 GMT');
  });
});

describe('no reminder', () => {
  it('for pending, cancelled or expired cover, nor for cover that ended before any run', async () => {
    h.clock.set(T0);
    const start = T0 + HOUR;
    const end = start + 2 * DAY;
    const pending = await createPolicy(start, end, { status: 'pending' });
    const cancelled = await createPolicy(start, end, { status: 'cancelled' });
    const expired = await createPolicy(start, end, { status: 'expired' });
    // Owed, but no server ran from before its time until after its end: the expiry sweep ends it first.
    const missed = await createPolicy(T0 - HOUR, T0 + 2 * HOUR);
    for (const p of [pending, cancelled, expired]) expect(await dueAtOf(p.id)).toBeNull();
    await tickAt(T0 + 3 * HOUR);
    await tickAt(end);
    for (const p of [pending, cancelled, expired, missed]) expect(await remindersOf(p.policyNumber), p.policyNumber).toHaveLength(0);
    expect(await dueAtOf(missed.id)).toBeNull();
  });

  it('for cover cancelled (or set pending) after its reminder fell due but before a run', async () => {
    h.clock.set(T0);
    const start = T0 - DAY;
    const end = T0 + 6 * HOUR;
    const cancelled = await createPolicy(start, end);
    const unconfirmed = await createPolicy(start, end);
    await editPolicy(cancelled, start, end, { status: 'cancelled' });
    await editPolicy(unconfirmed, start, end, { status: 'pending' });
    await tickAt(T0 + MINUTE);
    expect(await remindersOf(cancelled.policyNumber)).toHaveLength(0);
    expect(await remindersOf(unconfirmed.policyNumber)).toHaveLength(0);
  });

  it('without an account, or once its account is closed (deleted while it holds a policy); the reminder is then dropped, not read every minute', async () => {
    h.clock.set(T0);
    const start = T0 - DAY;
    const end = T0 + 6 * HOUR;
    const orphan = await createPolicy(start, end, { userId: null });
    expect(await dueAtOf(orphan.id)).toBeNull();
    const goneId = await h.addUser({ username: 'rem-gone' });
    const res = await h.request('POST', '/api/admin/policies', { token: await ownerToken(), body: { ...validPolicy, userId: goneId, ...times(start, end) } });
    const gone = await json<Created>(res);
    expect(await dueAtOf(gone.id)).toBe(reminderTimeOf(start, end));
    expect((await h.request('DELETE', `/api/admin/users/${goneId}`, { token: await ownerToken() })).status).toBe(200);
    await tickAt(T0 + MINUTE);
    expect(await remindersOf(orphan.policyNumber)).toHaveLength(0);
    expect(await remindersOf(gone.policyNumber)).toHaveLength(0);
    expect(await dueAtOf(gone.id)).toBeNull();
  });
});

describe('an edit', () => {
  it('moving the end before the reminder went: the reminder follows the new end', async () => {
    h.clock.set(T0);
    const start = T0 + HOUR;
    const p = await createPolicy(start, start + 3 * DAY);
    await editPolicy(p, start, start + 5 * DAY);
    await tickAt(start + 2 * DAY);
    expect(await remindersOf(p.policyNumber)).toHaveLength(0);
    await tickAt(start + 4 * DAY);
    const mails = await remindersOf(p.policyNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(ukInstantText(start + 5 * DAY));
  });

  it('after it went: the same end never gets a second (other fields, a status taken away and given back); a new end gets one of its own', async () => {
    h.clock.set(T0);
    const start = T0 - DAY;
    const end = T0 + 6 * HOUR;
    const p = await createPolicy(start, end);
    await tickAt(T0 + MINUTE);
    expect(await remindersOf(p.policyNumber)).toHaveLength(1);

    await editPolicy(p, start, end, { holderName: 'Ann Smith-Jones' });
    await editPolicy(p, start, end, { status: 'cancelled' });
    await editPolicy(p, start, end, { status: 'active' });
    await tickAt(T0 + 2 * MINUTE);
    expect(await remindersOf(p.policyNumber)).toHaveLength(1);

    // Staff extend the cover by two days: a reminder for the new end, 24 hours before it.
    const later = end + 2 * DAY;
    await editPolicy(p, start, later);
    expect(await dueAtOf(p.id)).toBe(later - DAY);
    await tickAt(later - DAY - 1);
    expect(await remindersOf(p.policyNumber)).toHaveLength(1);
    await tickAt(later - DAY);
    const mails = await remindersOf(p.policyNumber);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain(ukInstantText(later));
  });
});

/** A second app on the harness's database: its own connection, write queue and clock, as another process has. */
async function secondInstance(at: number): Promise<CreatedApp & { database: Database; clock: ReturnType<typeof manualClock> }> {
  const database = await openDatabase({ url: h.databaseUrl });
  const clock = manualClock(at);
  const app = await createApp({ database, jwtSecret: TEST_SECRET, clock, logger: pino({ level: 'silent' }), staticRoot: null });
  return { ...app, database, clock };
}

describe('exactly once', () => {
  it('across a restart: a second app on the same database, one after the other, sends nothing again', async () => {
    h.clock.set(T0);
    const p = await createPolicy(T0 - DAY, T0 + 6 * HOUR);
    const first = await secondInstance(T0 + MINUTE);
    await tickAt(T0 + MINUTE, first);
    first.database.close();
    const restarted = await secondInstance(T0 + 2 * MINUTE);
    await tickAt(T0 + 2 * MINUTE, restarted);
    await tickAt(T0 + 3 * MINUTE, restarted);
    restarted.database.close();
    await tickAt(T0 + 4 * MINUTE);
    const mails = await remindersOf(p.policyNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'logged', attempts: 1 });
  });

  it('between two app instances sharing the database at once: both find the same due reminders, each is claimed by one', async () => {
    h.clock.set(T0);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createPolicy(T0 - DAY, T0 + (6 + i) * HOUR));
    const a = await secondInstance(T0 + MINUTE);
    const b = await secondInstance(T0 + MINUTE);
    const now = T0 + MINUTE;
    // Both read before either claims: the stale read is harmless, the claim decides.
    const dueA = (await dueReminderQuery(a.deps.db, now)).map((r) => r.id);
    const dueB = (await dueReminderQuery(b.deps.db, now)).map((r) => r.id);
    expect(dueB).toEqual(dueA);
    for (const p of made) expect(dueA).toContain(p.id);
    const claims: Array<[string, boolean]> = [];
    for (const id of dueA) {
      // Alternate who goes first, so each instance wins some and loses some.
      const order = id % 2 === 0 ? ([['a', a], ['b', b]] as const) : ([['b', b], ['a', a]] as const);
      for (const [name, app] of order) claims.push([name, await claimReminder(app.deps, id, now)]);
    }
    expect(claims.filter(([, won]) => won)).toHaveLength(dueA.length);
    expect(new Set(claims.filter(([, won]) => won).map(([name]) => name))).toEqual(new Set(['a', 'b']));
    // Then both run the whole minute job, and deliver. One after the other: both embedded connections live on
    // this one thread, where a wait for the other's write lock would block the holder too (two real processes
    // running at the same moment: reminders-processes.test.ts).
    await runMaintenance(a.deps);
    await runMaintenance(b.deps);
    for (const p of made) {
      const mails = await remindersOf(p.policyNumber);
      expect(mails, p.policyNumber).toHaveLength(1);
      expect(mails[0]).toMatchObject({ status: 'logged', attempts: 1 });
    }
    a.database.close();
    b.database.close();
  });

  it('delivery is claimed too: a message one instance took is not delivered by another, unless the first died holding it', async () => {
    h.clock.set(T0);
    const a = await secondInstance(T0);
    const b = await secondInstance(T0);
    await a.deps.write((tx) => a.deps.mailer.queue(tx, { to: 'claim@example.test', subject: 'Claim check', text: 'x' }));
    // A process that claimed the message and died before sending it (status 'sending', claimed now).
    await h.database.client.execute({ sql: "update mail_outbox set status = 'sending', claimed_at = ? where subject = 'Claim check'", args: [T0] });
    expect(await b.deps.mailer.deliverPending()).toBe(0);
    b.clock.set(T0 + 9 * MINUTE);
    expect(await b.deps.mailer.deliverPending()).toBe(0);
    // Its claim lapses after ten minutes, and another process delivers it, once.
    b.clock.set(T0 + 10 * MINUTE + 1);
    expect(await b.deps.mailer.deliverPending()).toBe(1);
    expect(await a.deps.mailer.deliverPending()).toBe(0);
    const rs = await h.database.client.execute("select status, attempts, claimed_at from mail_outbox where subject = 'Claim check'");
    expect(rs.rows[0]).toMatchObject({ status: 'logged', attempts: 1, claimed_at: null });
    a.database.close();
    b.database.close();
  });
});

describe('the minute query', () => {
  it('reads the partial index of owed reminders, never the whole table', async () => {
    const { sql, params } = dueReminderQuery(h.database.db, T0).toSQL();
    const details = await queryPlan(h.database, sql, params);
    expect(details).toEqual(['SEARCH policies USING COVERING INDEX policies_reminder_due_idx (reminder_due_at<?)']);
    // The drop of reminders that can no longer go out reads the same index. Asked on a connection of its own:
    // libSQL steps an EXPLAIN of an UPDATE as a write and leaves it open, which would spoil a pooled connection.
    const probe = await openDatabase({ url: h.databaseUrl });
    try {
      const drop = await probe.client.execute(
        "explain query plan update policies set reminder_due_at = null where reminder_due_at <= 1 and (status <> 'active' or user_id is null or end_at <= 1)",
      );
      expect(drop.rows.map((r) => String(r['detail']))).toEqual(['SEARCH policies USING INDEX policies_reminder_due_idx (reminder_due_at<?)']);
    } finally {
      probe.close();
    }
  });

  it('sends at most its batch in one run and the rest in the next', async () => {
    h.clock.set(T0);
    await sendDueReminders(h.deps); // nothing left over from earlier tests
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createPolicy(T0 - DAY, T0 + (6 + i) * HOUR));
    h.clock.set(T0 + MINUTE);
    expect(await sendDueReminders(h.deps, 2)).toBe(2);
    expect(await sendDueReminders(h.deps, 2)).toBe(1);
    expect(await sendDueReminders(h.deps, 2)).toBe(0);
    for (const p of made) expect(await remindersOf(p.policyNumber)).toHaveLength(1);
  });
});

describe('migration 0007', () => {
  it('owes existing active cover the reminder the service would (the same rule in SQL)', async () => {
    // Far enough ahead of the real clock for the migration's own "at least 15 minutes left" test.
    const base = Date.UTC(2030, 5, 3, 8, 0);
    h.clock.set(base - DAY);
    const lengths = [HOUR, 75 * MINUTE, 181 * MINUTE, 10 * HOUR, 23 * HOUR, DAY, 3 * DAY, 40 * DAY];
    const made: Array<{ id: number; start: number; end: number }> = [];
    for (const length of lengths) {
      const p = await createPolicy(base, base + length);
      made.push({ id: p.id, start: base, end: base + length });
    }
    const ids = made.map((m) => m.id).join(',');
    await h.database.client.execute(`update policies set reminder_due_at = null where id in (${ids})`);
    const migration = readFileSync(new URL('../../drizzle/0007_reminders.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE `policies`'))!;
    await h.database.client.execute(backfill.replace(/;\s*$/, '') + ` AND id in (${ids})`);
    for (const m of made) expect(await dueAtOf(m.id), `${(m.end - m.start) / MINUTE} minutes`).toBe(reminderTimeOf(m.start, m.end));
  });
});
