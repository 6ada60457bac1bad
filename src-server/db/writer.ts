// Every write goes through here: one BEGIN IMMEDIATE transaction at a time per process.
// Why a lock: the embedded libSQL driver runs SQLite on the main thread, so a second pooled connection
// that waits for the write lock would sleep in SQLite's busy handler and block the very event loop the
// first transaction needs to finish. Queuing writers here avoids that; between processes the busy
// timeout (client.ts) still arbitrates.
import type { Db, Tx } from './client';

export type WriteTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

export function createWriter(db: Db): WriteTransaction {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const run = tail.then(() => db.transaction(work, { behavior: 'immediate' }));
    // The queue must go on whether this transaction commits or fails.
    tail = run.catch(() => undefined);
    return run;
  };
}
