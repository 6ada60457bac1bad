import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema/index';

export type Db = LibSQLDatabase<typeof schema>;
/** A transaction handle: the same query API as Db, bound to one immediate transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  client: Client;
  close(): void;
}

export interface DatabaseOptions {
  url: string;
  authToken?: string | undefined;
}

/** Busy timeout for embedded files: several processes may write, and each waits its turn. */
const BUSY_TIMEOUT_MS = 5000;

export async function openDatabase({ url, authToken }: DatabaseOptions): Promise<Database> {
  const isFile = url.startsWith('file:');
  if (isFile) ensureFolder(url);
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
  return { db, client, close: () => client.close() };
}

function ensureFolder(url: string): void {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length).split('?')[0]!;
  if (path === ':memory:' || path === '') return;
  mkdirSync(dirname(path), { recursive: true });
}
