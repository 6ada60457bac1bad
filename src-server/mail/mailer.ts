// Mail is queued in the outbox inside the transaction that causes it (so it is never lost nor sent for a
// write that rolled back), then delivered: over SMTP when SMTP_URL is set, else printed to the server log
// (docs/operations.md#mail). A message may carry files (the policy documents' certificate PDF): they are
// kept in the outbox row as base64 JSON, sent as real attachments over SMTP, and named with their size
// (never their bytes) in the log. Delivery is claimed in the database (status 'sending', claimed_at) before a
// message goes out, so several server processes sharing the database never deliver the same message twice
// (docs/operations.md#mail); a claim whose process died mid-delivery is taken up again after CLAIM_LEASE_MS.
import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { brand } from '../contract/brand';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import type { WriteTransaction } from '../db/writer';
import { mailOutbox } from '../db/schema/index';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/** An attachment as the outbox stores it (mail_outbox.attachments, a JSON array). */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface Mailer {
  /** Adds a message to the outbox, in the caller's transaction. */
  queue(tx: DbOrTx, mail: OutgoingMail): Promise<void>;
  /** Delivers what is pending; answers how many were handled. */
  deliverPending(): Promise<number>;
}

const MAX_ATTEMPTS = 5;
const BATCH = 20;
/** How long a claimed message belongs to the process that claimed it: longer than any SMTP exchange takes. */
const CLAIM_LEASE_MS = 10 * 60_000;

export function storedAttachments(attachments: readonly MailAttachment[] | undefined): string | null {
  if (!attachments || attachments.length === 0) return null;
  const stored: StoredAttachment[] = attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    contentBase64: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength).toString('base64'),
  }));
  return JSON.stringify(stored);
}

/** The outbox column read back; a row that cannot be read carries no files rather than failing delivery. */
export function readAttachments(column: string | null): StoredAttachment[] {
  if (!column) return [];
  try {
    const parsed = JSON.parse(column) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(
          (a): a is StoredAttachment =>
            typeof a === 'object' && a !== null && typeof a.filename === 'string' && typeof a.contentType === 'string' && typeof a.contentBase64 === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export function createMailer(opts: {
  db: Db;
  write: WriteTransaction;
  clock: Clock;
  logger: Logger;
  smtpUrl?: string | undefined;
  from?: string | undefined;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const from = opts.from ?? `${brand.name} <${brand.emails.noReply}>`;
  let running: Promise<number> | null = null;

  /** Messages waiting: pending ones, and claims left behind by a process that died while delivering them. */
  const waiting = (now: number) =>
    or(eq(mailOutbox.status, 'pending'), and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedAt, now - CLAIM_LEASE_MS)));

  /** Takes up to BATCH waiting messages for this process, in one write; another process's UPDATE then skips them. */
  async function claimBatch() {
    const now = opts.clock.now();
    // A read first: most runs find nothing, and then take no write lock.
    const [any] = await opts.db.select({ id: mailOutbox.id }).from(mailOutbox).where(waiting(now)).limit(1);
    if (!any) return [];
    const claimed = await opts.write((tx) =>
      tx
        .update(mailOutbox)
        .set({ status: 'sending', claimedAt: now })
        .where(
          and(
            waiting(now),
            inArray(mailOutbox.id, tx.select({ id: mailOutbox.id }).from(mailOutbox).where(waiting(now)).orderBy(asc(mailOutbox.id)).limit(BATCH)),
          ),
        )
        .returning(),
    );
    return claimed.sort((a, b) => a.id - b.id);
  }

  async function deliverBatch(): Promise<number> {
    const pending = await claimBatch();
    for (const mail of pending) {
      const files = readAttachments(mail.attachments);
      try {
        if (transport) {
          await transport.sendMail({
            from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: Buffer.from(f.contentBase64, 'base64') })),
          });
        } else {
          // The whole message, so the product runs with no mail server; a file by its name and size only.
          const attachments = files.map((f) => ({ filename: f.filename, contentType: f.contentType, bytes: Buffer.byteLength(f.contentBase64, 'base64') }));
          opts.logger.info(
            { mailId: mail.id, to: mail.toAddress, subject: mail.subject, text: mail.textBody, ...(attachments.length > 0 ? { attachments } : {}) },
            'mail (no SMTP_URL: logged, not sent)',
          );
        }
        await opts.write((tx) =>
          tx
            .update(mailOutbox)
            .set({ status: transport ? 'sent' : 'logged', sentAt: opts.clock.now(), attempts: mail.attempts + 1, claimedAt: null })
            .where(eq(mailOutbox.id, mail.id)),
        );
      } catch (err) {
        const attempts = mail.attempts + 1;
        opts.logger.warn({ mailId: mail.id, err }, 'mail delivery failed');
        await opts.write((tx) =>
          tx
            .update(mailOutbox)
            .set({ attempts, lastError: String(err).slice(0, 500), status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', claimedAt: null })
            .where(eq(mailOutbox.id, mail.id)),
        );
      }
    }
    return pending.length;
  }

  return {
    async queue(tx, mail) {
      await tx.insert(mailOutbox).values({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        attachments: storedAttachments(mail.attachments),
        createdAt: opts.clock.now(),
      });
    },
    deliverPending() {
      // One delivery run at a time per process; callers that ask meanwhile share it.
      running ??= deliverBatch().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
