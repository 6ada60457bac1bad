import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Mail is written here inside the transaction that causes it, then delivered (SMTP) or logged.
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    // JSON [{ filename, contentType, contentBase64 }] (the policy documents' certificate), or null.
    attachments: text('attachments'),
    // 'sending' while one process holds it (claimed_at), so two processes never deliver the same message.
    status: text('status', { enum: ['pending', 'sending', 'sent', 'logged', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
    claimedAt: integer('claimed_at'),
    // When a message that failed may be tried again (retry backoff, src-server/platform/mail/mailer.ts); null: due now.
    nextAttemptAt: integer('next_attempt_at'),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.id),
    // The e-mails sent to one customer, newest first (docs/product.md#one-view-of-a-customer), whatever the address's case.
    index('mail_outbox_to_idx').on(sql`lower(${t.toAddress})`, t.id),
  ],
);
