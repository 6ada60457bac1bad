// The minute scheduler (src-server/platform/scheduler.ts, docs/operations.md#housekeeping) on croner's real timer, with a
// once-a-second pattern for the test: runs never overlap within a process (a tick during a run is skipped and
// logged), stop() waits for the run in progress, and a failed run is logged without losing the schedule. Each
// waits for the event it is about (with a generous deadline), never for a fixed time. In the slow project.
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { startScheduler, startupOnly } from '../../src-server/platform/scheduler';
import { parseEnv } from '../../src-server/env';

const EVERY_SECOND = '* * * * * *';

async function until(condition: () => boolean, what: string, deadlineMs = 10_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('never runs the job twice at once: a tick during a run is skipped and logged; stop() waits for the run in progress', async () => {
  let running = 0;
  let overlapped = false;
  let runs = 0;
  let finished = 0;
  let release: () => void = () => undefined;
  const warnings: string[] = [];
  const logger = pino({ level: 'silent' });
  logger.warn = ((msg: string) => void warnings.push(msg)) as typeof logger.warn;
  const scheduler = startScheduler({
    pattern: EVERY_SECOND,
    logger,
    job: async () => {
      runs++;
      if (running > 0) overlapped = true;
      running++;
      // The first run holds on until the test lets it go; later ones are quick.
      if (runs === 1) await new Promise<void>((r) => (release = r));
      running--;
      finished++;
    },
  });
  await until(() => runs === 1, 'the first run');
  await until(() => warnings.some((w) => w.includes('still running')), 'a tick skipped during the run');
  expect(runs).toBe(1);
  const stopped = scheduler.stop();
  let stopDone = false;
  void stopped.then(() => (stopDone = true));
  await new Promise((r) => setTimeout(r, 50));
  expect(stopDone, 'stop() waits for the run in progress').toBe(false);
  release();
  await stopped;
  expect(overlapped).toBe(false);
  expect(finished).toBe(runs);
}, 30_000);

it('logs a failed run and keeps its schedule', async () => {
  const errors: unknown[] = [];
  const logger = pino({ level: 'silent' });
  logger.error = ((obj: unknown) => void errors.push(obj)) as typeof logger.error;
  let runs = 0;
  const scheduler = startScheduler({
    pattern: EVERY_SECOND,
    logger,
    job: async () => {
      runs++;
      throw new Error('database away');
    },
  });
  await scheduler.runNow();
  await until(() => runs >= 2, 'a second run after the failed one');
  await scheduler.stop();
  expect(errors.length).toBe(runs);
}, 30_000);

it('HOUSEKEEPING=startup-only runs the job once at start-up and never again; a failure is logged', async () => {
  expect(parseEnv({}).HOUSEKEEPING).toBe('every-minute');
  expect(parseEnv({ HOUSEKEEPING: 'startup-only' }).HOUSEKEEPING).toBe('startup-only');
  expect(() => parseEnv({ HOUSEKEEPING: 'hourly' })).toThrow(/^Invalid environment: HOUSEKEEPING must be every-minute or startup-only$/);

  const errors: unknown[] = [];
  const logger = pino({ level: 'silent' });
  logger.error = ((obj: unknown) => void errors.push(obj)) as typeof logger.error;
  let runs = 0;
  const scheduler = startupOnly(async () => {
    runs++;
    throw new Error('database away');
  }, logger);
  await scheduler.runNow();
  await scheduler.runNow();
  await scheduler.stop();
  expect(runs).toBe(1);
  expect(errors).toHaveLength(1);
});
