// Two processes started together on a new database (a file, or a libSQL server) both find every migration missing (src-server/platform/db/migrate.ts,
// docs/operations.md#several-server-processes). Played here by two connections in one process, whose migrations
// run one after the other from the same first look: the second's fails with 'table … already exists', and must not
// stop start-up (its next look finds them applied).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src-server/platform/db/client';
import { migrateDatabase } from '../../src-server/platform/db/migrate';
import { freshDatabase, type TestDatabase } from './test-database';

const dir = mkdtempSync(join(tmpdir(), 'kerbside-migrate-race-'));
const opened: Database[] = [];
let store: TestDatabase | undefined;
afterAll(async () => {
  for (const d of opened) d.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('applies the migrations once when two start-ups race for a new database, and both carry on', async () => {
  store = await freshDatabase(dir, 'new.db');
  const { url } = store;
  opened.push(await openDatabase({ url }), await openDatabase({ url }));
  const [a, b] = opened as [Database, Database];
  await expect(Promise.all([migrateDatabase(a.db), migrateDatabase(b.db)])).resolves.toEqual([undefined, undefined]);
  const applied = await a.client.execute('select count(*) n from __drizzle_migrations');
  const files = readdirSync(new URL('../../drizzle', import.meta.url)).filter((f) => f.endsWith('.sql'));
  expect(applied.rows[0]!['n']).toBe(files.length);
  const tables = await b.client.execute("select count(*) n from sqlite_master where type = 'table' and name = 'audit_logs'");
  expect(tables.rows[0]!['n']).toBe(1);
});
