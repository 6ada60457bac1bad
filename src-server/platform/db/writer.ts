// Every write goes through here: one BEGIN IMMEDIATE transaction at a time per process, queued in the event loop, as
// SQLite's busy handler would block the main thread; a libSQL server's are retried whole, answered once visible.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@libsql/client';
import { BUSY_TIMEOUT_MS, type Db, type Tx } from './client';
import { insideWrite } from './one-connection';
import { RETRY_DELAYS_MS, serverFailureOf, serverWrites, unavailable, type ServerWrites } from './server';

/** `work` in one BEGIN IMMEDIATE transaction; on a libSQL server it may run again, so it keeps its effects to it. */
export type WriteTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** The process's write queue (createWriter): transactions, and writes other connections make in its turn. */
export interface WriteQueue extends WriteTransaction {
  /** `work` in this queue's turn, no transaction opened: a write on another connection (a search index merge step). */
  outside<T>(work: () => Promise<T>): Promise<T>;
}

/** Told when a write asks for its turn and when the turn begins (metrics.ts: queue depth and wait). */
export interface WriteQueueObserver {
  asked(): void;
  started(waitSeconds: number): void;
}

/** `lockWaitMs`: how long a write waits for another process's lock before SQLITE_BUSY. */
export function createWriter(db: Db, observer?: WriteQueueObserver, lockWaitMs = BUSY_TIMEOUT_MS): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(observer ? timed(observer, run) : run);
    // The queue must go on whether this write commits or fails.
    tail = result.catch(() => undefined);
    return result;
  };
  const server = serverWrites.get(clientOf(db));
  const write: WriteTransaction = server
    ? async (work) => {
        const { value, receipt } = await enqueue(() => serverTransaction(db, server, work));
        // After the queue's turn, so this process's next write need not wait for a replica to catch up.
        await server.visible(receipt);
        return value;
      }
    : (work) => enqueue(() => transactionWhenFree(db, work, lockWaitMs).catch(asUnavailable));
  return Object.assign(write, { outside: enqueue });
}

// `work` in a transaction on a libSQL server (docs/operations.md#errors-from-a-libsql-server), with its receipt: run
// again when it surely did not commit, a lost COMMIT looked up by receipt; else DatabaseUnavailableError (503).
async function serverTransaction<T>(db: Db, server: ServerWrites, work: (tx: Tx) => Promise<T>): Promise<{ value: T; receipt: string }> {
  for (let attempt = 0; ; attempt++) {
    const commit = server.nextCommit();
    let done: { value: T } | undefined;
    try {
      const value = await db.transaction(async (tx) => {
        const result = await work(tx);
        done = { value: result };
        return result;
      });
      return { value, receipt: commit.receipt };
    } catch (err) {
      const failure = serverFailureOf(err);
      if (failure === null) throw err;
      if (failure === 'lost' && done && commit.sent) {
        const made = await server.committed(commit.receipt);
        if (made === true) return { value: done.value, receipt: commit.receipt };
        // Neither made for certain nor not made: a 503, and the outcome is the client's to check.
        if (made === undefined) throw unavailable(err);
      }
      const wait = RETRY_DELAYS_MS[attempt];
      if (wait === undefined) throw unavailable(err);
      await sleep(wait);
    }
  }
}

/** An embedded replica's unreachable server answers 503, not 500; a file's own errors pass unchanged. */
function asUnavailable(err: unknown): never {
  throw serverFailureOf(err) === null ? err : unavailable(err);
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

// `work` in a BEGIN IMMEDIATE transaction, waiting for another process's lock in the event loop up to `lockWaitMs`:
// SQLite's busy handler would sleep on the main thread (hence writeDb's busy timeout of 0).
async function transactionWhenFree<T>(db: Db, work: (tx: Tx) => Promise<T>, lockWaitMs: number): Promise<T> {
  const deadline = performance.now() + lockWaitMs;
  for (;;) {
    let began = false;
    try {
      return await db.transaction(
        (tx) => {
          began = true;
          // On an embedded replica's one connection, what this work reads is not queued behind itself (one-connection.ts).
          return insideWrite(() => work(tx));
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
