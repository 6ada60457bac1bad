import type { Logger } from 'pino';
import type { Mailer } from './mailer';

/**
 * Starts delivering the outbox once a transaction that queued mail has committed, without the answer waiting for
 * it: the message is already safe in the outbox, and the minute's housekeeping retries what this run cannot send.
 */
export function deliverSoon(deps: { mailer: Mailer; logger: Logger }, what: string): void {
  void deps.mailer.deliverPending().catch((err: unknown) => deps.logger.warn({ err }, `${what} delivery failed`));
}
