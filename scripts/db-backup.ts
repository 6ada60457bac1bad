// `npm run db:backup [-- --out FILE]`: a consistent copy of DATABASE_URL's file, taken while the server runs,
// to FILE or data/backups/kerbside-<UTC time>.db. `npm run db:restore -- FILE`: puts a copy back (stop the
// server first). README.md "Backups" has the whole procedure.
import { join } from 'node:path';
import { backupDatabase, BackupError, embeddedPath, restoreDatabase } from '../src-server/platform/db/backup';

function argAfter(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function main(): void {
  const url = process.env.DATABASE_URL ?? 'file:./data/kerbside.db';
  const dataDir = process.env.DATA_DIR ?? './data';
  const database = embeddedPath(url);
  if (process.argv.includes('--restore')) {
    const from = argAfter('--restore');
    if (!from) throw new BackupError('Say which backup to restore: npm run db:restore -- path/to/backup.db');
    restoreDatabase(from, database);
    console.log(`Restored ${from} to ${database}. Start the server again.`);
    return;
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const out = argAfter('--out') ?? join(dataDir, 'backups', `kerbside-${stamp}.db`);
  const started = Date.now();
  backupDatabase(database, out);
  console.log(`Backed up ${database} to ${out} in ${Date.now() - started} ms (integrity check: ok).`);
}

try {
  main();
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
