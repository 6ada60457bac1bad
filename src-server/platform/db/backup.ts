// Consistent copies of a live embedded database by VACUUM INTO, and a restore that checks the copy and swaps it in
// by rename, so a crash leaves the old file or the new, never a mix (docs/operations.md#backups-and-restore).
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, copyFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Libsql from 'libsql';
import { DATABASE_FILE_MODE, DATABASE_FOLDER_MODE, filePathOf, ownerOnly } from './client';

export class BackupError extends Error {}

/** The path of an embedded database URL ('file:…'), or a BackupError for a libSQL server. */
export function embeddedPath(url: string): string {
  if (!url.startsWith('file:')) throw new BackupError('Backups here are of the embedded database file; a libSQL server keeps its own (see its documentation).');
  const path = filePathOf(url);
  if (path === ':memory:' || path === '') throw new BackupError('An in-memory database has nothing to back up.');
  return path;
}

/** 'ok', or the problems PRAGMA integrity_check reports. */
export function integrityOf(path: string): string {
  const conn = new Libsql(path, { readonly: true });
  try {
    const rows = conn.prepare('PRAGMA integrity_check').raw(true).all() as Array<[string]>;
    return rows.map((r) => r[0]).join('; ');
  } finally {
    conn.close();
  }
}

/** Writes a consistent copy of the live database at `source` to `target` (which must not exist yet). */
export function backupDatabase(source: string, target: string): void {
  if (!existsSync(source)) throw new BackupError(`No database at ${source}`);
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose a new name`);
  mkdirSync(dirname(target), { recursive: true, mode: DATABASE_FOLDER_MODE });
  // VACUUM INTO writes into an empty file as into a new one, and keeps its mode (it would create one 0644).
  closeSync(openSync(target, 'wx', DATABASE_FILE_MODE));
  try {
    const conn = new Libsql(source, { timeout: 5000 });
    try {
      conn.prepare('VACUUM INTO ?').run(target);
    } finally {
      conn.close();
    }
  } catch (err) {
    // No empty file left behind under the name the next attempt may ask for.
    rmSync(target, { force: true });
    throw err;
  }
  const check = integrityOf(target);
  if (check !== 'ok') {
    rmSync(target, { force: true });
    throw new BackupError(`The copy failed its integrity check: ${check}`);
  }
}

/** Puts the backup at `backup` in place of the database at `target`. The server must be stopped. */
export function restoreDatabase(backup: string, target: string): void {
  if (!existsSync(backup)) throw new BackupError(`No backup at ${backup}`);
  const check = integrityOf(backup);
  if (check !== 'ok') throw new BackupError(`The backup failed its integrity check: ${check}`);
  mkdirSync(dirname(target), { recursive: true, mode: DATABASE_FOLDER_MODE });
  const incoming = `${target}.restoring`;
  copyFileSync(backup, incoming);
  // The copy takes the backup's mode, which an older backup may have had wider.
  ownerOnly(incoming);
  for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
  renameSync(incoming, target);
}
