// Requests start in short, fair turns of the event loop (docs/operations.md#overload): libuv accepts one new
// connection per turn (libuv/libuv#3696), and our work is mostly synchronous, so each turn starts at most `budgetMs`
// of new work and later arrivals wait in one FIFO. Work after a request's first real wait is not counted again.

/** 8 ms a turn: less splits a busy turn's arrivals in two (docs/operations.md#overload has the figures). */
export const TURN_BUDGET_MS = 8;

/** `budgetMs`: milliseconds of new request work started per turn of the event loop. */
export function createTurnGate(opts: { budgetMs: number; now?: () => number }) {
  const now = opts.now ?? (() => performance.now());
  // A FIFO as an array with a moving head: shift() on a long array is O(n).
  let queue: Array<() => void> = [];
  let head = 0;
  let turnStartedAt = 0;
  let boundaryScheduled = false;
  const waiting = () => queue.length - head;

  // Runs in the loop's check phase, after this turn's I/O: the next turn's budget starts here.
  const boundary = () => {
    boundaryScheduled = false;
    turnStartedAt = now();
    releaseNext();
  };
  const scheduleBoundary = () => {
    if (boundaryScheduled) return;
    boundaryScheduled = true;
    setImmediate(boundary);
  };
  const releaseNext = () => {
    if (waiting() === 0) {
      queue = [];
      head = 0;
      return;
    }
    if (now() - turnStartedAt >= opts.budgetMs) {
      scheduleBoundary();
      return;
    }
    const start = queue[head]!;
    queue[head++] = undefined as unknown as () => void;
    // Under a long overload the queue may never empty: drop the spent head now and then.
    if (head >= 1024 && head * 2 >= queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    start();
    // The released request's synchronous work runs as promise jobs; a tick queued from a promise job runs only
    // once every promise job is done, so the budget is checked again after that work, not before it.
    queueMicrotask(() => process.nextTick(releaseNext));
  };

  return {
    /** Undefined when the request may start now, else a promise that resolves at its turn. */
    enter(): Promise<void> | undefined {
      const t = now();
      // The first request after a quiet spell opens a turn; the boundary closes it.
      if (!boundaryScheduled) {
        turnStartedAt = t;
        scheduleBoundary();
      }
      if (waiting() === 0 && t - turnStartedAt < opts.budgetMs) return undefined;
      return new Promise<void>((resolve) => queue.push(resolve));
    },
    get waiting() {
      return waiting();
    },
  };
}
