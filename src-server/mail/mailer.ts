// Mail is queued in the outbox inside the transaction that causes it (so it is never lost nor sent for a
// write that rolled back), then delivered: over SMTP when SMTP_URL is set, else printed to the server log.
import { asc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { brand } from '../contract/brand';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import type { WriteTransaction } from '../db/writer';
import { mailOutbox } from '../db/schema/index';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Adds a message to the outbox, in the caller's transaction. */
  queue(tx: DbOrTx, mail: OutgoingMail): Promise<void>;
  /** Delivers what is pending; answers how many were handled. */
  deliverPending(): Promise<number>;
}

const MAX_ATTEMPTS = 5;
const BATCH = 20;

export function createMailer(opts: {
  db: Db;
  write: WriteTransaction;
  clock: Clock; logger: Logger; smtpUrl?: string | undefined; from?: string | undefined }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const from = opts.from ?? `${brand.name} <${brand.emails.noReply}>`;
  let running: Promise<number> | null = null;

  async function deliverBatch(): Promise<number> {
    const pending = await opts.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'))
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH);
    for (const mail of pending) {
      try {
        if (transport) {
          await transport.sendMail({ from, to: mail.toAddress, subject: mail.subject, text: mail.textBody });
        } else {
          opts.logger.info({ mailId: mail.id, to: mail.toAddress, subject: mail.subject, text: mail.textBody }, 'mail (no SMTP_URL: logged, not sent)');
        }
        await opts.write((tx) =>
          tx
          .update(mailOutbox)
          .set({ status: transport ? 'sent' : 'logged', sentAt: opts.clock.now(), attempts: mail.attempts + 1 })
          .where(eq(mailOutbox.id, mail.id)),
        );
      } catch (err) {
        const attempts = mail.attempts + 1;
        opts.logger.warn({ mailId: mail.id, err }, 'mail delivery failed');
        await opts.write((tx) =>
          tx
          .update(mailOutbox)
          .set({ attempts, lastError: String(err).slice(0, 500), status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
          .where(eq(mailOutbox.id, mail.id)),
        );
      }
    }
    return pending.length;
  }

  return {
    async queue(tx, mail) {
      await tx.insert(mailOutbox).values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, createdAt: opts.clock.now() });
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
