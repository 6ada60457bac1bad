import type { Logger } from 'pino';
import type { Mailer } from './mailer';

/** Delivers the outbox once the queuing transaction commits, the answer not waiting; housekeeping retries the rest. */
export function deliverSoon(deps: { mailer: Mailer; logger: Logger }, what: string): void {
  void deps.mailer.deliverPending().catch((err: unknown) => deps.logger.warn({ err }, `${what} delivery failed`));
}
