// Migration 0014 on a database made before policies recorded when they were first in force (docs/product.md#policies):
// active, expired and cancelled policies count as in force from their creation (a cancelled one may have been sold
// before it was cancelled); a pending one does not, and can still be deleted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/platform/db/client';
import { freshDatabase, migrationsUpTo } from './test-database';

const dir = mkdtempSync(join(tmpdir(), 'kerbside-0014-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('marks the policies that may have been sold as in force from their creation, and no pending one', async () => {
  const { all: folder, upTo: before } = migrationsUpTo(dir, 13);

  const store = await freshDatabase(dir, 'old.db');
  const database = await openDatabase({ url: store.url });
  try {
    await migrate(database.db, { migrationsFolder: before });
    const statuses = ['active', 'expired', 'cancelled', 'pending'];
    for (const [i, status] of statuses.entries()) {
      await database.client.execute({
        sql: `insert into policies (id, policy_number, holder_name, car_model, driver_name, license_number, start_date, start_time, end_date, end_time, start_at, end_at, status, created_at, updated_at)
          values (?, ?, 'A', 'B', 'A', 'L', '2026-01-01', '09:00', '2026-01-02', '09:00', 0, 1, ?, ?, 99)`,
        args: [i + 1, `KC-OLD${i}`, status, 1000 + i],
      });
    }

    await migrate(database.db, { migrationsFolder: folder });

    const rows = await database.client.execute('select status, in_force_at from policies order by id');
    expect(rows.rows.map((r) => [r['status'], r['in_force_at']])).toEqual([
      ['active', 1000],
      ['expired', 1001],
      ['cancelled', 1002],
      ['pending', null],
    ]);
  } finally {
    database.close();
    await store.close();
  }
});
