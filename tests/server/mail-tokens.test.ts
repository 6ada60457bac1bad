// Sign-in links at rest (docs/operations.md#mail): the outbox keeps a message's token links only until it is
// delivered. The write that marks it 'sent', 'logged' or 'failed' takes every `token=` value out of its stored text;
// over SMTP the recipient still gets the link whole; without SMTP_URL the log line has the tokens only with
// MAIL_LOG_LINKS; and housekeeping takes them out, once, from messages delivered before this rule.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterAnswer } from '../../src-server/platform/after-answer';
import { EnvError, parseEnv } from '../../src-server/env';
import { createMailer, DELIVERED_TOKENS_TASK, MAX_ATTEMPTS } from '../../src-server/platform/mail/mailer';
import { REMOVED_TOKEN, withoutTokens } from '../../src-server/platform/mail/token-links';
import { runMaintenance } from '../../src-server/maintenance';
import { createHarness, T0, type Harness } from './harness';
import { latestLinkTo, MAIL_LOGGED } from './mail-links';
import { parseMime, refusedPort, startSmtpServer, textBody, type TestSmtpServer } from './smtp';

const TOKEN = 'Zm9yLXRoZS10ZXN0LW9ubHktMDEyMzQ1Njc4OWFiY2RlZg';
const RESET = `https://kerbsidecover.example/reset-password?token=${TOKEN}`;
const text = (token = TOKEN) => `Hello Ann,\n\nChoose a new password: https://kerbsidecover.example/reset-password?token=${token}\n\nThe link works once.`;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Everything the outbox holds, every column of every row, as one string. */
async function wholeOutbox(): Promise<string> {
  return JSON.stringify((await h.database.client.execute('select * from mail_outbox')).rows);
}

async function stored(subject: string): Promise<{ status: string; text: string }> {
  const rs = await h.database.client.execute({ sql: 'select status, text_body from mail_outbox where subject = ?', args: [subject] });
  expect(rs.rows, subject).toHaveLength(1);
  return { status: String(rs.rows[0]!['status']), text: String(rs.rows[0]!['text_body']) };
}

/** A logger whose entries the test reads back. */
function capturingLogger() {
  const entries: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) entries.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), entries };
}

describe('the rule', () => {
  it("replaces the value of every token= query parameter, whatever the link's path, and nothing else", () => {
    expect(withoutTokens(RESET)).toBe(`https://kerbsidecover.example/reset-password?token=${REMOVED_TOKEN}`);
    const several = [
      `Welcome: http://localhost:3000/welcome?token=${TOKEN}.`,
      `Verify: https://x.example/verify-email?lang=en&token=${TOKEN}&next=%2Fdashboard#top`,
      `Any kind: https://x.example/a/b?Token=${TOKEN}`,
      `Renew: https://x.example/request-quote-step1?renew=KC-0000000001&product=temporary`,
      `A token= outside a query, and ?tokens=${TOKEN}, stay.`,
    ].join('\n');
    expect(withoutTokens(several)).toBe(
      [
        `Welcome: http://localhost:3000/welcome?token=${REMOVED_TOKEN}`,
        `Verify: https://x.example/verify-email?lang=en&token=${REMOVED_TOKEN}&next=%2Fdashboard#top`,
        `Any kind: https://x.example/a/b?Token=${REMOVED_TOKEN}`,
        `Renew: https://x.example/request-quote-step1?renew=KC-0000000001&product=temporary`,
        `A token= outside a query, and ?tokens=${TOKEN}, stay.`,
      ].join('\n'),
    );
    expect(withoutTokens(withoutTokens(several))).toBe(withoutTokens(several));
  });
});

describe('without SMTP_URL', () => {
  it('keeps the link until the message is logged; the write that marks it logged takes the token out', async () => {
    const mailer = createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger: capturingLogger().logger });
    await h.deps.write((tx) => mailer.queue(tx, { to: 'ann@example.test', subject: 'Logged reset', text: text() }));
    expect(await stored('Logged reset')).toEqual({ status: 'pending', text: text() });
    await mailer.deliverPending();
    expect(await stored('Logged reset')).toEqual({ status: 'logged', text: text(REMOVED_TOKEN) });
    expect(await wholeOutbox()).not.toContain(TOKEN);
  });

  it('logs the text with its tokens taken out, in the same shape; with MAIL_LOG_LINKS, with its links whole', async () => {
    const quiet = capturingLogger();
    const plain = createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger: quiet.logger });
    await h.deps.write((tx) => plain.queue(tx, { to: 'bo@example.test', subject: 'Reset, logged plain', text: text() }));
    await plain.deliverPending();
    const line = quiet.entries.find((e) => e['subject'] === 'Reset, logged plain');
    expect(line).toMatchObject({ level: 30, msg: MAIL_LOGGED, to: 'bo@example.test', text: text(REMOVED_TOKEN) });
    expect(typeof line!['mailId']).toBe('number');
    expect(JSON.stringify(quiet.entries)).not.toContain(TOKEN);

    const loud = capturingLogger();
    const withLinks = createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger: loud.logger, logLinks: true });
    await h.deps.write((tx) => withLinks.queue(tx, { to: 'bo@example.test', subject: 'Reset, logged with links', text: text() }));
    await withLinks.deliverPending();
    expect(loud.entries.find((e) => e['subject'] === 'Reset, logged with links')).toMatchObject({ msg: MAIL_LOGGED, to: 'bo@example.test', text: text() });
    // The stored copy loses its token either way.
    expect((await stored('Reset, logged with links')).text).toBe(text(REMOVED_TOKEN));
  });

  it('a real password reset: the link arrives (in the log) and works, and the outbox no longer holds its token', async () => {
    await h.addUser({ username: 'cara', email: 'cara@example.test' });
    expect((await h.request('POST', '/api/password-reset/request', { body: { email: 'cara@example.test' } })).status).toBe(200);
    const { token, url } = await latestLinkTo(h, 'cara@example.test', '/reset-password');
    expect(await wholeOutbox()).not.toContain(token);
    const reset = await h.database.client.execute("select status, text_body from mail_outbox where to_address = 'cara@example.test'");
    expect(reset.rows.map((r) => r['status'])).toEqual(['logged']);
    expect(String(reset.rows[0]!['text_body'])).toContain(`${url.origin}/reset-password?token=${REMOVED_TOKEN}`);
    expect((await h.request('POST', '/api/password-reset/confirm', { body: { token, password: 'cara-new-passphrase' } })).status).toBe(200);
  });
});

describe('over SMTP', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(() => server.close());

  it('sends the link whole and keeps it only until then: sent, the stored text has no token', async () => {
    // The app's own mailer (no SMTP_URL: it logs) shares the outbox: a run it began for the tests before would take
    // this message too, so it is let finish first.
    await settleAfterAnswer(h.deps);
    await h.deps.mailer.deliverPending();
    const mailer = createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger: pino({ level: 'silent' }), smtpUrl: server.url });
    await h.deps.write((tx) => mailer.queue(tx, { to: 'dee@example.test', subject: 'Sent reset', text: text() }));
    await mailer.deliverPending();
    const arrived = server.accepted.find((m) => parseMime(m.raw).headers.get('subject') === 'Sent reset');
    expect(textBody(parseMime(arrived!.raw))?.trimEnd()).toBe(text());
    expect(await stored('Sent reset')).toEqual({ status: 'sent', text: text(REMOVED_TOKEN) });
    expect(await wholeOutbox()).not.toContain(TOKEN);
  });

  it('keeps the link for a retry, and takes it out when the last attempt fails', async () => {
    const mailer = createMailer({
      db: h.database.db,
      write: h.deps.write,
      clock: h.clock,
      logger: pino({ level: 'silent' }),
      smtpUrl: `smtp://127.0.0.1:${await refusedPort()}`,
    });
    await h.deps.write((tx) => mailer.queue(tx, { to: 'eve@example.test', subject: 'Failing reset', text: text() }));
    await mailer.deliverPending();
    expect(await stored('Failing reset')).toEqual({ status: 'pending', text: text() });
    // The attempts before the last, as if they had failed already.
    await h.database.client.execute({ sql: "update mail_outbox set attempts = ?, next_attempt_at = null where subject = 'Failing reset'", args: [MAX_ATTEMPTS - 1] });
    await mailer.deliverPending();
    expect(await stored('Failing reset')).toEqual({ status: 'failed', text: text(REMOVED_TOKEN) });
    expect(await wholeOutbox()).not.toContain(TOKEN);
  });
});

describe('messages delivered before the rule', () => {
  it('housekeeping takes their tokens out once, leaves waiting messages whole, and records that it is done', async () => {
    const other = await createHarness(T0);
    try {
      const insert = (subject: string, status: string, body: string) =>
        other.database.client.execute({
          sql: 'insert into mail_outbox (to_address, subject, text_body, status, attempts, created_at) values (?, ?, ?, ?, 1, ?)',
          args: ['old@example.test', subject, body, status, T0],
        });
      for (const status of ['sent', 'logged', 'failed']) await insert(`Old ${status}`, status, text(`${TOKEN}${status}`));
      await insert('Old invitation', 'logged', `Set a password: http://localhost:3000/welcome?token=${TOKEN}w and then sign in.`);
      await insert('Old, no link', 'logged', 'Your quote: £64.50');
      const waiting = await other.database.client.execute({ sql: "select count(*) n from mail_outbox where status = 'pending'" });
      expect(waiting.rows[0]!['n']).toBe(0);

      const first = await runMaintenance(other.deps);
      expect(first.redacted).toBe(4);
      const rows = (await other.database.client.execute("select subject, text_body from mail_outbox where to_address = 'old@example.test' order by id")).rows;
      expect(rows.map((r) => [r['subject'], r['text_body']])).toEqual([
        ['Old sent', text(REMOVED_TOKEN)],
        ['Old logged', text(REMOVED_TOKEN)],
        ['Old failed', text(REMOVED_TOKEN)],
        ['Old invitation', `Set a password: http://localhost:3000/welcome?token=${REMOVED_TOKEN} and then sign in.`],
        ['Old, no link', 'Your quote: £64.50'],
      ]);
      const done = await other.database.client.execute({ sql: 'select done_at from housekeeping where task = ?', args: [DELIVERED_TOKENS_TASK] });
      expect(done.rows.map((r) => r['done_at'])).toEqual([T0]);

      // Done is done: a later run reads the record and nothing else. A message still waiting keeps its link for sending.
      await other.database.client.execute({
        sql: "insert into mail_outbox (to_address, subject, text_body, status, attempts, created_at, next_attempt_at) values ('new@example.test', 'Waiting', ?, 'pending', 1, ?, ?)",
        args: [text(), T0, T0 + 3_600_000],
      });
      expect((await runMaintenance(other.deps)).redacted).toBe(0);
      const stillWaiting = await other.database.client.execute("select status, text_body from mail_outbox where subject = 'Waiting'");
      expect(stillWaiting.rows.map((r) => [r['status'], r['text_body']])).toEqual([['pending', text()]]);
    } finally {
      await other.close();
    }
  });
});

describe('MAIL_LOG_LINKS', () => {
  it('is off unless set to 1 (or true), and a bad value stops start-up', () => {
    expect(parseEnv({}).MAIL_LOG_LINKS).toBe(false);
    expect(parseEnv({ MAIL_LOG_LINKS: '0' }).MAIL_LOG_LINKS).toBe(false);
    expect(parseEnv({ MAIL_LOG_LINKS: '1' }).MAIL_LOG_LINKS).toBe(true);
    expect(parseEnv({ MAIL_LOG_LINKS: 'true' }).MAIL_LOG_LINKS).toBe(true);
    expect(() => parseEnv({ MAIL_LOG_LINKS: 'yes' })).toThrow(new EnvError('Invalid environment: MAIL_LOG_LINKS must be 0 or 1'));
  });
});
