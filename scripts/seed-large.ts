// `npm run db:seed:large [-- --users N --policies N --logs N]`: a large, realistic data set for the admin search
// benchmark. DATABASE_URL (default file:./data/kerbside.db) is migrated first; rows are added through the raw
// @libsql/client in large write transactions of prepared multi-row INSERTs (the FTS and counter triggers run
// as they would for the app), then the search indexes are merged as after any bulk load (search-index.ts).
// Deterministic: the same flags give the same rows.
import { hashPassword } from '../src-server/platform/auth/password';
import { openDatabase } from '../src-server/platform/db/client';
import { migrateDatabase } from '../src-server/platform/db/migrate';
import { optimizeSearchIndexes } from '../src-server/platform/db/search-index';
import type { Client, InStatement } from '@libsql/client';

const FIRST = ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Ava', 'Noah', 'Mia', 'Jack', 'Ivy', 'Leo', 'Lily', 'Arthur', 'Freya', 'Oscar', 'Grace', 'Charlie', 'Sophie', 'Alfie', 'Evie', 'Thomas', 'Poppy', 'James', 'Emily', 'William', 'Ella', 'Henry', 'Rosie', 'Archie', 'Florence', 'Joshua', 'Chloe', 'Samuel', 'Megan', 'Daniel', 'Hannah', 'Rhys', 'Siobhan', 'Callum', 'Niamh', 'Priya', 'Arjun', 'Aisha', 'Mohammed', 'Fatima', 'Kwame', 'Zofia', 'Tomasz', 'Eilidh', 'Dafydd'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel', 'Khan', 'Lewis', 'Harris', 'Martin', 'Cooper', 'King', 'Baker', 'Hughes', 'Edwards', 'Turner', 'Hill', 'Moore', 'Clark', 'Ward', 'Morris', 'Watson', 'Fletcher', 'Holmes', 'Ahmed', 'Singh', 'MacDonald', 'Campbell', 'Stewart', 'Murray', 'OBrien', 'Kowalski', 'Nowak', 'Okafor', 'Pemberton'];
const CARS = ['Ford Fiesta', 'Ford Focus', 'Vauxhall Corsa', 'Vauxhall Astra', 'Volkswagen Golf', 'Volkswagen Polo', 'Nissan Qashqai', 'BMW 3 Series', 'BMW 1 Series', 'Mercedes A-Class', 'Audi A3', 'Toyota Yaris', 'Toyota Corolla', 'Kia Sportage', 'Hyundai Tucson', 'Mini Cooper', 'Peugeot 208', 'Renault Clio', 'Skoda Octavia', 'Land Rover Defender', 'Range Rover Evoque', 'Tesla Model 3', 'Honda Civic', 'Fiat 500', 'Dacia Sandero', 'Citroen C3', 'Mazda MX-5', 'Volvo XC40', 'Jaguar XE', 'Seat Ibiza'];
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PLATE_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number`);
  return n;
}

/** mulberry32: a small fast deterministic PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MASK50 = (1n << 50n) - 1n;
const MULT = 0x2545f4914f6cdn | 1n; // odd, so i -> i*MULT mod 2^50 is a bijection: numbers never clash.
/** 'KC-' + 10 Crockford characters (50 bits), unique per index and scattered like the random ones. */
export function seededPolicyNumber(i: number): string {
  let v = ((BigInt(i) * MULT) + 0x1a2b3c4dn) & MASK50;
  let out = '';
  for (let k = 0; k < 10; k++) {
    out = CROCKFORD[Number(v & 31n)]! + out;
    v >>= 5n;
  }
  return `KC-${out}`;
}

/** A verification code (20 Crockford characters, as generateVerifyCode makes): unique per index, not random. */
export function seededVerifyCode(i: number): string {
  const number = seededPolicyNumber(i).slice(3);
  return `${number}${[...number].reverse().join('')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

export interface SeedOptions {
  users: number;
  policies: number;
  /** Rows per INSERT statement and statements per transaction. */
  rowsPerStatement?: number;
  statementsPerTx?: number;
  log?: (line: string) => void;
}

async function maxId(client: Client, table: string): Promise<number> {
  const rs = await client.execute(`SELECT coalesce(max(id), 0) AS m FROM ${table}`);
  return Number(rs.rows[0]!['m']);
}

async function insertBatched(
  client: Client,
  total: number,
  columns: string[],
  table: string,
  row: (i: number) => (string | number | null)[],
  opts: Required<Pick<SeedOptions, 'rowsPerStatement' | 'statementsPerTx'>> & { log: (l: string) => void },
): Promise<void> {
  const { rowsPerStatement, statementsPerTx, log } = opts;
  const placeholders = `(${columns.map(() => '?').join(',')})`;
  const fullSql = `INSERT INTO ${table} (${columns.join(',')}) VALUES ${Array(rowsPerStatement).fill(placeholders).join(',')}`;
  let done = 0;
  let lastLog = Date.now();
  while (done < total) {
    const stmts: InStatement[] = [];
    for (let s = 0; s < statementsPerTx && done < total; s++) {
      const n = Math.min(rowsPerStatement, total - done);
      const args: (string | number | null)[] = [];
      for (let k = 0; k < n; k++) args.push(...row(done + k));
      const text = n === rowsPerStatement ? fullSql : `INSERT INTO ${table} (${columns.join(',')}) VALUES ${Array(n).fill(placeholders).join(',')}`;
      stmts.push({ sql: text, args });
      done += n;
    }
    await client.batch(stmts, 'write');
    if (Date.now() - lastLog > 2000 || done === total) {
      log(`  ${table}: ${done.toLocaleString('en-GB')} / ${total.toLocaleString('en-GB')}`);
      lastLog = Date.now();
    }
  }
}

/** Adds `users` users and `policies` policies to a migrated database. */
export async function seedLarge(client: Client, options: SeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const batching = { rowsPerStatement: options.rowsPerStatement ?? 200, statementsPerTx: options.statementsPerTx ?? 100, log };
  const passwordHash = await hashPassword('seeded-password-123');
  const now = Date.UTC(2026, 6, 1, 12, 0, 0);
  const userBase = await maxId(client, 'users');
  const policyBase = await maxId(client, 'policies');
  const rand = rng(0xc0ffee + userBase + policyBase);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

  await insertBatched(
    client,
    options.users,
    ['username', 'email', 'password_hash', 'is_admin', 'is_owner', 'session_version', 'created_at', 'updated_at'],
    'users',
    (i) => {
      const first = pick(FIRST);
      const last = pick(LAST);
      const n = userBase + i + 1;
      const username = `${first.toLowerCase()}.${last.toLowerCase()}${n}`;
      return [username, `${username}@example.co.uk`, passwordHash, 0, 0, 0, now - (options.users - i) * 1000, now];
    },
    batching,
  );
  const userCount = await maxId(client, 'users');

  // Roughly as the broker sells: mostly temporary cover, then learners, then business use; most premiums
  // recorded; a few policies cancelled by staff (docs/product.md#policies).
  const statuses = ['active', 'active', 'active', 'expired', 'expired', 'pending', 'cancelled'] as const;
  const productOf = (r: number) => (r < 0.6 ? 'temporary' : r < 0.85 ? 'learner' : 'business');
  await insertBatched(
    client,
    options.policies,
    ['policy_number', 'user_id', 'holder_name', 'car_model', 'driver_name', 'license_number', 'registration', 'start_date', 'start_time', 'end_date', 'end_time', 'start_at', 'end_at', 'status', 'product', 'premium_pence', 'verify_code', 'ended_at', 'created_at', 'updated_at'],
    'policies',
    (i) => {
      const holder = `${pick(FIRST)} ${pick(LAST)}`;
      const driver = rand() < 0.7 ? holder : `${pick(FIRST)} ${holder.split(' ')[1]}`;
      const lastName = driver.split(' ')[1]!.toUpperCase().padEnd(5, '9').slice(0, 5);
      const licence = `${lastName}${Math.floor(rand() * 1e6).toString().padStart(6, '0')}AB9CD`;
      const L = () => PLATE_LETTERS[Math.floor(rand() * PLATE_LETTERS.length)]!;
      const registration = rand() < 0.95 ? `${L()}${L()}${pad(Math.floor(rand() * 75) + 1)} ${L()}${L()}${L()}` : null;
      const startAt = now - Math.floor(rand() * 365 * 86400) * 1000;
      const hours = [1, 3, 24, 72, 168, 720][Math.floor(rand() * 6)]!;
      const endAt = startAt + hours * 3600_000;
      const s = new Date(startAt);
      const e = new Date(endAt);
      const day = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
      const time = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
      const userId = userCount > 0 && rand() < 0.9 ? Math.floor(rand() * userCount) + 1 : null;
      const status = pick(statuses);
      const product = productOf(rand());
      const premiumPence = rand() < 0.85 ? 1900 + Math.floor(rand() * 48_100) : null;
      // As the service records it: cancelled half-way through (or now), expired at its end (or now).
      const endedAt = status === 'cancelled' ? Math.min(now, startAt + (endAt - startAt) / 2) : status === 'expired' ? Math.min(now, endAt) : null;
      return [seededPolicyNumber(policyBase + i + 1), userId, holder, pick(CARS), driver, licence, registration, day(s), time(s), day(e), time(e), startAt, endAt, status, product, premiumPence, seededVerifyCode(policyBase + i + 1), endedAt, startAt, startAt];
    },
    batching,
  );
  log('  merging the search indexes (optimize)');
  await optimizeSearchIndexes(client);
}

const STAFF = ['staff.alex', 'staff.bea', 'staff.chidi', 'staff.dana', 'staff.eoin', 'staff.farah'];

/**
 * Adds `count` audit log entries (docs/product.md#audit-log) as a busy broker's log would hold them: sign-ins
 * and sign-outs of the seeded users, refused sign-ins counted on their entries, staff work on policies, the
 * server's expiry sweep, quote requests; oldest first over the two years before the seed's "now". Names and
 * policy numbers are the seeded ones. Deterministic, like the rest.
 */
export async function seedLogs(client: Client, options: { count: number; log?: (line: string) => void; rowsPerStatement?: number; statementsPerTx?: number }): Promise<void> {
  const log = options.log ?? (() => {});
  const batching = { rowsPerStatement: options.rowsPerStatement ?? 200, statementsPerTx: options.statementsPerTx ?? 100, log };
  const now = Date.UTC(2026, 6, 1, 12, 0, 0);
  const span = 700 * 24 * 3600_000;
  const logBase = await maxId(client, 'audit_logs');
  const rand = rng(0x10ca7e + logBase);
  const names = (await client.execute('SELECT id, username FROM users ORDER BY id')).rows.map((r) => ({ id: Number(r['id']), username: String(r['username']) }));
  const policyCount = await maxId(client, 'policies');
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const someone = () => (names.length > 0 ? pick(names) : { id: Math.floor(rand() * 1e5) + 1, username: `${pick(FIRST).toLowerCase()}.${pick(LAST).toLowerCase()}` });
  const policyNumber = () => seededPolicyNumber(Math.floor(rand() * Math.max(policyCount, 1)) + 1);
  const reference = () => `Q-${Array.from({ length: 8 }, () => CROCKFORD[Math.floor(rand() * 32)]).join('')}`;
  await insertBatched(
    client,
    options.count,
    ['action', 'level', 'username', 'user_id', 'created_at', 'count', 'last_at'],
    'audit_logs',
    (i) => {
      const at = now - span + Math.floor(((i + 1) / options.count) * span);
      const r = rand();
      const u = someone();
      const staff = pick(STAFF);
      // [action, level, username, user_id, count, last_at]
      const row: [string, string, string | null, number | null, number, number | null] =
        r < 0.35 ? ['Login succeeded', 'info', u.username, u.id, 1, null]
        : r < 0.43 ? [`Login failed for ${u.username}`, 'warning', u.username, null, 1 + Math.floor(rand() * 5), at + 60_000]
        : r < 0.45 ? [`Login throttled for ${u.username}`, 'warning', u.username, null, 1 + Math.floor(rand() * 500), at + 600_000]
        : r < 0.60 ? ['Signed out', 'info', u.username, u.id, 1, null]
        : r < 0.70 ? [`Created new policy: ${policyNumber()}`, 'info', staff, null, 1, null]
        : r < 0.78 ? [`Updated policy: ${policyNumber()}`, 'info', staff, null, 1, null]
        : r < 0.86 ? [`Policy expired: ${policyNumber()}`, 'info', 'system', null, 1, null]
        : r < 0.90 ? [`Viewed policies of user #${u.id} (${u.username})`, 'info', staff, null, 1, null]
        : r < 0.93 ? [`Viewed certificate ${policyNumber()}`, 'info', staff, null, 1, null]
        : r < 0.97 ? [`Quote requested: ${reference()}`, 'info', null, null, 1, null]
        : r < 0.99 ? [`Registered new account: ${u.username}`, 'info', u.username, u.id, 1, null]
        : r < 0.998 ? ['Password reset requested', 'info', u.username, u.id, 1, null]
        : ['Mail delivery failed: connection refused', 'error', 'system', null, 1, null];
      const [action, level, username, userId, count, lastAt] = row;
      return [action, level, username, userId, at, count, lastAt];
    },
    batching,
  );
  log('  merging the search indexes (optimize)');
  await optimizeSearchIndexes(client);
}

async function main(): Promise<void> {
  const users = flag('users', 100_000);
  const policies = flag('policies', 1_000_000);
  const logs = flag('logs', 1_000_000);
  const url = process.env.DATABASE_URL ?? 'file:./data/kerbside.db';
  const started = Date.now();
  const database = await openDatabase({ url });
  try {
    await migrateDatabase(database.db);
    console.log(`seeding ${url}: ${users.toLocaleString('en-GB')} users, ${policies.toLocaleString('en-GB')} policies, ${logs.toLocaleString('en-GB')} log entries`);
    await seedLarge(database.client, { users, policies, log: (l) => console.log(l) });
    console.log(`adding ${logs.toLocaleString('en-GB')} audit log entries`);
    await seedLogs(database.client, { count: logs, log: (l) => console.log(l) });
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    database.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) await main();
