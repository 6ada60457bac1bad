// Requests start in short, fair turns of the event loop (docs/operations.md#overload).
//
// Why: libuv accepts ONE new connection per turn of the event loop (since libuv 1.45, libuv/libuv#3696; Node 20
// ships 1.46). Most of a request's work here is synchronous (the embedded database runs on the main thread,
// the certificate PDF is drawn there), so at full load every request that had arrived ran to completion inside
// the same turn: turns of 0.4-0.7 s, and a connection waiting to be accepted waited one turn per connection ahead
// of it. Measured flat out (120 connections): most answers in ~250 ms, but the last connections' first answers
// after 10-17 s, for every kind of request, with the listen queue never overflowing.
//
// So each turn starts at most `budgetMs` of new request work; later arrivals wait in one FIFO queue (fair across
// kinds: a slow kind cannot starve the others) and start in the next turns. The loop gets back to accept() and
// to the sockets every few milliseconds, whatever the load. Work a request does after its first real wait (a
// password hash, a queued write) is not counted again: it is bounded by the requests already admitted.

/**
 * 8 ms a turn: turns stay near 8-13 ms, so ~75-125 connections a second are accepted at full load, while the turn's
 * fixed cost (timers, one epoll call) stays well under 1% of it. Not less: at 50 busy connections a turn's arrivals
 * are ~7.5 ms of work (~150 µs a read), so a 5 ms budget splits nearly every turn in two and the requests held over
 * wait through the next one (GET /api/user/policies at 50 connections: p99 15-16 ms with 5 ms, 13-16 ms with 8 ms;
 * `npm run bench`, docs/operations.md#overload). The load test's targets hold with 8 ms.
 */
export const TURN_BUDGET_MS = 8;

export interface TurnGateOptions {
  /** Milliseconds of new request work started per turn of the event loop. */
  budgetMs: number;
  now?: () => number;
}

export interface TurnGate {
  /** Undefined when the request may start now, else a promise that resolves at its turn. */
  enter(): Promise<void> | undefined;
  /** Requests waiting for a turn. */
  readonly waiting: number;
}

export function createTurnGate(opts: TurnGateOptions): TurnGate {
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
    enter() {
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
