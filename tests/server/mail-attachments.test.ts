// Mail with files (docs/operations.md#mail): the outbox keeps an attachment as base64 JSON beside the
// message; over SMTP it goes out as a real MIME attachment (asserted against an in-process SMTP server);
// without SMTP_URL the whole message is printed to the log, an attachment by its name and size only.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src-server/mail/mailer';
import { createHarness, type Harness } from './harness';

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
  let server: SMTPServer;
  let port = 0;
  const received: { from: string; to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the message with the PDF attached, byte for byte, and marks it sent', async () => {
    const { logger } = capturingLogger();
    const mailer = createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger, smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Kerbside Cover <no-reply@kerbsidecover.example>' });
    await h.database.client.execute("update mail_outbox set status = 'logged' where status = 'pending'");
    await h.deps.write((tx) =>
      mailer.queue(tx, { to: 'customer@example.test', subject: 'Policy KC-TEST000001', text: 'Your certificate is attached.', attachments: [attachment] }),
    );
    expect(await mailer.deliverPending()).toBe(1);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['customer@example.test']);
    expect(mail.from).toBe('no-reply@kerbsidecover.example');
    expect(mail.raw).toMatch(/^Subject: Policy KC-TEST000001\r?$/m);
    expect(mail.raw).toContain('Your certificate is attached.');

    // The attachment's MIME part: its headers, then base64 lines up to the next boundary.
    const boundary = /boundary="?([^";\r\n]+)"?/.exec(mail.raw)?.[1];
    expect(boundary).toBeTruthy();
    const parts = mail.raw.split(`--${boundary}`);
    const filePart = parts.find((p) => /Content-Disposition: attachment;\s*filename=/i.test(p));
    expect(filePart, mail.raw).toBeDefined();
    expect(filePart).toMatch(/Content-Type: application\/pdf/i);
    expect(filePart).toContain(`filename=${attachment.filename}`);
    expect(filePart).toMatch(/Content-Transfer-Encoding: base64/i);
    const body = filePart!.split(/\r?\n\r?\n/).slice(1).join('').replace(/\s+/g, '');
    expect(Buffer.from(body, 'base64').equals(Buffer.from(FILE))).toBe(true);

    expect(String((await outboxRow('Policy KC-TEST000001'))['status'])).toBe('sent');
  });
});
