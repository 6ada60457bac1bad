import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));
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
