// A libSQL server as the database (docs/operations.md#errors-from-a-libsql-server): reads and surely-uncommitted
// transactions retried while it is out of reach, then 503; a lost COMMIT settled by its receipt row; a write answered
// once this process's server shows its receipt (docs/operations.md#replicas-and-what-they-show).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client, InStatement, ResultSet, Transaction, TransactionMode } from '@libsql/client';
import { messages } from '../../contract/messages';
import { DatabaseUnavailableError } from '../../errors';

/** Waits before each further try (~1 s in all): a restarted sqld answers within tens of milliseconds. */
export const RETRY_DELAYS_MS: readonly number[] = [100, 300, 600];
/** The Retry-After of the 503 answered once the tries are spent. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
/** The waits between lookups of a lost COMMIT's receipt while the server comes back (~4 s in all). */
const LOOKUP_DELAYS_MS: readonly number[] = [100, 300, 600, 1000, 2000];
/** How long a write waits for this process's server to show it; a cut-off replica never would, so it is answered anyway. */
export const VISIBLE_WAIT_MS = 2000;

/**
 * What became of an unanswered request: 'refused' never reached the server; 'rolled-back' (TRANSACTION_TIMEOUT, or
 * forgotten in a restart); 'lost' may have been carried out. null: an answer (an SQL error), as on a file.
 */
export type ServerFailure = 'refused' | 'rolled-back' | 'lost';

/** Network errors of Node's fetch (undici) and sockets, found as a 'fetch failed' TypeError's cause. */
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Reads what the libSQL client threw, through its chain of causes. */
export function serverFailureOf(err: unknown): ServerFailure | null {
  let lost = false;
  for (let e: unknown = err, depth = 0; e !== null && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, status, message } = e as { code?: unknown; status?: unknown; message?: unknown };
    if (code === 'ECONNREFUSED') return 'refused';
    if (code === 'TRANSACTION_TIMEOUT') return 'rolled-back';
    if (status === 400 && typeof message === 'string' && message.includes('invalid baton')) return 'rolled-back';
    if (status === 502 || status === 503 || status === 504) lost = true;
    if (e instanceof TypeError && message === 'fetch failed') lost = true;
    if (typeof code === 'string' && LOST_CODES.has(code)) lost = true;
  }
  return lost ? 'lost' : null;
}

/** The 503 a request answers when the server cannot be had (errors.ts). */
export function unavailable(cause: unknown): DatabaseUnavailableError {
  return new DatabaseUnavailableError(messages.serverBusy, UNAVAILABLE_RETRY_AFTER_SECONDS, cause);
}

/** A statement that only reads, so carrying it out twice changes nothing. */
const READ_ONLY = /^\s*select\b/i;

/** The read client: `execute` tried again while the server is out of reach (a lost answer only for a read). */
export function retryingReads(client: Client): Client {
  const execute = async (...args: unknown[]): Promise<ResultSet> => {
    const first = args[0] as InStatement;
    const sql = typeof first === 'string' ? first : first.sql;
    for (let attempt = 0; ; attempt++) {
      try {
        return await (client.execute as (...a: unknown[]) => Promise<ResultSet>)(...args);
      } catch (err) {
        const failure = serverFailureOf(err);
        if (failure === null) throw err;
        const again = failure === 'refused' || READ_ONLY.test(sql);
        if (!again || attempt >= RETRY_DELAYS_MS.length) throw unavailable(err);
        await sleep(RETRY_DELAYS_MS[attempt]);
      }
    }
  };
  return overriding(client, { execute });
}

/** One write transaction's receipt, and whether its COMMIT has been sent. */
export interface CommitRecord {
  receipt: string;
  sent: boolean;
}

/** The write side of a libSQL server (db/writer.ts finds it in serverWrites). */
export interface ServerWrites {
  /** The receipt the next transaction on the write client commits with. */
  nextCommit(): CommitRecord;
  /** Whether the transaction with `receipt` was committed, asked of the primary; undefined while it cannot be asked. */
  committed(receipt: string): Promise<boolean | undefined>;
  /** Resolves once the server this process reads from shows `receipt` (true), or after VISIBLE_WAIT_MS (false). */
  visible(receipt: string): Promise<boolean>;
}

/** The ServerWrites of each write client made by receiptedWrites; none for any other client (an embedded file's). */
export const serverWrites = new WeakMap<Client, ServerWrites>();

const RECEIPT = /^[0-9a-f-]{36}$/;
const receiptSql = 'select 1 from write_receipts where id = ?';

/** The write client: each COMMIT goes with its receipt in one request, so the receipt exists exactly when the transaction does. */
export function receiptedWrites(client: Client): Client {
  let pending: CommitRecord | undefined;
  const transaction = async (mode?: TransactionMode): Promise<Transaction> => {
    const record = pending ?? { receipt: randomUUID(), sent: false };
    pending = undefined;
    const inner = await client.transaction(mode);
    const commit = async () => {
      // A sequence takes no parameters; the receipt is a UUID made here, checked before it is written into SQL.
      if (!RECEIPT.test(record.receipt)) throw new Error('write receipt: not a UUID');
      try {
        record.sent = true;
        await inner.executeMultiple(`INSERT INTO write_receipts (id, created_at) VALUES ('${record.receipt}', unixepoch()); COMMIT`);
      } finally {
        inner.close();
      }
    };
    const rollback = async () => {
      // Drizzle throws a failed ROLLBACK's error instead of the work's; the transaction is gone already, and the work's
      // own error says why.
      await inner.rollback().catch(() => undefined);
      inner.close();
    };
    return overriding(inner, { commit, rollback });
  };
  const wrapped = overriding(client, { transaction });

  const hasReceipt = async (receipt: string) => (await client.execute({ sql: receiptSql, args: [receipt] })).rows.length > 0;
  serverWrites.set(wrapped, {
    nextCommit() {
      pending = { receipt: randomUUID(), sent: false };
      return pending;
    },
    async committed(receipt) {
      for (const wait of [0, ...LOOKUP_DELAYS_MS]) {
        if (wait > 0) await sleep(wait);
        try {
          // In a write transaction, which a replica hands to its primary: only the primary knows for certain.
          const tx = await client.transaction('write');
          try {
            return (await tx.execute({ sql: receiptSql, args: [receipt] })).rows.length > 0;
          } finally {
            tx.close();
          }
        } catch (err) {
          if (serverFailureOf(err) === null) throw err;
        }
      }
      return undefined;
    },
    async visible(receipt) {
      const deadline = performance.now() + VISIBLE_WAIT_MS;
      // On a primary the first read finds it; a replica shows it after its lag, looked for at growing intervals.
      for (let wait = 1; ; wait = Math.min(wait * 2, 16)) {
        try {
          if (await hasReceipt(receipt)) return true;
        } catch {
          // The write is made; a server out of reach now cannot show it, and is the next request's concern.
          return false;
        }
        if (performance.now() >= deadline) return false;
        await sleep(wait);
      }
    },
  });
  return wrapped;
}

/** `target` with some methods replaced; every other property read from it, its methods bound to it. */
function overriding<T extends object>(target: T, replaced: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(obj, prop) {
      if (Object.hasOwn(replaced, prop)) return replaced[prop as keyof T];
      const value: unknown = Reflect.get(obj, prop, obj);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(obj) : value;
    },
    // A replaced method set anew (a test wrapping `execute` to watch it) replaces the wrapper's, which it then
    // calls: written to the target, it would call the wrapper that calls it back, without end.
    set(obj, prop, value) {
      if (Object.hasOwn(replaced, prop)) {
        (replaced as Record<PropertyKey, unknown>)[prop] = value;
        return true;
      }
      return Reflect.set(obj, prop, value, obj);
    },
  });
}
