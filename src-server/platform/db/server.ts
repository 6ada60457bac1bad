// A libSQL server (sqld, or a hosted one) as the database: what a server does that an embedded file never does, and
// how the product copes (docs/operations.md#errors-from-a-libsql-server, docs/operations.md#replicas-and-what-they-show).
//
//  * It can be out of reach for a moment: restarting (ECONNREFUSED), or a connection broken mid-request ('fetch
//    failed'), or 502/503/504 from it or a proxy in front of it. A read is tried again after a short wait; so is a
//    whole write transaction that surely never committed. Past the tries the request answers 503 with Retry-After
//    (DatabaseUnavailableError), never 500, and nothing is half-written: a transaction commits whole or not at all.
//  * It ends a write transaction held ~5 s while another waits (TRANSACTION_TIMEOUT), and forgets every open
//    transaction when it restarts ('Received an invalid baton'). Either way it rolled the transaction back: tried
//    again whole.
//  * The answer to a COMMIT can be lost after the COMMIT was sent (the server died, the connection broke): it may or
//    may not have been made. So each transaction writes a receipt row (write_receipts) with its COMMIT, and then
//    the receipt is looked up, on the primary, to know.
//  * A replica applies the primary's writes asynchronously, tens of milliseconds later, even the writes sent through
//    it; a read on the very connection that wrote does not wait for them either (measured:
//    docs/operations.md#replicas-and-what-they-show). So a write is answered only once the server this process
//    reads from shows its receipt: the process, and every process reading from the same server, then reads its own
//    writes.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client, InStatement, ResultSet, Transaction, TransactionMode } from '@libsql/client';
import { messages } from '../../contract/messages';
import { DatabaseUnavailableError } from '../../errors';

/**
 * The waits before each further try of a read or of a whole write transaction (three more tries, ~1 s in all): a
 * restarted sqld answers again within tens of milliseconds (tests/server/sqld-errors.test.ts prints it), so a
 * restart is ridden out without an error; a server away for longer gets 503s rather than requests held for long.
 */
export const RETRY_DELAYS_MS: readonly number[] = [100, 300, 600];
/** The Retry-After of the 503 answered once the tries are spent. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
/** The waits between lookups of a lost COMMIT's receipt while the server comes back (~4 s in all). */
const LOOKUP_DELAYS_MS: readonly number[] = [100, 300, 600, 1000, 2000];
/**
 * How long a write waits for the server this process reads from to show it. A replica is tens of milliseconds behind
 * (docs/operations.md#replicas-and-what-they-show); one cut off from its primary would never show it, and the write,
 * made on the primary, is then answered anyway.
 */
export const VISIBLE_WAIT_MS = 2000;

/**
 * What became of a request the server did not answer:
 * - 'refused': it never reached the server (ECONNREFUSED), so it did nothing;
 * - 'rolled-back': the server ended the transaction it belonged to (TRANSACTION_TIMEOUT, or a restart forgot it);
 * - 'lost': it may have reached the server and been carried out, with the answer lost (a broken connection, a 502,
 *   503 or 504).
 * null: not the server's absence, but an answer (an SQL error, a constraint): as on a file.
 */
export type ServerFailure = 'refused' | 'rolled-back' | 'lost';

/** Network errors of Node's fetch (undici) and sockets, found as a 'fetch failed' TypeError's cause. */
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * Reads what the libSQL client threw, through its causes (Drizzle's DrizzleQueryError, the client's LibsqlError, the
 * HTTP client's error, fetch's TypeError, the socket's error).
 */
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

/**
 * The client for reads (Drizzle's `db` and the per-request reads): `execute` tried again while the server is out of
 * reach. A statement that never reached the server is tried again whatever it is; one whose answer was lost only if
 * it reads. Past the tries, or for a write whose outcome is unknown, DatabaseUnavailableError.
 */
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

/** The write side of a libSQL server (db/writer.ts uses it through serverWritesOf). */
export interface ServerWrites {
  /** The receipt the next transaction on the write client commits with. */
  nextCommit(): CommitRecord;
  /** Whether the transaction with `receipt` was committed, asked of the primary; undefined while it cannot be asked. */
  committed(receipt: string): Promise<boolean | undefined>;
  /** Resolves once the server this process reads from shows `receipt` (true), or after VISIBLE_WAIT_MS (false). */
  visible(receipt: string): Promise<boolean>;
}

const serverWrites = new WeakMap<Client, ServerWrites>();

/** The ServerWrites of a write client made by receiptedWrites; undefined for any other client (an embedded file's). */
export function serverWritesOf(client: Client): ServerWrites | undefined {
  return serverWrites.get(client);
}

const RECEIPT = /^[0-9a-f-]{36}$/;
const receiptSql = 'select 1 from write_receipts where id = ?';

/**
 * The client for the write queue: each transaction's COMMIT is sent with its receipt, in one request
 * (`INSERT INTO write_receipts …; COMMIT`), so the receipt exists exactly when the transaction does.
 */
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
      // Drizzle rolls back when the work threw, and throws what the ROLLBACK threw instead if it fails. A server that
      // ended the transaction itself (TRANSACTION_TIMEOUT) answers 'no transaction is active', and one out of reach
      // answers nothing: either way the transaction is gone, and the work's own error is the one that says why.
      try {
        await inner.rollback();
      } catch {
        // Gone already (see above).
      } finally {
        inner.close();
      }
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
