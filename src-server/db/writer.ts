// Every write goes through here: one BEGIN IMMEDIATE transaction at a time per process.
// Why a lock: the embedded libSQL driver runs SQLite on the main thread, so a second pooled connection
// that waits for the write lock would sleep in SQLite's busy handler and block the very event loop the
// first transaction needs to finish. Queuing writers here avoids that. Between processes on one file, a write
// waits for the other's lock here too, in the event loop (transactionWhenFree), not in the busy handler.
import type { Client } from '@libsql/client';
import { BUSY_TIMEOUT_MS, type Db, type Tx } from './client';

/** `work` in one BEGIN IMMEDIATE transaction, in this process's write queue. */
export type WriteTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** The process's write queue (createWriter): transactions, and writes other connections make in its turn. */
export interface WriteQueue extends WriteTransaction {
  /**
   * `work` in this queue's turn, with no transaction opened here: for a write made on another connection (a search
   * index merge step on a thread of its own: db/search-index.ts), so that this process's other writes wait for it
   * here, in the event loop, rather than in SQLite's busy handler, which would sleep on the main thread.
   */
  outside<T>(work: () => Promise<T>): Promise<T>;
}

/** Told when a write asks for its turn and when the turn begins (metrics.ts: queue depth and wait). */
export interface WriteQueueObserver {
  asked(): void;
  started(waitSeconds: number): void;
}

/**
 * `lockWaitMs`: how long a write waits for another process's write lock before failing with SQLITE_BUSY (tests
 * shorten it).
 */
export function createWriter(db: Db, observer?: WriteQueueObserver, lockWaitMs = BUSY_TIMEOUT_MS): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(observer ? timed(observer, run) : run);
    // The queue must go on whether this write commits or fails.
    tail = result.catch(() => undefined);
    return result;
  };
  const write: WriteTransaction = (work) => enqueue(() => transactionWhenFree(db, work, lockWaitMs));
  return Object.assign(write, { outside: enqueue });
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

/**
 * `work` in a BEGIN IMMEDIATE transaction; while another process holds the write lock, waits for it in the event
 * loop (the lock tried about every millisecond) for up to `lockWaitMs`, then fails with SQLITE_BUSY as before.
 * Why: SQLite's busy handler sleeps on the calling thread, the main one for the embedded engine, so a process
 * whose write waited there answered nothing meanwhile: over a second while the other took a write load
 * (tests/server/two-processes.test.ts), up to the whole 5 s at worst. Hence the write connection's busy timeout
 * of 0 (db/client.ts: writeDb).
 */
async function transactionWhenFree<T>(db: Db, work: (tx: Tx) => Promise<T>, lockWaitMs: number): Promise<T> {
  const deadline = performance.now() + lockWaitMs;
  for (;;) {
    let began = false;
    try {
      return await db.transaction(
        (tx) => {
          began = true;
          return work(tx);
        },
        { behavior: 'immediate' },
      );
    } catch (err) {
      if (began || !isBusy(err)) throw err;
      // libsql leaves a BEGIN the lock refused running on its connection, and every later COMMIT there fails
      // ('cannot commit transaction - SQL statements in progress'): the connection is replaced.
      await clientOf(db).reconnect();
      if (performance.now() >= deadline) throw err;
    }
    await lockFree(clientOf(db), deadline);
  }
}

/** Resolves once the write lock could be taken (and let go at once), or at the deadline. */
async function lockFree(client: Client, deadline: number): Promise<void> {
  while (performance.now() < deadline) {
    try {
      // Run as a script, a refused BEGIN leaves nothing running on the connection (unlike a prepared one).
      await client.executeMultiple('BEGIN IMMEDIATE; ROLLBACK');
      return;
    } catch (err) {
      if (!isBusy(err)) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** The libSQL client under a Drizzle database (drizzle() keeps it as `$client`). */
const clientOf = (db: Db) => (db as Db & { $client: Client }).$client;
