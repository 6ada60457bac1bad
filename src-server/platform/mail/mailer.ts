// The mail outbox and its delivery (docs/operations.md#mail): queued in the causing transaction, claimed in the
// database so no two processes send one message, retried with backoff, and its links' tokens removed once delivered.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, eq, gt, inArray, isNull, like, lt, lte, or } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { brand } from '../../contract/brand';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import type { WriteTransaction } from '../db/writer';
import { housekeeping, mailOutbox } from '../db/schema/index';
import { withoutTokens } from './token-links';

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

export const MAX_ATTEMPTS = 5;
const BATCH = 20;
/** How long a claimed message belongs to the process that claimed it: longer than any SMTP exchange takes. */
export const CLAIM_LEASE_MS = 10 * 60_000;
/** A run hands the rest back once its claim is this old, so nothing is mid-send when another process takes it. */
const CLAIM_USE_MS = CLAIM_LEASE_MS / 2;

/** After failed attempt n: baseMs × 2^(n-1) plus up to jitter × that, so all fall within a reset link's 30 minutes (docs/operations.md#retries-and-failed-mail). */
export const RETRY = { baseMs: 60_000, jitter: 0.2 } as const;

/** When a message that has now failed `attempts` times may be tried again; `random` in [0, 1). */
export function nextAttemptAt(failedAt: number, attempts: number, random: number): number {
  const wait = RETRY.baseMs * 2 ** (attempts - 1);
  return failedAt + Math.round(wait * (1 + RETRY.jitter * random));
}

/** Far below nodemailer's defaults, so a down or hung mail server costs a run seconds, not minutes. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** Failures of the server, not the message (421: service not available): the next would fail too, so the run stops. */
function serverUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown } | null;
  return (
    e?.responseCode === 421 ||
    (typeof e?.code === 'string' && ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'ENOAUTH'].includes(e.code))
  );
}

/** Pending messages whose retry is due, and lapsed claims; served by mail_outbox_status_idx (a test checks the plan). */
export function waitingMail(now: number) {
  return or(
    and(eq(mailOutbox.status, 'pending'), or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now))),
    and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedAt, now - CLAIM_LEASE_MS)),
  );
}

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

/** Statuses whose message is never sent by itself again: its stored text keeps no token (token-links.ts). */
const DONE_WITH = ['sent', 'logged', 'failed'] as const;
/** The housekeeping table's record that removeDeliveredTokens has gone through the whole outbox. */
export const DELIVERED_TOKENS_TASK = 'mail-outbox-delivered-tokens';
const TOKEN_SWEEP_BATCH = 200;

/**
 * Takes working tokens out of messages delivered by older builds, once per database (docs/operations.md#mail), a
 * batch per short write that changes a row only if it is as read. Answers how many messages it changed.
 */
export async function removeDeliveredTokens(deps: { db: Db; write: WriteTransaction; clock: Clock }): Promise<number> {
  const [done] = await deps.db.select({ doneAt: housekeeping.doneAt }).from(housekeeping).where(eq(housekeeping.task, DELIVERED_TOKENS_TASK)).limit(1);
  if (done) return 0;
  let changed = 0;
  for (let after = 0; ; ) {
    const rows = await deps.db
      .select({ id: mailOutbox.id, status: mailOutbox.status, textBody: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(gt(mailOutbox.id, after), inArray(mailOutbox.status, DONE_WITH), like(mailOutbox.textBody, '%token=%')))
      .orderBy(asc(mailOutbox.id))
      .limit(TOKEN_SWEEP_BATCH);
    const stale = rows.map((r) => ({ ...r, redacted: withoutTokens(r.textBody) })).filter((r) => r.redacted !== r.textBody);
    const last = rows.length < TOKEN_SWEEP_BATCH;
    if (stale.length > 0 || last) {
      await deps.write(async (tx) => {
        for (const r of stale) {
          const [row] = await tx
            .update(mailOutbox)
            .set({ textBody: r.redacted })
            .where(and(eq(mailOutbox.id, r.id), eq(mailOutbox.status, r.status), eq(mailOutbox.textBody, r.textBody)))
            .returning({ id: mailOutbox.id });
          if (row) changed += 1;
        }
        if (last) await tx.insert(housekeeping).values({ task: DELIVERED_TOKENS_TASK, doneAt: deps.clock.now() }).onConflictDoNothing();
      });
    }
    if (last) return changed;
    after = rows.at(-1)!.id;
    await nextTurn();
  }
}

export function createMailer(opts: {
  db: Db;
  write: WriteTransaction;
  clock: Clock;
  logger: Logger;
  smtpUrl?: string | undefined;
  from?: string | undefined;
  /** Tests shorten these to see a hung server end a run. */
  smtpTimeouts?: Partial<Record<keyof typeof SMTP_TIMEOUTS, number>>;
  /** The backoff's jitter source, [0, 1); tests fix it to know each wait exactly. */
  random?: () => number;
  /** MAIL_LOG_LINKS (development and tests): the logged text keeps the links' tokens. */
  logLinks?: boolean | undefined;
}): Mailer {
  // Options given with `url` are kept, and the URL's own (host, port, credentials, query) added to them.
  const transport = opts.smtpUrl ? nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS, ...opts.smtpTimeouts }) : null;
  const from = opts.from ?? `${brand.name} <${brand.emails.noReply}>`;
  const random = opts.random ?? Math.random;
  let running: Promise<number> | null = null;
  // The run asked for during `running` (deliverPending).
  let next: Promise<number> | null = null;

  /** Takes up to BATCH waiting messages for this process, in one write; another process's UPDATE then skips them. */
  async function claimBatch() {
    const now = opts.clock.now();
    // A read first: most runs find nothing, and then take no write lock.
    const [any] = await opts.db.select({ id: mailOutbox.id }).from(mailOutbox).where(waitingMail(now)).limit(1);
    if (!any) return { claim: now, claimed: [] };
    const claimed = await opts.write((tx) => {
      const batch = tx.select({ id: mailOutbox.id }).from(mailOutbox).where(waitingMail(now)).orderBy(asc(mailOutbox.id)).limit(BATCH);
      return tx.update(mailOutbox).set({ status: 'sending', claimedAt: now }).where(and(waitingMail(now), inArray(mailOutbox.id, batch))).returning();
    });
    return { claim: now, claimed: claimed.sort((a, b) => a.id - b.id) };
  }

  async function deliverBatch(): Promise<number> {
    const { claim, claimed } = await claimBatch();
    // Each write on a claimed message names this claim: if it lapsed and another process took it, theirs stands.
    const heldByThisRun = and(eq(mailOutbox.status, 'sending'), eq(mailOutbox.claimedAt, claim));
    const settle = (ids: number[], set: Partial<typeof mailOutbox.$inferInsert>) =>
      opts.write((tx) => tx.update(mailOutbox).set(set).where(and(inArray(mailOutbox.id, ids), heldByThisRun)));
    /** Claimed messages this run does not try go back as they were: pending, due, no attempt counted. */
    const release = async (rest: readonly { id: number }[]) => {
      if (rest.length > 0) await settle(rest.map((m) => m.id), { status: 'pending', claimedAt: null });
    };
    let handled = 0;
    for (const [i, mail] of claimed.entries()) {
      if (opts.clock.now() - claim >= CLAIM_USE_MS) {
        await release(claimed.slice(i));
        break;
      }
      handled += 1;
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
          // The whole message, so the product runs with no mail server; a file by its name and size only; a link's
          // token only with MAIL_LOG_LINKS, since a log is read by more people than the mailbox it stands for.
          const attachments = files.map((f) => ({ filename: f.filename, contentType: f.contentType, bytes: Buffer.byteLength(f.contentBase64, 'base64') }));
          const text = opts.logLinks ? mail.textBody : withoutTokens(mail.textBody);
          opts.logger.info(
            { mailId: mail.id, to: mail.toAddress, subject: mail.subject, text, ...(attachments.length > 0 ? { attachments } : {}) },
            'mail (no SMTP_URL: logged, not sent)',
          );
        }
        await settle([mail.id], {
          status: transport ? 'sent' : 'logged',
          sentAt: opts.clock.now(),
          attempts: mail.attempts + 1,
          claimedAt: null,
          nextAttemptAt: null,
          textBody: withoutTokens(mail.textBody),
        });
      } catch (err) {
        const attempts = mail.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        const retryAt = failed ? null : nextAttemptAt(opts.clock.now(), attempts, random());
        opts.logger.warn({ mailId: mail.id, attempts, retryAt, err }, 'mail delivery failed');
        await settle([mail.id], {
          attempts,
          lastError: String(err).slice(0, 500),
          status: failed ? 'failed' : 'pending',
          claimedAt: null,
          nextAttemptAt: retryAt,
          // Given up, the message is never sent by itself again: its links need not outlive it. A retry keeps them.
          ...(failed ? { textBody: withoutTokens(mail.textBody) } : {}),
        });
        if (serverUnavailable(err)) {
          await release(claimed.slice(i + 1));
          break;
        }
      }
    }
    return handled;
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
    deliverPending,
  };

  /** One run at a time; a caller during a run shares the next, as its message may be after the running batch. */
  function deliverPending(): Promise<number> {
    if (!running) {
      running = deliverBatch().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return deliverPending();
      });
    return next;
  }
}
