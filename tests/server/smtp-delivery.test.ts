// Real mail delivery against a real SMTP server in this process (docs/operations.md#mail): the policy documents
// e-mail queued by "issue policy" arrives with the sender, recipient, subject, text and certificate PDF it was
// queued with; failed attempts (connection refused, connection dropped, a 4xx answer) are retried after 1, 2, 4
// and 8 minutes (jitter fixed here, the clock moved by hand), never before they are due, and the 5th failure is
// final; a run stops at a failure of the server itself and hands the rest of its batch back; a server that never
// greets ends the run at the greeting timeout; and the claim query stays on its index.
// Two processes sharing one outbox: smtp-processes.test.ts (slow project).
import { asc } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedPolicyView } from '../../src-server/contract/views';
import { mailOutbox } from '../../src-server/platform/db/schema/index';
import { createMailer, MAX_ATTEMPTS, nextAttemptAt, RETRY, waitingMail } from '../../src-server/platform/mail/mailer';
import { createHarness, T0, type Harness } from './harness';
import { expectJson } from './answers';
import { queryPlan } from './query-plan';
import { submitQuote } from './quote-flow';
import {
  attachmentsOf,
  parseMime,
  refusedPort,
  smtpError,
  startRawServer,
  startSmtpServer,
  textBody,
  waitFor,
  type RawServer,
  type TestSmtpServer,
} from './smtp';

const MIN = 60_000;
const silent = pino({ level: 'silent' });

async function row(h: Harness, subject: string) {
  const rs = await h.database.client.execute({
    sql: 'select status, attempts, last_error, next_attempt_at, claimed_at, sent_at, text_body, attachments from mail_outbox where subject = ?',
    args: [subject],
  });
  expect(rs.rows, subject).toHaveLength(1);
  return rs.rows[0]!;
}

const subjectOf = (raw: string) => parseMime(raw).headers.get('subject');

describe('the policy documents, issued through the API, over SMTP with a sign-in', () => {
  const MAIL_FROM = 'Kerbside Cover Policies <policies@kerbsidecover.example>';
  let server: TestSmtpServer;
  let h: Harness;

  beforeAll(async () => {
    // Credentials with characters a URL must escape, as SMTP_URL would carry them.
    server = await startSmtpServer({ auth: { user: 'mailer', pass: 'p@ss:word/1' } });
    h = await createHarness(T0, { smtpUrl: server.url, mailFrom: MAIL_FROM });
  });
  afterAll(async () => {
    await server.close();
    await h.close();
  });

  it('arrives from MAIL_FROM to the customer with its subject, its text and the certificate PDF, and is marked sent', async () => {
    await h.addUser({ username: 'sam', isAdmin: true });
    const admin = await h.tokenFor('sam');
    const email = 'amelia.fletcher@example.test';
    const quote = await submitQuote(h, { email });
    expect((await h.request('POST', `/api/admin/quotes/${quote.id}/offer`, { token: admin, body: { premium: '64.50' } })).status).toBe(200);
    expect((await h.request('POST', `/api/admin/quotes/${quote.id}/acceptance`, { token: admin , body: { confirm: true } })).status).toBe(200);
    const { policy } = await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${quote.id}/policy`, { token: admin, body: { licenseNumber: 'FLETC905175A99AA' } }), 201);
    // Paid: the confirmation carries the certificate (docs/product.md#payments).
    expect((await h.request('POST', `/api/admin/policies/${policy.id}/payments`, { token: admin, body: { amount: '64.50', method: 'card-by-phone' } })).status).toBe(201);
    const subject = `Kerbside Cover: your cover is confirmed, ${policy.policyNumber}`;

    // Delivery started after the answer; a run already going when the documents were queued leaves them for the next.
    await waitFor('the documents to be sent', async () => {
      await h.deps.mailer.deliverPending();
      return String((await row(h, subject))['status']) === 'sent';
    });
    const stored = await row(h, subject);
    expect(stored).toMatchObject({ attempts: 1, sent_at: h.clock.now(), last_error: null, next_attempt_at: null, claimed_at: null });

    const delivered = server.accepted.filter((m) => subjectOf(m.raw) === subject);
    expect(delivered).toHaveLength(1);
    const mail = delivered[0]!;
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('policies@kerbsidecover.example');
    expect(mail.to).toEqual([email]);

    const message = parseMime(mail.raw);
    expect(message.headers.get('from')?.replace(/"/g, '')).toBe(MAIL_FROM);
    expect(message.headers.get('to')).toBe(email);
    expect(message.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    // The text as queued, '£64.50' and all (sent quoted-printable).
    expect(textBody(message)).toBe(String(stored['text_body']));
    expect(textBody(message)).toContain('£64.50');

    const queued = JSON.parse(String(stored['attachments'])) as { contentBase64: string }[];
    const files = attachmentsOf(message);
    // The four documents (docs/product.md#policy-documents), the certificate first.
    expect(files.map((f) => f.filename)).toEqual(['certificate', 'schedule', 'statement-of-fact', 'summary'].map((kind) => `${policy.policyNumber}_${kind}.pdf`));
    expect(files[0]).toMatchObject({ filename: `${policy.policyNumber}_certificate.pdf`, contentType: 'application/pdf' });
    const pdf = files[0]!.content;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.equals(Buffer.from(queued[0]!.contentBase64, 'base64'))).toBe(true);
    // The certificate the customer would download at this moment, byte for byte.
    const download = await h.request('GET', `/api/policies/${policy.policyNumber}/certificate`, { token: admin });
    expect(download.status).toBe(200);
    expect(pdf.equals(Buffer.from(await download.arrayBuffer()))).toBe(true);
  });
});

describe('retries', () => {
  let h: Harness;
  let ok: TestSmtpServer;
  let refusing: TestSmtpServer;
  let dropping: RawServer;
  let refusedUrl: string;

  /** A mailer over `url` on the test's database and clock, with the jitter fixed at half its range (× 1.1). */
  const mailerFor = (url: string, extra: Partial<Parameters<typeof createMailer>[0]> = {}) =>
    createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger: silent, smtpUrl: url, random: () => 0.5, ...extra });
  const queue = (subject: string) =>
    h.deps.write((tx) => mailerFor(ok.url).queue(tx, { to: 'customer@example.test', subject, text: `Body of ${subject}` }));
  const arrivals = (server: TestSmtpServer, subject: string) => server.arrived.filter((m) => subjectOf(m.raw) === subject).length;

  beforeAll(async () => {
    h = await createHarness();
    ok = await startSmtpServer();
    refusing = await startSmtpServer({
      answer: () => {
        throw smtpError(451, 'Local error in processing, try again later');
      },
    });
    dropping = await startRawServer('drop');
    refusedUrl = `smtp://127.0.0.1:${await refusedPort()}`;
  });
  afterAll(async () => {
    await Promise.all([ok.close(), refusing.close(), dropping.close()]);
    await h.close();
  });

  it('waits base × 2^(n-1) plus jitter after failure n: 1, 2, 4, 8 minutes (+0-20%)', () => {
    expect(RETRY).toEqual({ baseMs: MIN, jitter: 0.2 });
    expect([1, 2, 3, 4].map((n) => nextAttemptAt(0, n, 0))).toEqual([1, 2, 4, 8].map((m) => m * MIN));
    expect([1, 2, 3, 4].map((n) => nextAttemptAt(0, n, 0.5))).toEqual([66_000, 132_000, 264_000, 528_000]);
    expect(nextAttemptAt(0, 4, 0.999_999)).toBeLessThan(9.6 * MIN + 1);
  });

  it('refused, dropped, answered 451: each counts an attempt and waits longer; not tried before due; then delivered once', async () => {
    const subject = 'Retried until it goes';
    await queue(subject);
    const start = h.clock.now();

    // 1: nothing listening.
    expect(await mailerFor(refusedUrl).deliverPending()).toBe(1);
    expect(await row(h, subject)).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: start + 66_000, claimed_at: null, sent_at: null });
    expect(String((await row(h, subject))['last_error'])).toMatch(/ECONNREFUSED/);

    // Not due yet: a working server is not even contacted.
    h.clock.set(start + 66_000 - 1);
    expect(await mailerFor(ok.url).deliverPending()).toBe(0);
    expect(ok.arrived).toHaveLength(0);

    // 2: accepted, then the connection is reset.
    h.clock.set(start + 66_000);
    expect(await mailerFor(dropping.url).deliverPending()).toBe(1);
    expect(dropping.connections()).toBe(1);
    let now = h.clock.now();
    expect(await row(h, subject)).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: now + 132_000 });
    expect(String((await row(h, subject))['last_error'])).toMatch(/ECONNRESET|closed/i);

    // 3: the server takes the message and answers 451.
    h.clock.set(now + 132_000 - 1);
    expect(await mailerFor(ok.url).deliverPending()).toBe(0);
    h.clock.set(now + 132_000);
    expect(await mailerFor(refusing.url).deliverPending()).toBe(1);
    expect(arrivals(refusing, subject)).toBe(1);
    now = h.clock.now();
    expect(await row(h, subject)).toMatchObject({ status: 'pending', attempts: 3, next_attempt_at: now + 264_000 });
    expect(String((await row(h, subject))['last_error'])).toMatch(/451/);

    // 4: the server works again.
    h.clock.set(now + 264_000 - 1);
    expect(await mailerFor(ok.url).deliverPending()).toBe(0);
    h.clock.set(now + 264_000);
    expect(await mailerFor(ok.url).deliverPending()).toBe(1);
    expect(await row(h, subject)).toMatchObject({ status: 'sent', attempts: 4, sent_at: h.clock.now(), next_attempt_at: null, claimed_at: null });
    h.clock.advance(60 * MIN);
    expect(await mailerFor(ok.url).deliverPending()).toBe(0);
    expect(ok.accepted.filter((m) => subjectOf(m.raw) === subject)).toHaveLength(1);
  });

  it('after the 5th failed attempt the message is failed with its last error, and never tried again', async () => {
    const subject = 'Never gets through';
    await queue(subject);
    const waits = [66_000, 132_000, 264_000, 528_000];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await mailerFor(attempt % 2 ? refusedUrl : refusing.url).deliverPending(), `attempt ${attempt}`).toBe(1);
      const r = await row(h, subject);
      if (attempt < MAX_ATTEMPTS) {
        expect(r, `attempt ${attempt}`).toMatchObject({ status: 'pending', attempts: attempt, next_attempt_at: h.clock.now() + waits[attempt - 1]! });
        h.clock.set(Number(r['next_attempt_at']));
      }
    }
    const failed = await row(h, subject);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null, claimed_at: null, sent_at: null });
    expect(String(failed['last_error'])).toMatch(/ECONNREFUSED/);
    expect(arrivals(refusing, subject)).toBe(2);

    h.clock.advance(24 * 60 * MIN);
    expect(await mailerFor(ok.url).deliverPending()).toBe(0);
    expect(arrivals(ok, subject)).toBe(0);
    expect(await row(h, subject)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('a run stops at a failure of the server and hands back what it did not try; a refusal of one message does not stop it', async () => {
    h.clock.advance(24 * 60 * MIN);
    const subjects = ['Batch one', 'Batch two', 'Batch three'];
    for (const s of subjects) await queue(s);
    expect(await mailerFor(refusedUrl).deliverPending()).toBe(1);
    expect(await row(h, 'Batch one')).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: h.clock.now() + 66_000 });
    for (const s of ['Batch two', 'Batch three']) {
      expect(await row(h, s), s).toMatchObject({ status: 'pending', attempts: 0, next_attempt_at: null, claimed_at: null, last_error: null });
    }

    // One message refused (550 for its recipient, say) is that message's failure: the others still go.
    const picky = await startSmtpServer({
      answer: (mail) => {
        if (subjectOf(mail.raw) === 'Batch two') throw smtpError(550, 'Mailbox unavailable');
      },
    });
    try {
      expect(await mailerFor(picky.url).deliverPending()).toBe(2);
      expect(await row(h, 'Batch two')).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: h.clock.now() + 66_000 });
      expect(await row(h, 'Batch three')).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await row(h, 'Batch one')).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await picky.close();
    }
  });

  it('a server that accepts the connection and never greets ends the run at the greeting timeout', async () => {
    h.clock.advance(24 * 60 * MIN);
    // The earlier test's retries are due by now: out of the way first.
    expect(await mailerFor(ok.url).deliverPending()).toBe(2);
    const subject = 'To a hung server';
    await queue(subject);
    const silentServer = await startRawServer('silent');
    try {
      const started = performance.now();
      const handled = await mailerFor(silentServer.url, { smtpTimeouts: { connectionTimeout: 5_000, greetingTimeout: 300 } }).deliverPending();
      const took = performance.now() - started;
      expect(handled).toBe(1);
      expect(silentServer.connections()).toBe(1);
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(4_000);
      const r = await row(h, subject);
      expect(r).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: h.clock.now() + 66_000 });
      expect(String(r['last_error'])).toMatch(/greeting/i);
    } finally {
      await silentServer.close();
    }
  });

  it('the claim query runs on mail_outbox_status_idx (status, id), whatever the outbox holds', async () => {
    const query = h.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(waitingMail(h.clock.now())).orderBy(asc(mailOutbox.id)).limit(20).toSQL();
    const steps = await queryPlan(h.database, query.sql, query.params);
    const reads = steps.filter((s) => /^(SCAN|SEARCH)/.test(s));
    expect(reads.length, steps.join('\n')).toBeGreaterThan(0);
    for (const s of reads) expect(s, steps.join('\n')).toMatch(/^SEARCH mail_outbox USING (COVERING )?INDEX mail_outbox_status_idx \(status=\?/);
  });
});
