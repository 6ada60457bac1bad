// The real application on a small database of its own, for tests/bench/devices.ts and api-bench.ts: 200 customers
// with 5 policies and 5 quote requests each, and one admin. It runs inside whichever source tree is measured (the
// devices bench copies this file into each tree it compares), so it uses only what every tree has: openDatabase,
// migrateDatabase, createApp, createTokenService, and plain SQL for the rows (each tree's triggers keep its own
// derived tables). Tells its parent, over IPC, the tokens the load sends.
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { createApp } from '../../../src-server/app';
import { createTokenService } from '../../../src-server/platform/auth/tokens';
import { openDatabase } from '../../../src-server/platform/db/client';
import { migrateDatabase } from '../../../src-server/platform/db/migrate';

const CUSTOMERS = 200;
const POLICIES_EACH = Number(process.env.BENCH_POLICIES_EACH ?? 5);
const QUOTES_EACH = 5;
/** The customer whose token the load sends: one in the middle, so its reads are index seeks among others' rows. */
const BENCH_CUSTOMER = 101;

const database = await openDatabase({ url: process.env.DATABASE_URL! });
await migrateDatabase(database.db);
const c = database.client;
const now = Date.now();
const startAt = Date.UTC(2026, 6, 1, 8, 0);
if (Number((await c.execute('select count(*) from users')).rows[0]![0]) === 0) {
  const tx = await c.transaction('write');
  await tx.execute({
    sql: `insert into users (username, email, password_hash, is_admin, created_at, updated_at) values (?, ?, 'x', 1, ?, ?)`,
    args: ['benchadmin', 'benchadmin@example.test', now, now],
  });
  for (let u = 1; u <= CUSTOMERS; u++) {
    const id = Number(
      (await tx.execute({ sql: `insert into users (username, email, password_hash, created_at, updated_at) values (?, ?, 'x', ?, ?) returning id`, args: [`bench${u}`, `bench${u}@example.test`, now, now] }))
        .rows[0]![0],
    );
    for (let i = 0; i < POLICIES_EACH; i++) {
      await tx.execute({
        sql: `insert into policies (policy_number, user_id, holder_name, car_model, driver_name, license_number, registration, start_date, start_time,
          end_date, end_time, start_at, end_at, status, product, premium_pence, verify_code, created_at, updated_at)
          values (?, ?, 'Bench Holder', 'Ford Fiesta 1.0', 'Bench Driver', 'BENCH701015A99AA', 'AB12 CDE', '2026-07-01', '09:00', '2026-07-08', '23:59', ?, ?, 'active', 'temporary', 4250, ?, ?, ?)`,
        args: [`KC-B${String(u).padStart(4, '0')}${String(i).padStart(3, '0')}`, id, startAt + i * 60_000, startAt + 7 * 86_400_000, `VB${String(u).padStart(6, '0')}${String(i).padStart(6, '0')}`, now, now],
      });
    }
    for (let i = 0; i < QUOTES_EACH; i++) {
      await tx.execute({
        sql: `insert into quote_requests (reference, status, first_name, last_name, email, phone, postcode, details, fingerprint, product, user_id, due_at, created_at, updated_at)
          values (?, 'new', 'Bench', 'Customer', ?, '07700900000', 'SW1A 1AA', '{}', ?, 'temporary', ?, ?, ?, ?)`,
        args: [`QB${String(u).padStart(4, '0')}${i}`, `bench${u}@example.test`, `fp-${u}-${i}`, id, now - i * 60_000 + 86_400_000, now - i * 60_000, now],
      });
    }
  }
  await tx.commit();
}

const secret = process.env.JWT_SECRET!;
const tokens = await createTokenService(secret);
const idOf = async (username: string) => Number((await c.execute({ sql: 'select id from users where username = ?', args: [username] })).rows[0]![0]);
const customer = await tokens.sign({ id: await idOf(`bench${BENCH_CUSTOMER}`), username: `bench${BENCH_CUSTOMER}`, isAdmin: false, isOwner: false, sessionVersion: 0 }, true, now);
const admin = await tokens.sign({ id: await idOf('benchadmin'), username: 'benchadmin', isAdmin: true, isOwner: false, sessionVersion: 0 }, true, now);

const { app } = await createApp({ database, jwtSecret: secret, logger: pino({ level: 'warn' }), staticRoot: null });
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  process.send?.({ ready: true, customerToken: customer.token, adminToken: admin.token }),
);
// Exit cleanly on SIGINT so a --cpu-prof run writes its profile.
process.on('SIGINT', () => process.exit(0));
