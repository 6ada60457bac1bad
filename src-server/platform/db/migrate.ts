import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client';

/** The repository's drizzle/ folder, found above this module (the source tree, or a bundle built elsewhere in it). */
function migrationsFolder(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return join(dir, 'drizzle');
    if (dirname(dir) === dir) throw new Error(`migrations: no drizzle/meta/_journal.json above ${fileURLToPath(import.meta.url)}`);
  }
}
const MIGRATIONS_FOLDER = migrationsFolder();
const ATTEMPTS = 3;

/**
 * Applies the pending migrations in one transaction. Processes starting together race: the loser's transaction
 * fails whole, and its next try finds them applied (docs/operations.md#several-server-processes).
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
