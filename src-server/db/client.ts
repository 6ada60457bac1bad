import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { clientHotReads, nativeHotReads, type HotReads } from './hot-reads';
import * as schema from './schema/index';

export type Db = LibSQLDatabase<typeof schema>;
/** A transaction handle: the same query API as Db, bound to one immediate transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  client: Client;
  /**
   * Where writes go (db/writer.ts). For an embedded file, a connection of its own that never sleeps in SQLite's
   * busy handler (busy timeout 0): the writer waits for another process's write lock in the event loop instead,
   * so this process keeps answering meanwhile (docs/operations.md#several-server-processes). Else `db` itself.
   */
  writeDb: Db;
  /** The per-request reads, on the fastest path this database allows (see hot-reads.ts). */
  hot: HotReads;
  close(): void;
}

export interface DatabaseOptions {
  url: string;
  authToken?: string | undefined;
}

/**
 * Busy timeout for embedded files: how long a statement waits for a lock another process holds. Reads in WAL mode
 * seldom wait at all; writes wait in the writer (db/writer.ts) for as long, but without blocking the event loop.
 */
export const BUSY_TIMEOUT_MS = 5000;

export async function openDatabase({ url, authToken }: DatabaseOptions): Promise<Database> {
  const isFile = url.startsWith('file:');
  const path = isFile ? filePathOf(url) : null;
  if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  if (isFile) {
    // WAL is a property of the file and sticks. libSQL opens every pooled connection with
    // foreign_keys=ON and synchronous=FULL already (asserted by a test), so nothing per-connection is lost
    // when the pool opens another.
    await client.execute('PRAGMA journal_mode=WAL');
    await client.execute('PRAGMA synchronous=FULL');
    await client.execute('PRAGMA foreign_keys=ON');
  }
  const db = drizzle(client, { schema });
  // An in-memory database is private to its connection, so a second native one would see nothing.
  const onDisk = path !== null && path !== ':memory:';
  const hot = onDisk ? nativeHotReads(path, BUSY_TIMEOUT_MS) : clientHotReads(client);
  // One connection: the writer runs one transaction at a time.
  const writeClient = onDisk ? createClient({ url, timeout: 0, concurrency: 1 }) : null;
  return {
    db,
    client,
    writeDb: writeClient ? drizzle(writeClient, { schema }) : db,
    hot,
    close: () => {
      hot.close();
      writeClient?.close();
      client.close();
    },
  };
}

/** The file path of a 'file:' database URL ('file:./data/x.db', 'file:///abs/x.db?mode=…'). */
export function filePathOf(url: string): string {
  return url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length).split('?')[0]!;
}
