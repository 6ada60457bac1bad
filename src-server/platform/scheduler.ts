// The minute scheduler (docs/operations.md#housekeeping): housekeeping at the start of every clock minute, so a
// reminder due at 14:00 goes at 14:00; `protect` keeps runs from overlapping. Once-only work is claimed in the database.
import { Cron } from 'croner';
import type { Logger } from 'pino';

export const EVERY_MINUTE = '* * * * *';

export function startScheduler(opts: { job: () => Promise<unknown>; logger: Logger; pattern?: string }) {
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
    /** Runs the job now (start-up), unless a run is in progress; resolves when it is done. */
    async runNow() {
      if (!cron.isBusy()) await cron.trigger();
    },
    /** No further runs; resolves once a run in progress (if any) has finished. */
    async stop() {
      cron.stop();
      while (cron.isBusy()) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

/** HOUSEKEEPING=startup-only: the start-up run alone, for browser tests whose fixed clock a real tick would upset. */
export function startupOnly(job: () => Promise<unknown>, logger: Logger): ReturnType<typeof startScheduler> {
  let running: Promise<void> | undefined;
  return {
    async runNow() {
      running ??= job().then(() => undefined, (err: unknown) => logger.error({ err }, 'maintenance failed'));
      await running;
    },
    async stop() {
      await running;
    },
  };
}
