// Migration 0012 on a database made before accounts confirmed their addresses (docs/product.md#e-mail-confirmation):
// an account that accepted an invitation counts as confirmed; every other account is asked to confirm; requests of a
// confirmed account's address become its own; a request whose policy lost its account (deleted) is never claimed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/platform/db/client';
import { freshDatabase, migrationsUpTo } from './test-database';

const dir = mkdtempSync(join(tmpdir(), 'kerbside-0012-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('confirms invited accounts, claims their requests, and keeps a deleted account from handing its requests on', async () => {
  const { all: folder, upTo: before } = migrationsUpTo(dir, 11);

  const store = await freshDatabase(dir, 'old.db');
  const database = await openDatabase({ url: store.url });
  try {
    await migrate(database.db, { migrationsFolder: before });
    const run = (sql: string) => database.client.execute(sql);
    await run(`insert into users (id, username, email, password_hash, created_at, updated_at) values
      (1, 'invited', 'Invited@Example.test', 'x', 0, 0), (2, 'registered', 'registered@example.test', 'x', 0, 0)`);
    await run(`insert into password_reset_tokens (user_id, token_hash, purpose, expires_at, used_at, created_at) values
      (1, 'a', 'invite', 10, 5, 0), (2, 'b', 'reset', 10, 6, 0)`);
    await run(`insert into policies (id, policy_number, user_id, holder_name, car_model, driver_name, license_number, start_date, start_time, end_date, end_time, start_at, end_at, created_at, updated_at)
      values (7, 'KC-ORPHAN', null, 'A', 'B', 'A', 'L', '2026-01-01', '09:00', '2026-01-02', '09:00', 0, 1, 0, 0)`);
    const request = (ref: string, email: string, policyId: number | null) =>
      run(`insert into quote_requests (reference, first_name, last_name, email, phone, postcode, details, fingerprint, policy_id, created_at, updated_at)
        values ('${ref}', 'F', 'L', '${email}', '0', 'P', '{}', '${ref}', ${policyId ?? 'null'}, 0, 0)`);
    await request('QR-INVITED', 'invited@example.test', null);
    await request('QR-REGISTERED', 'registered@example.test', null);
    await request('QR-DELETED', 'gone@example.test', 7);
    await request('QR-NOBODY', 'nobody@example.test', null);

    await migrate(database.db, { migrationsFolder: folder });

    const users = await run('select id, email_verified_at from users order by id');
    expect(users.rows.map((r) => [r['id'], r['email_verified_at']])).toEqual([
      [1, 5],
      [2, null],
    ]);
    const requests = await run('select reference, user_id from quote_requests order by reference');
    expect(Object.fromEntries(requests.rows.map((r) => [r['reference'], r['user_id']]))).toEqual({
      'QR-DELETED': 0,
      'QR-INVITED': 1,
      'QR-NOBODY': null,
      'QR-REGISTERED': null,
    });
  } finally {
    database.close();
    await store.close();
  }
});
