// Mail with files (docs/operations.md#mail): the outbox keeps an attachment as base64 JSON beside the
// message; over SMTP it goes out as a real MIME attachment (asserted against an in-process SMTP server);
// without SMTP_URL the whole message is printed to the log, an attachment by its name and size only.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src-server/platform/mail/mailer';
import { createHarness, type Harness } from './harness';
import { attachmentsOf, parseMime, startSmtpServer, textBody, type TestSmtpServer } from './smtp';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Bytes no text encoding would carry unchanged: every byte value, twice, and a PDF's opening. */
const FILE = new Uint8Array([...Buffer.from('%PDF-1.3\n'), ...Array.from({ length: 512 }, (_, i) => i % 256)]);
const attachment = { filename: 'KC-TEST000001_certificate.pdf', contentType: 'application/pdf', content: FILE };

async function outboxRow(subject: string) {
  const rs = await h.database.client.execute({ sql: 'select * from mail_outbox where subject = ?', args: [subject] });
  return rs.rows[0]!;
}

/** A logger whose lines the test reads back. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('the outbox', () => {
  it('stores an attachment as JSON with its name, type and bytes in base64, and none as null', async () => {
    const { logger } = capturingLogger();
    const mailer = createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger });
    await h.deps.write((tx) => mailer.queue(tx, { to: 'a@example.test', subject: 'With a file', text: 'See attached.', attachments: [attachment] }));
    await h.deps.write((tx) => mailer.queue(tx, { to: 'a@example.test', subject: 'Without a file', text: 'Nothing attached.' }));
    const stored = JSON.parse(String((await outboxRow('With a file'))['attachments'])) as { filename: string; contentType: string; contentBase64: string }[];
    expect(stored).toEqual([{ filename: attachment.filename, contentType: 'application/pdf', contentBase64: Buffer.from(FILE).toString('base64') }]);
    expect((await outboxRow('Without a file'))['attachments']).toBeNull();
  });
});

describe('without SMTP_URL', () => {
  it('prints every message whole (to, subject, text) and an attachment by name and size, never its bytes', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger });
    await h.database.client.execute("update mail_outbox set status = 'logged'");
    await h.deps.write((tx) =>
      mailer.queue(tx, { to: 'log@example.test', subject: 'Your documents', text: 'Line one\nLine two, £64.50', attachments: [attachment] }),
    );
    expect(await mailer.deliverPending()).toBe(1);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e['msg'] === 'mail (no SMTP_URL: logged, not sent)');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      to: 'log@example.test',
      subject: 'Your documents',
      text: 'Line one\nLine two, £64.50',
      attachments: [{ filename: attachment.filename, contentType: 'application/pdf', bytes: FILE.byteLength }],
    });
    const printed = lines.join('\n');
    expect(printed).not.toContain(Buffer.from(FILE).toString('base64').slice(0, 40));
    expect(String((await outboxRow('Your documents'))['status'])).toBe('logged');
  });
});

describe('over SMTP', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(() => server.close());

  it('delivers the message with the PDF attached, byte for byte, and marks it sent', async () => {
    const { logger } = capturingLogger();
    const mailer = createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger, smtpUrl: server.url, from: 'Kerbside Cover <no-reply@kerbsidecover.example>' });
    await h.database.client.execute("update mail_outbox set status = 'logged' where status = 'pending'");
    await h.deps.write((tx) =>
      mailer.queue(tx, { to: 'customer@example.test', subject: 'Policy KC-TEST000001', text: 'Your certificate is attached.', attachments: [attachment] }),
    );
    expect(await mailer.deliverPending()).toBe(1);
    expect(server.accepted).toHaveLength(1);
    const mail = server.accepted[0]!;
    expect(mail.to).toEqual(['customer@example.test']);
    expect(mail.from).toBe('no-reply@kerbsidecover.example');
    const message = parseMime(mail.raw);
    expect(message.headers.get('subject')).toBe('Policy KC-TEST000001');
    expect(textBody(message)).toBe('Your certificate is attached.');

    // The attachment's MIME part: named, typed, base64 on the wire, and every byte value back as it went.
    expect(mail.raw).toMatch(/Content-Transfer-Encoding: base64/i);
    const files = attachmentsOf(message);
    expect(files, mail.raw).toHaveLength(1);
    expect(files[0]).toMatchObject({ filename: attachment.filename, contentType: 'application/pdf' });
    expect(files[0]!.content.equals(Buffer.from(FILE))).toBe(true);

    expect(String((await outboxRow('Policy KC-TEST000001'))['status'])).toBe('sent');
  });
});
