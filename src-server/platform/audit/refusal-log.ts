// The audit entries of refusals (docs/product.md#audit-log), counted in memory and written in batches
// (docs/operations.md#refusals), so a flood queues no writes on others' path; entries read as one write each would.
import type { Logger } from 'pino';
import type { WriteTransaction } from '../db/writer';
import { writeRepeatedLog, type LogEntry, type Repeat } from './log';

export interface RefusalLog {
  /** Counts one occurrence at `now`; nothing is written until the next flush. */
  count(entry: LogEntry, repeat: Repeat, now: number): void;
  /** Writes everything counted so far (timer, graceful stop, tests); a failed write is kept for the next flush. */
  flush(): Promise<void>;
  /** Entries counted and not yet written. */
  readonly pending: number;
}

/** Refusals reach the audit log within this long. */
export const FLUSH_AFTER_MS = 2000;
/** Entries held at most; past it a new key is not counted (the number logged) and a flush starts at once. */
export const MAX_PENDING = 10_000;
/** Entries written per transaction, so that a large flush lets other writes in between. */
const PER_TRANSACTION = 200;
/** Flushes that failed in a row before what they held is given up (logged): a database that keeps failing. */
const MAX_FAILURES = 5;

interface Pending {
  entry: LogEntry;
  repeat: Repeat;
  /** When the entry's window starts: as the last flush found it in the database, else at the first occurrence. */
  windowStart: number;
  firstAt: number;
  lastAt: number;
  count: number;
}

export function createRefusalLog(opts: { write: WriteTransaction; logger: Logger; flushAfterMs?: number; maxPending?: number }): RefusalLog {
  const flushAfterMs = opts.flushAfterMs ?? FLUSH_AFTER_MS;
  const maxPending = opts.maxPending ?? MAX_PENDING;
  // Per key, its windows in order (nearly always one): occurrences a window apart belong to separate entries.
  let pending = new Map<string, Pending[]>();
  // Per key, when its entry's window started as the last flush found it, so occurrences go to their window's entry.
  const windowStarts = new Map<string, number>();
  let size = 0;
  let leftOut = 0;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  /** The flush started because the limit was reached, while it runs. */
  let fullFlush: Promise<void> | undefined;

  const schedule = () => {
    if (timer) return;
    // Never keeps a stopping process alive: a graceful stop flushes by itself.
    timer = setTimeout(() => {
      timer = undefined;
      void log.flush();
    }, flushAfterMs).unref();
  };

  /** `p` as its key's latest window (push) or, given back by a failed flush, its earliest (unshift). */
  const add = (p: Pending, where: 'push' | 'unshift') => {
    const windows = pending.get(p.repeat.key);
    if (windows) windows[where](p);
    else pending.set(p.repeat.key, [p]);
    size++;
  };

  const writeAll = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()].flat().sort((a, b) => a.firstAt - b.firstAt);
    pending = new Map();
    size = 0;
    if (leftOut > 0) opts.logger.warn({ leftOut }, 'refusals left out of the audit log: too many different ones at once');
    leftOut = 0;
    for (let i = 0; i < batch.length; i += PER_TRANSACTION) {
      const chunk = batch.slice(i, i + PER_TRANSACTION);
      try {
        const starts = await opts.write(async (tx) => {
          const written: number[] = [];
          for (const p of chunk) written.push(await writeRepeatedLog(tx, p.firstAt, p.entry, p.repeat, { count: p.count, lastAt: p.lastAt }));
          return written;
        });
        chunk.forEach((p, j) => learnWindow(p.repeat.key, starts[j]!));
        failures = 0;
      } catch (err) {
        const rest = batch.slice(i);
        if (++failures >= MAX_FAILURES) {
          opts.logger.error({ err, lost: rest.reduce((n, p) => n + p.count, 0) }, 'refusal counts given up: the audit log could not be written');
          failures = 0;
          return;
        }
        opts.logger.error({ err }, 'refusal counts not written to the audit log: kept for the next try');
        // Ahead of anything counted meanwhile, whose windows are later.
        for (const p of rest.reverse()) add(p, 'unshift');
        schedule();
        return;
      }
    }
  };

  const learnWindow = (key: string, start: number) => {
    windowStarts.delete(key);
    // Bounded like the counts: the window learnt longest ago goes first.
    if (windowStarts.size >= maxPending) windowStarts.delete(windowStarts.keys().next().value!);
    windowStarts.set(key, start);
  };

  const log: RefusalLog = {
    count(entry, repeat, now) {
      const windows = pending.get(repeat.key);
      const current = windows?.at(-1);
      if (current && now < current.windowStart + repeat.windowMs) {
        current.count++;
        current.lastAt = Math.max(current.lastAt, now);
      } else if (size >= maxPending) {
        leftOut++;
      } else {
        const known = windowStarts.get(repeat.key);
        const windowStart = known !== undefined && now < known + repeat.windowMs && !current ? known : now;
        add({ entry, repeat, windowStart, firstAt: now, lastAt: now, count: 1 }, 'push');
      }
      if (size < maxPending) schedule();
      else if (!fullFlush) {
        fullFlush = log.flush().finally(() => (fullFlush = undefined));
      }
    },
    flush() {
      // One flush at a time: a call while one runs waits for it, then writes what was counted meanwhile.
      const run = flushing.then(writeAll);
      flushing = run.catch(() => undefined);
      return run;
    },
    get pending() {
      return size;
    },
  };
  return log;
}
