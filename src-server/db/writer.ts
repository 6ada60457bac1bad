// Every write goes through here: one BEGIN IMMEDIATE transaction at a time per process.
// Why a lock: the embedded libSQL driver runs SQLite on the main thread, so a second pooled connection
// that waits for the write lock would sleep in SQLite's busy handler and block the very event loop the
// first transaction needs to finish. Queuing writers here avoids that; between processes the busy
// timeout (client.ts) still arbitrates.
import type { Db, Tx } from './client';

export interface WriteTransaction {
  <T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * `work` in this queue's turn, with no transaction opened here: for a write made on another connection (a search
   * index merge step on a thread of its own: db/search-index.ts), so that this process's other writes wait for it
   * here, in the event loop, rather than in SQLite's busy handler, which would sleep on the main thread.
   */
  outside?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** Told when a write asks for its turn and when the turn begins (metrics.ts: queue depth and wait). */
export interface WriteQueueObserver {
  asked(): void;
  started(waitSeconds: number): void;
}

export function createWriter(db: Db, observer?: WriteQueueObserver): WriteTransaction {
  let tail: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(observer ? timed(observer, run) : run);
    // The queue must go on whether this write commits or fails.
    tail = result.catch(() => undefined);
    return result;
  };
  const write: WriteTransaction = <T>(work: (tx: Tx) => Promise<T>) => enqueue(() => db.transaction(work, { behavior: 'immediate' }));
  write.outside = enqueue;
  return write;
}

/** `run`, reporting the wait from now (the write asking for its turn) until it starts. */
function timed<T>(observer: WriteQueueObserver, run: () => Promise<T>): () => Promise<T> {
  const askedAt = performance.now();
  observer.asked();
  return () => {
    observer.started((performance.now() - askedAt) / 1000);
    return run();
  };
}
