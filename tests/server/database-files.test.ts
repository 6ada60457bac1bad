// The embedded database's files are its owner's alone (docs/operations.md#embedded-file-default): a new database
// file, its -wal and -shm are 0600 and a folder made for it 0700, whatever the process's umask; a database left
// readable by everyone is narrowed when it is opened; a backup copy and a folder made for it likewise.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../src-server/platform/db/backup';
import { openDatabase } from '../../src-server/platform/db/client';
import { migrateDatabase } from '../../src-server/platform/db/migrate';
import { onServer } from './test-database';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
const modesOf = (db: string) => [db, `${db}-wal`, `${db}-shm`].map(modeOf);

let base: string;
let umask: number;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'kerbside-files-'));
  // The usual umask, which leaves what SQLite creates readable by everyone; set here so the test does not depend on the machine's.
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
  rmSync(base, { recursive: true, force: true });
});

// A libSQL server keeps its own files: what the app can make private is the embedded file alone.
describe.skipIf(onServer)('the embedded database file (embedded file only)', () => {
  it('a new one: the folder made for it is 0700, the file, its -wal and -shm 0600', async () => {
    const folder = join(base, 'new', 'data');
    const file = join(folder, 'kerbside.db');
    const database = await openDatabase({ url: `file:${file}` });
    try {
      await migrateDatabase(database.db);
      await database.client.execute("insert into housekeeping (task, done_at) values ('files-test', 1)");
      expect(modeOf(folder)).toBe('700');
      expect(modesOf(file)).toEqual(['600', '600', '600']);
    } finally {
      database.close();
    }
  });

  it('an existing one readable by everyone, in a folder readable by everyone: narrowed when opened', async () => {
    const folder = join(base, 'existing');
    const file = join(folder, 'kerbside.db');
    mkdirSync(folder, { mode: 0o755 });
    // Made as an older build made it: by libSQL itself, in WAL mode, left with its -wal and -shm.
    const old = createClient({ url: `file:${file}` });
    await old.execute('PRAGMA journal_mode=WAL');
    await old.execute('create table kept (x)');
    chmodSync(folder, 0o755);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);
    expect([modeOf(folder), ...modesOf(file)]).toEqual(['755', '644', '644', '644']);

    const database = await openDatabase({ url: `file:${file}` });
    try {
      expect((await database.client.execute('select count(*) n from kept')).rows[0]!['n']).toBe(0);
      expect([modeOf(folder), ...modesOf(file)]).toEqual(['700', '600', '600', '600']);
    } finally {
      database.close();
      old.close();
    }
  });

  it('a backup: the folder made for it is 0700 and the copy 0600', async () => {
    const file = join(base, 'new', 'data', 'kerbside.db');
    const copy = join(base, 'backups', 'kerbside-copy.db');
    backupDatabase(file, copy);
    expect([modeOf(join(base, 'backups')), modeOf(copy)]).toEqual(['700', '600']);
  });
});
