// An embedded replica's one connection (docs/operations.md#an-embedded-replica-of-a-libsql-server): a statement from
// outside the open transaction waits for it to end instead of being refused; the transaction's own work goes
// straight through. Over a stand-in for the libSQL client that, like the replica, refuses a statement while a
// transaction holds it.
import type { Client, InStatement, ResultSet, Transaction } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { insideWrite, oneStatementAtATime } from '../../src-server/platform/db/one-connection';

interface Fake {
  client: Client;
  /** What reached the connection, in order. */
  log: string[];
  /** Makes the next commit fail (the transaction stays open until rolled back). */
  failNextCommit(): void;
}

function fakeReplica(): Fake {
  const log: string[] = [];
  let inTransaction = false;
  let failCommit = false;
  const result = { rows: [], columns: [], columnTypes: [], rowsAffected: 0, lastInsertRowid: undefined, toJSON: () => ({}) } as unknown as ResultSet;
  const statement = async (stmt: InStatement) => {
    const text = typeof stmt === 'string' ? stmt : stmt.sql;
    if (inTransaction) throw Object.assign(new Error('TRANSACTION_ACTIVE'), { code: 'TRANSACTION_ACTIVE' });
    log.push(text);
    return result;
  };
  const client = {
    execute: statement,
    batch: async (stmts: InStatement[]) => Promise.all(stmts.map(statement)),
    executeMultiple: async (sql: string) => void (await statement(sql)),
    migrate: async (stmts: InStatement[]) => Promise.all(stmts.map(statement)),
    sync: async () => undefined,
    close: () => undefined,
    closed: false,
    protocol: 'file',
    async transaction(): Promise<Transaction> {
      if (inTransaction) throw Object.assign(new Error('TRANSACTION_ACTIVE'), { code: 'TRANSACTION_ACTIVE' });
      inTransaction = true;
      log.push('BEGIN');
      let closed = false;
      const tx = {
        get closed() {
          return closed;
        },
        execute: async (stmt: InStatement) => {
          log.push(`tx ${typeof stmt === 'string' ? stmt : stmt.sql}`);
          return result;
        },
        async commit() {
          if (failCommit) {
            failCommit = false;
            throw new Error('commit failed');
          }
          log.push('COMMIT');
          closed = true;
          inTransaction = false;
        },
        async rollback() {
          log.push('ROLLBACK');
          closed = true;
          inTransaction = false;
        },
        close() {
          closed = true;
          inTransaction = false;
        },
      };
      return tx as unknown as Transaction;
    },
  } as unknown as Client;
  return { client, log, failNextCommit: () => void (failCommit = true) };
}

/** Lets every queued promise callback run, so a statement that could go has gone. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('one statement at a time on a replica’s connection', () => {
  it('holds a read made during another write until that write commits, instead of its being refused', async () => {
    const fake = fakeReplica();
    const gated = oneStatementAtATime(fake.client);
    const tx = await gated.transaction('write');
    await tx.execute('INSERT 1');
    const read = gated.execute('SELECT other request');
    await settle();
    expect(fake.log).toEqual(['BEGIN', 'tx INSERT 1']);
    await tx.commit();
    await read;
    expect(fake.log).toEqual(['BEGIN', 'tx INSERT 1', 'COMMIT', 'SELECT other request']);
  });

  it('lets the write’s own work through while it holds the connection (it would wait for itself)', async () => {
    const fake = fakeReplica();
    const gated = oneStatementAtATime(fake.client);
    const tx = await gated.transaction('write');
    // As before the gate: the replica refuses it, rather than the process hanging on itself.
    await expect(insideWrite(() => gated.execute('SELECT inside the write'))).rejects.toThrow('TRANSACTION_ACTIVE');
    await tx.commit();
    expect(fake.log).toEqual(['BEGIN', 'COMMIT']);
  });

  it('keeps waiting through a failed commit until the rollback closes the transaction', async () => {
    const fake = fakeReplica();
    const gated = oneStatementAtATime(fake.client);
    const tx = await gated.transaction('write');
    const read = gated.execute('SELECT after');
    fake.failNextCommit();
    await expect(tx.commit()).rejects.toThrow('commit failed');
    await settle();
    expect(fake.log).toEqual(['BEGIN']);
    await tx.rollback();
    await read;
    expect(fake.log).toEqual(['BEGIN', 'ROLLBACK', 'SELECT after']);
  });

  it('queues a second transaction, and batches, behind the first', async () => {
    const fake = fakeReplica();
    const gated = oneStatementAtATime(fake.client);
    const first = await gated.transaction('write');
    const second = gated.transaction('write');
    const batch = gated.batch(['SELECT a', 'SELECT b']);
    await settle();
    expect(fake.log).toEqual(['BEGIN']);
    await first.commit();
    // The second transaction asked first: it has the connection next, and the batch waits for it too.
    const tx = await second;
    await settle();
    expect(fake.log).toEqual(['BEGIN', 'COMMIT', 'BEGIN']);
    await tx.commit();
    await batch;
    expect(fake.log).toEqual(['BEGIN', 'COMMIT', 'BEGIN', 'COMMIT', 'SELECT a', 'SELECT b']);
  });
});
