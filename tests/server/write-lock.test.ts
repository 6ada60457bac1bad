// Waiting for another process's write lock (src-server/platform/db/writer.ts, docs/operations.md#several-server-processes):
// the wait happens in the event loop, never in SQLite's busy handler on the main thread, and a write that waited
// in vain leaves the connection fit for the next one. The other process is played by a second native connection
// on the same file, holding BEGIN IMMEDIATE.
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Libsql from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitThrottle } from '../../src-server/platform/auth/throttle';
import { createWriter } from '../../src-server/platform/db/writer';
import { createHarness, type Harness } from './harness';
import { onServer } from './test-database';

// All of it is about the embedded file's write lock and the connection that waits for it: a libSQL server takes
// writes over the network, with no file lock for this process to wait on (docs/operations.md#the-tests-on-a-libsql-server).
describe.skipIf(onServer)('the database file’s write lock (embedded file only)', () => {
  let h: Harness;
  let other: Libsql.Database;
  beforeAll(async () => {
    h = await createHarness();
    other = new Libsql(join(h.dir, 'test.db'), { timeout: 0 });
  });
  afterAll(async () => {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    await h.close();
  });

  const RULE = { limit: 100, windowMs: 60_000 };
  const countOf = (key: string) => (other.prepare('select count from throttle where key = ?').raw(true).get(key) as [number] | undefined)?.[0];

  describe('the write connection', () => {
    it('is its own, with no busy timeout, and keeps foreign keys and full synchronous writes', async () => {
      expect(h.database.writeDb).not.toBe(h.database.db);
      const pragma = async (name: string) => Object.values((await h.database.writeDb.all<Record<string, unknown>>(sql.raw(`PRAGMA ${name}`)))[0]!)[0];
      expect(await pragma('busy_timeout')).toBe(0);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('synchronous')).toBe(2);
    });
  });

  describe('a write while another process holds the write lock', () => {
    it('waits with the event loop turning, and writes once the lock is let go', async () => {
      other.exec('BEGIN IMMEDIATE');
      // The lock is let go by a timer on this very event loop: a write waiting in SQLite's busy handler (the main
      // thread asleep) would never see it fire, and fail with SQLITE_BUSY after 5 s.
      const release = setTimeout(() => other.exec('ROLLBACK'), 300);
      let ticks = 0;
      let longest = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
        ticks++;
      }, 5);
      const started = performance.now();
      try {
        await h.deps.write((tx) => hitThrottle(tx, 'write-lock:waited', RULE, h.clock.now()));
      } finally {
        clearInterval(ticker);
        clearTimeout(release);
        if (other.inTransaction) other.exec('ROLLBACK');
      }
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(countOf('write-lock:waited')).toBe(1);
      expect(ticks).toBeGreaterThan(20);
      expect(longest).toBeLessThan(150);
    });

    it('fails with SQLITE_BUSY once its wait is over, and leaves the connection fit for the writes after it', async () => {
      const write = createWriter(h.database.writeDb, undefined, 200);
      other.exec('BEGIN IMMEDIATE');
      try {
        await expect(write((tx) => hitThrottle(tx, 'write-lock:refused', RULE, h.clock.now()))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      } finally {
        other.exec('ROLLBACK');
      }
      expect(countOf('write-lock:refused')).toBeUndefined();
      // libsql left the refused BEGIN running on the connection, and every COMMIT there failed ('SQL statements in
      // progress') until the writer replaced it.
      for (let i = 0; i < 3; i++) await write((tx) => hitThrottle(tx, 'write-lock:after', RULE, h.clock.now()));
      expect(countOf('write-lock:after')).toBe(3);
    });
  });
});
