import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { clientHotReads, nativeHotReads, type HotReads } from './hot-reads';
import { oneStatementAtATime } from './one-connection';
import * as schema from './schema/index';
import { receiptedWrites, retryingReads } from './server';

export type Db = LibSQLDatabase<typeof schema>;
/** A transaction handle: the same query API as Db, bound to one immediate transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  client: Client;
  /**
   * Where writes go (db/writer.ts): for a file, a connection with busy timeout 0, as the writer waits for locks in
   * the event loop (docs/operations.md#several-server-processes); for a server, `db` itself, with receipts.
   */
  writeDb: Db;
  /** The per-request reads, on the fastest path this database allows (see hot-reads.ts). */
  hot: HotReads;
  close(): void;
}

export interface DatabaseOptions {
  url: string;
  authToken?: string | undefined;
  /** The server an embedded replica at `url` copies (docs/operations.md#an-embedded-replica-of-a-libsql-server). */
  syncUrl?: string | undefined;
  /** How often the replica pulls other processes' writes from its server (default 100 ms). */
  syncIntervalMs?: number | undefined;
}

/** How long an embedded file's statement waits for another process's lock (writes wait in the writer instead). */
export const BUSY_TIMEOUT_MS = 5000;

/** The embedded database's files (the file, its -wal and -shm) and its folder: its owner's alone (docs/operations.md#embedded-file-default). */
export const DATABASE_FILE_MODE = 0o600;
export const DATABASE_FOLDER_MODE = 0o700;

export async function openDatabase({ url, authToken, syncUrl, syncIntervalMs }: DatabaseOptions): Promise<Database> {
  if (syncUrl) return openReplica(url, syncUrl, authToken, syncIntervalMs ?? 100);
  const isFile = url.startsWith('file:');
  const path = isFile ? filePathOf(url) : null;
  const onDisk = path !== null && path !== '' && path !== ':memory:';
  if (onDisk) keepPrivate(path);
  const base = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  // A libSQL server can be out of reach for a moment, and its replicas lag: reads are tried again, and writes commit
  // with a receipt (db/server.ts; docs/operations.md#errors-from-a-libsql-server).
  const client = isFile ? base : retryingReads(base);
  // WAL sticks to the file; libSQL opens each pooled connection with foreign_keys=ON, synchronous=FULL (tested).
  if (isFile) for (const pragma of ['journal_mode=WAL', 'synchronous=FULL', 'foreign_keys=ON']) await client.execute(`PRAGMA ${pragma}`);
  // SQLite makes a new -wal and -shm with the database file's own mode; set here too, in case this build does not.
  if (onDisk) for (const suffix of ['-wal', '-shm']) ownerOnly(path + suffix);
  const db = drizzle(client, { schema });
  // An in-memory database is private to its connection, so a second native one would see nothing.
  const hot = onDisk ? nativeHotReads(path, BUSY_TIMEOUT_MS) : clientHotReads(client);
  // One connection: the writer runs one transaction at a time.
  const writeClient = onDisk ? createClient({ url, timeout: 0, concurrency: 1 }) : null;
  return {
    db,
    client,
    writeDb: writeClient ? drizzle(writeClient, { schema }) : isFile ? db : drizzle(receiptedWrites(base), { schema }),
    hot,
    close: () => {
      hot.close();
      writeClient?.close();
      base.close();
    },
  };
}

// An embedded replica of a libSQL server (docs/operations.md#which-way-to-reach-a-libsql-server): local reads, writes
// sent to the server. Per-request reads go through the client: the file is libSQL's, not for a second connection.
async function openReplica(url: string, syncUrl: string, authToken: string | undefined, syncIntervalMs: number): Promise<Database> {
  if (!url.startsWith('file:')) throw new Error('an embedded replica needs a file: DATABASE_URL');
  const path = filePathOf(url);
  // The folder as for a file; the files are libSQL's to create (an empty one made beforehand is no replica to it).
  keepFolderPrivate(dirname(path));
  // One connection: a read waits while another request's write holds it, rather than being refused (one-connection.ts).
  const client = oneStatementAtATime(createClient({ url, syncUrl, authToken, syncInterval: syncIntervalMs / 1000 }));
  // The server's state before anything is read (the migrations compare against it).
  await client.sync();
  for (const suffix of ['', '-wal', '-shm', '-client_wal_index']) ownerOnly(path + suffix);
  const db = drizzle(client, { schema });
  return { db, client, writeDb: db, hot: clientHotReads(client), close: () => client.close() };
}

/**
 * The database holds password hashes: owner-only (docs/operations.md#embedded-file-default). A missing file is made
 * empty and 0600 before libSQL would make it 0644; existing ones are narrowed unless another user owns them.
 */
export function keepPrivate(path: string): void {
  keepFolderPrivate(dirname(path));
  closeSync(openSync(path, 'a', DATABASE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) ownerOnly(file);
}

/** The database's folder: made owner-only when missing, narrowed when it exists, unless it is a shared (sticky) one. */
function keepFolderPrivate(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: DATABASE_FOLDER_MODE });
  const stat = statSync(folder);
  if ((stat.mode & 0o1000) === 0) ownerOnly(folder);
}

/** Takes group's and others' access away from a file or folder this user owns; one missing or another user's is left alone. */
export function ownerOnly(file: string): void {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return;
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return;
  if ((stat.mode & 0o077) !== 0) chmodSync(file, stat.mode & 0o7700);
}

/** The file path of a 'file:' database URL ('file:./data/x.db', 'file:///abs/x.db?mode=…'). */
export function filePathOf(url: string): string {
  return url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length).split('?')[0]!;
}
