// Backups (issue: `npm run db:backup` writes a consistent copy of a live database; a documented restore;
// a test restores one and reads it back).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, BackupError, embeddedPath, integrityOf, restoreDatabase } from '../../src-server/platform/db/backup';
import { openDatabase } from '../../src-server/platform/db/client';
import { createHarness, validPolicy, type Harness } from './harness';
import { onServer } from './test-database';

const run = promisify(execFile);
let h: Harness;
let token: string;
const dbPath = () => join(h.dir, 'test.db');

async function tableCounts(url: string) {
  const database = await openDatabase({ url });
  try {
    const rs = await database.client.execute(
      'select (select count(*) from users) users, (select count(*) from policies) policies, (select group_concat(policy_number) from policies) numbers',
    );
    return rs.rows[0]!;
  } finally {
    database.close();
  }
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'backupowner', isOwner: true });
  token = await h.tokenFor('backupowner');
  for (let i = 0; i < 5; i++) {
    expect((await h.request('POST', '/api/admin/policies', { token, body: { ...validPolicy, holderName: `Backup Holder ${i}` } })).status).toBe(201);
  }
});
afterAll(() => h.close());

// Backups here are of the embedded file (VACUUM INTO, integrity checks, a restore by rename: db/backup.ts); a libSQL
// server keeps its own (docs/operations.md#backups-and-restore).
describe.skipIf(onServer)('backup and restore (embedded file only)', () => {
  it('copies a live database while writes go on, and the restored copy reads back the same rows', async () => {
    const target = join(h.dir, 'backups', 'live.db');
    // Writes in flight around the copy: the copy holds one consistent snapshot, with or without them.
    const writes = Promise.all(
      Array.from({ length: 10 }, (_, i) => h.request('POST', '/api/admin/policies', { token, body: { ...validPolicy, holderName: `During ${i}` } })),
    );
    backupDatabase(dbPath(), target);
    for (const res of await writes) expect(res.status).toBe(201);
    expect(integrityOf(target)).toBe('ok');
    const copied = await tableCounts(`file:${target}`);
    expect(Number(copied['policies'])).toBeGreaterThanOrEqual(5);
    expect(Number(copied['policies'])).toBeLessThanOrEqual(15);

    // Restore it over another database (as after losing the live one) and read it back.
    const restoredPath = join(h.dir, 'restored', 'kerbside.db');
    mkdirSync(join(h.dir, 'restored'));
    writeFileSync(restoredPath + '-wal', 'stale wal of the old database');
    restoreDatabase(target, restoredPath);
    expect(existsSync(restoredPath + '-wal')).toBe(false);
    expect(await tableCounts(`file:${restoredPath}`)).toEqual(copied);
    const restored = await openDatabase({ url: `file:${restoredPath}` });
    try {
      const rs = await restored.client.execute("select holder_name from policies where holder_name like 'Backup Holder%' order by id");
      expect(rs.rows.map((r) => r['holder_name'])).toEqual(['Backup Holder 0', 'Backup Holder 1', 'Backup Holder 2', 'Backup Holder 3', 'Backup Holder 4']);
    } finally {
      restored.close();
    }
  });

  it('refuses to overwrite, to restore a damaged file, and to back up a libSQL server or memory', async () => {
    const target = join(h.dir, 'backups', 'once.db');
    backupDatabase(dbPath(), target);
    expect(() => backupDatabase(dbPath(), target)).toThrow(BackupError);
    const damaged = join(h.dir, 'damaged.db');
    writeFileSync(damaged, 'SQLite format 3\0 but not really');
    expect(() => restoreDatabase(damaged, join(h.dir, 'never.db'))).toThrow();
    expect(existsSync(join(h.dir, 'never.db'))).toBe(false);
    expect(() => embeddedPath('libsql://db.example.turso.io')).toThrow(BackupError);
    expect(() => embeddedPath('file::memory:')).toThrow(BackupError);
    expect(embeddedPath('file:./data/kerbside.db')).toBe('./data/kerbside.db');
  });

  it('npm run db:backup and db:restore work from the command line', async () => {
    const out = join(h.dir, 'cli', 'copy.db');
    const env = { ...process.env, DATABASE_URL: `file:${dbPath()}` };
    const backup = await run('npx', ['tsx', 'scripts/db-backup.ts', '--out', out], { env });
    expect(backup.stdout).toContain(`to ${out}`);
    expect(integrityOf(out)).toBe('ok');
    const restoredPath = join(h.dir, 'cli', 'restored.db');
    const restore = await run('npx', ['tsx', 'scripts/db-backup.ts', '--restore', out], { env: { ...process.env, DATABASE_URL: `file:${restoredPath}` } });
    expect(restore.stdout).toContain(`Restored ${out}`);
    expect(await tableCounts(`file:${restoredPath}`)).toEqual(await tableCounts(`file:${out}`));
    const missing = await run('npx', ['tsx', 'scripts/db-backup.ts', '--restore'], { env }).catch((e: { code: number; stderr: string }) => e);
    expect((missing as { code: number }).code).toBe(1);
    expect((missing as { stderr: string }).stderr).toContain('Say which backup to restore');
  }, 60_000);
});
