import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client';

/**
 * The committed migrations: the repository's drizzle/ folder, found above this module wherever it runs from (the
 * source tree, or a bundle of the server built elsewhere in the repository: tests/process/real-server.ts).
 */
function migrationsFolder(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return join(dir, 'drizzle');
    if (dirname(dir) === dir) throw new Error(`migrations: no drizzle/meta/_journal.json above ${fileURLToPath(import.meta.url)}`);
  }
}
const MIGRATIONS_FOLDER = migrationsFolder();
const ATTEMPTS = 3;

/**
 * Applies the committed drizzle-kit migrations (and the custom SQL ones among them), all pending ones in one
 * transaction. Processes started together on a new database file, or after an upgrade, each find the same
 * migrations missing and race to apply them: the loser's transaction fails whole ('table … already exists') once
 * the winner's has committed, and its next look finds them applied (docs/operations.md#several-server-processes).
 */
export async function migrateDatabase(db: Db): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      return;
    } catch (err) {
      if (attempt >= ATTEMPTS) throw err;
    }
  }
}
