// An embedded replica of a libSQL server has one connection (docs/operations.md#an-embedded-replica-of-a-libsql-server),
// and while a transaction holds it libSQL refuses every other statement (TRANSACTION_ACTIVE): a request reading while
// another request's write is open would answer 500. So on a replica, statements from outside the open transaction
// wait for it to end. Those made inside it (the write's own work, which the writer runs in `insideWrite`) go
// straight through: waiting there would wait for itself.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client, Transaction, TransactionMode } from '@libsql/client';

const writing = new AsyncLocalStorage<true>();

/** Runs a write transaction's work, so what it reads on the shared connection is not held behind itself. */
export const insideWrite = <T>(work: () => Promise<T>): Promise<T> => writing.run(true, work);

const STATEMENTS = new Set<PropertyKey>(['execute', 'batch', 'executeMultiple', 'migrate']);

/**
 * `client` with its statements queued behind its open transaction, and a transaction begun only once the statements
 * already running have finished: one transaction at a time, alone on the connection.
 */
export function oneStatementAtATime(client: Client): Client {
  /** Settles when the open transaction ends; null while none is open. */
  let open: Promise<void> | null = null;
  /** Statements on the connection now, and who waits for there to be none. */
  let running = 0;
  const waitingForIdle: Array<() => void> = [];
  // Checked again after every wait and acted on with no await in between: two waiters woken together must not both
  // find the connection free.
  const mustWait = () => open !== null && writing.getStore() === undefined;

  async function transaction(mode?: TransactionMode): Promise<Transaction> {
    while (mustWait()) await open;
    // Claimed before waiting for the running statements, so none starts meanwhile.
    let release!: () => void;
    const ended = new Promise<void>((resolve) => (release = resolve));
    open = ended;
    const end = () => {
      if (open === ended) open = null;
      release();
    };
    let tx: Transaction;
    try {
      while (running > 0) await new Promise<void>((resolve) => waitingForIdle.push(resolve));
      tx = await client.transaction(mode);
    } catch (err) {
      end();
      throw err;
    }
    // Drizzle ends a transaction with commit or rollback (a failed commit is rolled back after): it is over once
    // libSQL says it is closed, whichever call closed it.
    for (const method of ['commit', 'rollback', 'close'] as const) {
      const original = tx[method].bind(tx) as () => unknown;
      (tx as unknown as Record<string, () => unknown>)[method] = () => {
        try {
          const result = original();
          if (result instanceof Promise) return result.finally(() => tx.closed && end());
          if (tx.closed) end();
          return result;
        } catch (err) {
          if (tx.closed) end();
          throw err;
        }
      };
    }
    return tx;
  }

  const statement = (run: (...args: unknown[]) => unknown) => async (...args: unknown[]) => {
    while (mustWait()) await open;
    running++;
    try {
      return await run(...args);
    } finally {
      running--;
      if (running === 0) for (const resolve of waitingForIdle.splice(0)) resolve();
    }
  };

  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      return STATEMENTS.has(prop) ? statement(bound) : bound;
    },
  });
}
