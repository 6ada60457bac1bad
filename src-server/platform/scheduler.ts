// The minute scheduler (docs/operations.md#housekeeping): croner runs housekeeping (the expiry sweep, cover-ending
// reminders, mail delivery, pruning) at the start of every minute of the clock, so a reminder due at 14:00 goes
// out at 14:00 and not up to a minute later as a timer counted from start-up would; `protect` skips a tick while
// the previous run is still going (a slow mail server), so runs never overlap within a process. Across processes
// nothing here is shared: every process runs its own scheduler, and what must happen once (a reminder, a
// delivery) is claimed in the database by the job itself.
import { Cron } from 'croner';
import type { Logger } from 'pino';

export const EVERY_MINUTE = '* * * * *';

export interface Scheduler {
  /** Runs the job now (start-up), unless a run is in progress; resolves when it is done. */
  runNow(): Promise<void>;
  /** No further runs; resolves once a run in progress (if any) has finished. */
  stop(): Promise<void>;
}

export function startScheduler(opts: { job: () => Promise<unknown>; logger: Logger; pattern?: string }): Scheduler {
  const cron = new Cron(
    opts.pattern ?? EVERY_MINUTE,
    {
      protect: () => opts.logger.warn('housekeeping still running from the previous minute: this run skipped'),
      catch: (err: unknown) => opts.logger.error({ err }, 'maintenance failed'),
      // The timer alone never keeps the process alive: a stopped server exits.
      unref: true,
    },
    async () => {
      await opts.job();
    },
  );
  return {
    async runNow() {
      if (!cron.isBusy()) await cron.trigger();
    },
    async stop() {
      cron.stop();
      while (cron.isBusy()) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

/**
 * HOUSEKEEPING=startup-only (src-server/env.ts): the start-up run and nothing after. For test servers whose
 * browser tests hold the page's clock at a fixed date, where a tick on the real clock would expire their fixtures.
 */
export function startupOnly(job: () => Promise<unknown>, logger: Logger): Scheduler {
  let running: Promise<void> | undefined;
  return {
    async runNow() {
      running ??= job().then(
        () => undefined,
        (err: unknown) => logger.error({ err }, 'maintenance failed'),
      );
      await running;
    },
    async stop() {
      await running;
    },
  };
}
